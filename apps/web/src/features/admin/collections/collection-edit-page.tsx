import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  COLLECTION_LIMITS,
  CollectionCreateSchema,
  type AdminCollection,
  type AdminCollectionPiece,
  type CollectionCreate,
  type CollectionCreateInput,
} from '@boutique/contracts/admin-collections';
import { LANGUAGES, type Language } from '@boutique/contracts/constants';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessages, inputClass, ltrInputClass } from '@/components/ui/field';
import { paths } from '@/config/paths';
import {
  createCollection,
  deleteCollection,
  updateCollection,
  uploadCollectionImage,
  useAdminCollection,
  useRefreshCollections,
} from '../api/collections';
import { useAdminProducts } from '../api/products';
import { AdminPageHeader, QueryState, SearchBox, errorMessage } from '../components/admin-ui';
import { AuditLog } from '../components/audit-log';
import { staleRecord } from '../components/conflict';
import { LeaveGuard } from '../components/leave-guard';
import { PictureUploader } from '../components/picture-uploader';
import { messageAt, problemText } from '../components/problems';
import { PieceFace } from '../components/piece-face';
import { SeoFields } from '../components/seo-fields';

const emptyText = () => ({ en: '', fr: '', ar: '' });

const valuesOf = (c?: AdminCollection): CollectionCreateInput => ({
  slug: c?.slug ?? '',
  name: c?.name ?? emptyText(),
  description: c?.description ?? emptyText(),
  seo_title: c?.seo_title ?? emptyText(),
  seo_description: c?.seo_description ?? emptyText(),
  product_ids: [],
});

/** `/admin/collections/new` and `/admin/collections/:id`: one collection's texts, picture and pieces. */
export default function CollectionEditPage() {
  const { id } = useParams();
  const numeric = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const query = useAdminCollection(numeric);
  if (numeric === undefined) return <CollectionEditor />;
  if (!query.data) return <QueryState error={query.error} retry={() => void query.refetch()} />;
  return (
    <CollectionEditor
      key={`${query.data.collection.id}`}
      record={query.data.collection}
      audit={query.data.audit}
    />
  );
}

function CollectionEditor({
  record,
  audit,
}: {
  record?: AdminCollection;
  audit?: Parameters<typeof AuditLog>[0]['entries'];
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const navigate = useNavigate();
  const refresh = useRefreshCollections();
  const [base, setBase] = useState(record);
  const [pieces, setPieces] = useState<AdminCollectionPiece[]>(record?.products ?? []);
  const [stale, setStale] = useState<AdminCollection>();
  const [banner, setBanner] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [search, setSearch] = useState('');
  const curated = (base?.kind ?? 'curated') === 'curated';
  const found = useAdminProducts({ q: search || undefined, status: 'active', page: 1, per_page: 20 });
  const form = useForm<CollectionCreateInput, unknown, CollectionCreate>({
    resolver: zodResolver(CollectionCreateSchema),
    defaultValues: valuesOf(record),
    mode: 'onTouched',
  });
  const {
    register,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const piecesDirty = pieces.map((p) => p.id).join() !== (base?.products ?? []).map((p) => p.id).join();
  const problem = (path: string) => problemText(messageAt(errors, path), t);

  const save = async (values: CollectionCreate, version: number | undefined) => {
    setBanner(undefined);
    setSaved(false);
    const body = {
      ...values,
      slug: values.slug || undefined,
      product_ids: pieces.map((p) => p.id),
    };
    try {
      const res = base
        ? await updateCollection(base.id, { ...body, slug: curated ? body.slug : undefined, version })
        : await createCollection(body);
      const now = res.data.collection;
      await refresh();
      if (!base) {
        void navigate(paths.adminCollection.href(now.id), { replace: true });
        return;
      }
      setBase(now);
      setPieces(now.products);
      setStale(undefined);
      reset(valuesOf(now));
      setSaved(true);
    } catch (error) {
      const current = staleRecord<AdminCollection>(error);
      if (current) {
        setStale(current);
        return;
      }
      const fieldErrors = (error as { errors?: Record<string, string[]> }).errors ?? {};
      for (const [field, messages] of Object.entries(fieldErrors)) {
        setError(field as FieldPath<CollectionCreateInput>, { message: messages[0] });
      }
      setBanner(
        fieldErrors.product_ids?.[0] ??
          (Object.keys(fieldErrors).length ? undefined : errorMessage(error, t('errors.save'))),
      );
    }
  };

  const move = (from: number, to: number) =>
    setPieces((list) => {
      const next = [...list];
      const [piece] = next.splice(from, 1);
      if (piece) next.splice(to, 0, piece);
      return next;
    });
  const title = base ? base.name[lang] || base.name.en : t('collectionsEdit.new');

  return (
    <>
      <AdminPageHeader
        title={title}
        subtitle={base ? t(`collectionsEdit.kind.${base.kind}`) : t('collectionsEdit.newHint')}
        actions={
          <>
            <Link className="adm-small-btn" to={paths.adminCollections.href()}>
              {t('collectionsEdit.back')}
            </Link>
            {base && (
              <Link className="adm-small-btn" to={paths.collection.href(base.slug)}>
                {t('collections.inShop')}
              </Link>
            )}
          </>
        }
      />
      <form
        className="adm-form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => save(values, base?.version))(event)}
      >
        <fieldset className="adm-fieldset">
          <legend>{t('collectionsEdit.identity')}</legend>
          {curated && (
            <div className="adm-field">
              <label htmlFor="collection-slug">{t('form.slug')}</label>
              <input
                id="collection-slug"
                className={ltrInputClass}
                dir="ltr"
                placeholder={t('form.slugHint')}
                aria-invalid={problem('slug') ? true : undefined}
                {...register('slug', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v) })}
              />
              {problem('slug') && <p className="adm-error">{problem('slug')}</p>}
            </div>
          )}
          {(['name', 'description'] as const).map((field) => (
            <div key={field} role="group" aria-labelledby={`collection-${field}-label`} className="adm-field">
              <span id={`collection-${field}-label`} className="adm-group-label">
                {t(`form.${field}`)}
              </span>
              <div className="adm-langs">
                {LANGUAGES.map((lng) => {
                  const path = `${field}.${lng}` as const;
                  const text = problem(path);
                  const props = {
                    id: `collection-${field}-${lng}`,
                    lang: lng,
                    dir: lng === 'ar' ? 'rtl' : 'ltr',
                    className: inputClass,
                    maxLength: COLLECTION_LIMITS[field] + 50,
                    'aria-invalid': text ? true : undefined,
                    ...register(path),
                  } as const;
                  return (
                    <div key={lng} className="adm-field">
                      <label htmlFor={props.id}>
                        {t('form.inLanguage', { label: t(`form.${field}`), language: t(`languages.${lng}`) })}
                      </label>
                      {field === 'description' ? <textarea rows={3} {...props} /> : <input {...props} />}
                      {text && <p className="adm-error">{text}</p>}
                    </div>
                  );
                })}
              </div>
            </div>
          ))}
        </fieldset>

        <fieldset className="adm-fieldset">
          <legend>{t('collectionsEdit.piecesTitle')}</legend>
          <p className="adm-muted">
            {curated ? t('collectionsEdit.curatedHint') : t('collectionsEdit.categoryHint')}
          </p>
          {pieces.length === 0 ? (
            <p className="adm-muted">{t('collectionsEdit.noPieces')}</p>
          ) : (
            <ol className="adm-pieces" aria-label={t('collectionsEdit.piecesTitle')}>
              {pieces.map((p, index) => {
                const name = p.name[lang] || p.name.en;
                return (
                  <li key={p.id} className="adm-piece">
                    <PieceFace image={p.image} name={name}>
                      {p.status === 'inactive' && (
                        <span className="adm-muted"> · {t('productStatus.inactive')}</span>
                      )}
                    </PieceFace>
                    <span className="adm-actions">
                      <button
                        type="button"
                        className="adm-small-btn"
                        disabled={index === 0}
                        aria-label={t('collectionsEdit.pieceUp', { name })}
                        onClick={() => move(index, index - 1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="adm-small-btn"
                        disabled={index === pieces.length - 1}
                        aria-label={t('collectionsEdit.pieceDown', { name })}
                        onClick={() => move(index, index + 1)}
                      >
                        ↓
                      </button>
                      {curated && (
                        <button
                          type="button"
                          className="adm-small-btn"
                          data-danger="true"
                          aria-label={t('collectionsEdit.removePiece', { name })}
                          onClick={() => setPieces((list) => list.filter((x) => x.id !== p.id))}
                        >
                          ✕
                        </button>
                      )}
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
          {curated && (
            <div className="adm-stack">
              <SearchBox
                id="collection-find"
                label={t('collectionsEdit.findPiece')}
                value={search}
                onSearch={setSearch}
              />
              <ul className="adm-pieces" aria-label={t('collectionsEdit.found')}>
                {(found.data?.data ?? [])
                  .filter((p) => !pieces.some((x) => x.id === p.id))
                  .slice(0, 8)
                  .map((p) => {
                    const name = p.name[lang] || p.name.en;
                    return (
                      <li key={p.id} className="adm-piece">
                        <PieceFace image={p.image} name={name} />
                        <button
                          type="button"
                          className="adm-small-btn"
                          aria-label={t('collectionsEdit.addPiece', { name })}
                          onClick={() =>
                            setPieces((list) => [
                              ...list,
                              {
                                id: p.id,
                                slug: p.slug,
                                name: p.name,
                                status: p.status,
                                category: p.category,
                                image: p.image,
                              },
                            ])
                          }
                        >
                          +
                        </button>
                      </li>
                    );
                  })}
              </ul>
            </div>
          )}
        </fieldset>

        <SeoFields
          idPrefix="collection"
          register={(path) => register(path)}
          values={{ seo_title: watch('seo_title'), seo_description: watch('seo_description') }}
          problem={problem}
        />

        {stale && (
          <div className="adm-notice" role="alert">
            <p>{t('collectionsEdit.stale')}</p>
            <div className="adm-actions">
              <Button
                loading={isSubmitting}
                onClick={() => {
                  const latest = stale;
                  setBase(latest);
                  void form.handleSubmit((values) => save(values, latest.version))();
                }}
              >
                {t('collectionsEdit.reapply')}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setBase(stale);
                  setPieces(stale.products);
                  reset(valuesOf(stale));
                  setStale(undefined);
                }}
              >
                {t('collectionsEdit.discard')}
              </Button>
            </div>
          </div>
        )}
        <FormMessages error={banner} />
        <div className="adm-sticky-actions">
          <Button type="submit" loading={isSubmitting}>
            {base ? t('form.save') : t('collectionsEdit.create')}
          </Button>
          <p className="adm-saved" role="status">
            {saved && !isDirty && !piecesDirty ? t('form.saved') : ''}
          </p>
        </div>
        <LeaveGuard when={(isDirty || piecesDirty) && !isSubmitting} />
      </form>

      {base && (
        <section className="adm-card adm-stack" aria-labelledby="collection-picture">
          <h2 id="collection-picture">{t('collectionsEdit.picture')}</h2>
          {base.image && <img className="adm-collection-tile" src={base.image.url} alt="" />}
          <PictureUploader
            label={t('pictures.choose')}
            upload={async (file, onProgress) => {
              const res = await uploadCollectionImage(base.id, base.version, file, { onProgress });
              setBase(res.data.collection);
              await refresh();
            }}
          />
        </section>
      )}

      {base && (
        <section className="adm-card adm-stack" aria-labelledby="collection-delete">
          <h2 id="collection-delete">{t('collectionsEdit.deleteTitle')}</h2>
          <p className="adm-muted">
            {base.kind === 'category'
              ? t('collectionsEdit.deleteCategoryHint')
              : t('collectionsEdit.deleteHint')}
          </p>
          <div>
            <Button variant="outline" onClick={() => setDeleting(true)}>
              {t('collectionsEdit.delete')}
            </Button>
          </div>
        </section>
      )}
      {audit && <AuditLog entries={audit} />}

      <ConfirmDialog
        open={deleting}
        title={t('collectionsEdit.deleteConfirmTitle', { name: title })}
        confirmLabel={t('collectionsEdit.delete')}
        cancelLabel={t('cancel')}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          if (!base) return;
          deleteCollection(base.id, base.version)
            .then(async () => {
              await refresh();
              void navigate(paths.adminCollections.href());
            })
            .catch((error: unknown) => {
              setDeleting(false);
              setBanner(errorMessage(error, t('errors.save')));
            });
        }}
      >
        <p>{t('collectionsEdit.deleteText')}</p>
      </ConfirmDialog>
    </>
  );
}
