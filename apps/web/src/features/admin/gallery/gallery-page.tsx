import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@boutique/contracts/constants';
import type { AdminGallery } from '@boutique/contracts/admin';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import {
  deleteGallery,
  reorderGalleries,
  uploadGalleryScene,
  useAdminGalleries,
  useRefreshGalleries,
  useUpdateGallery,
} from '../api/galleries';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { AdminPageHeader, QueryState, errorMessage } from '../components/admin-ui';
import { ConflictNotice, staleRecord } from '../components/conflict';
import { LeaveGuard } from '../components/leave-guard';
import { PictureUploader } from '../components/picture-uploader';
import { SortablePictures } from '../components/sortable-pictures';
import { problemText } from '../components/problems';

type Captions = Record<Language, string>;
const noCaptions = (): Captions => ({ en: '', fr: '', ar: '' });

/** The home page's gallery scenes: add with a caption in each language, order, re-caption, remove. */
export default function GalleryPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const list = useAdminGalleries();
  const refresh = useRefreshGalleries();
  const [captions, setCaptions] = useState<Captions>(noCaptions);
  const [problem, setProblem] = useState<string>();
  const [editing, setEditing] = useState<number>();
  const [deleting, setDeleting] = useState<{ scene: AdminGallery; n: number }>();
  const [busy, setBusy] = useState(false);
  const ready = LANGUAGES.every((l) => captions[l].trim() !== '');
  const typed = LANGUAGES.some((l) => captions[l].trim() !== '');
  const versions = Object.fromEntries((list.data ?? []).map((g) => [String(g.id), g.version]));

  /** A write from the scenes as this page shows them; refused as stale, the page shows them as they are. */
  const run = async (work: () => Promise<unknown>) => {
    setProblem(undefined);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setProblem(staleRecord(error) ? t('conflict.scenesStale') : errorMessage(error, t('errors.save')));
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <>
      <AdminPageHeader title={t('gallery.title')} subtitle={t('gallery.subtitle')} />
      <section className="adm-card adm-stack" aria-labelledby="gallery-add">
        <h2 id="gallery-add">{t('gallery.add')}</h2>
        <CaptionFields idPrefix="new-caption" value={captions} onChange={setCaptions} />
        {!ready && <p className="adm-muted">{t('gallery.captionsFirst')}</p>}
        <PictureUploader
          label={t('pictures.choose')}
          disabled={!ready}
          upload={async (file, onProgress) => {
            await uploadGalleryScene(file, {
              onProgress,
              fields: { caption_en: captions.en, caption_fr: captions.fr, caption_ar: captions.ar },
            });
            setCaptions(noCaptions());
            await refresh();
          }}
        />
        <LeaveGuard when={typed} />
      </section>
      {problem && (
        <p className="adm-error" role="alert">
          {problem}
        </p>
      )}
      {!list.data ? (
        <QueryState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="adm-muted">{t('gallery.empty')}</p>
      ) : (
        <section className="adm-card adm-stack" aria-labelledby="gallery-scenes">
          <h2 id="gallery-scenes">{t('gallery.scenes', { count: list.data.length })}</h2>
          <SortablePictures
            label={t('gallery.order')}
            pictures={list.data.map((g) => ({
              id: g.id,
              url: g.image.url,
              alt: g.caption[lang] || g.caption.en,
            }))}
            onReorder={(order) => void run(() => reorderGalleries(order, versions))}
            tools={(picture, index) => {
              const scene = list.data.find((g) => g.id === picture.id);
              return (
                <>
                  <button type="button" className="adm-small-btn" onClick={() => setEditing(picture.id)}>
                    {t('gallery.editCaption', { n: index + 1 })}
                  </button>
                  <button
                    type="button"
                    className="adm-small-btn"
                    data-danger="true"
                    disabled={busy || !scene}
                    onClick={() => scene && setDeleting({ scene, n: index + 1 })}
                  >
                    {t('pictures.delete', { n: index + 1 })}
                  </button>
                  {scene && editing === scene.id && (
                    <CaptionEditor scene={scene} onClose={() => setEditing(undefined)} />
                  )}
                </>
              );
            }}
          />
        </section>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('gallery.deleteTitle', { n: deleting?.n ?? 1 })}
        confirmLabel={t('pictures.deleteConfirm')}
        cancelLabel={t('cancel')}
        busy={busy}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const scene = deleting?.scene;
          if (!scene) return;
          void run(() => deleteGallery(scene.id, scene.version)).then(() => setDeleting(undefined));
        }}
      >
        {deleting && (
          <>
            <img className="adm-confirm-picture" src={deleting.scene.image.url} alt="" />
            <p>
              <bdi>{deleting.scene.caption[lang] || deleting.scene.caption.en}</bdi>
            </p>
          </>
        )}
        <p>{t('gallery.deleteText')}</p>
      </ConfirmDialog>
    </>
  );
}

function CaptionFields({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: Captions;
  onChange: (next: Captions) => void;
  errors?: Partial<Record<Language, string>>;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="adm-langs">
      {LANGUAGES.map((lng) => (
        <div key={lng} className="adm-field">
          <label htmlFor={`${idPrefix}-${lng}`}>
            {t('form.inLanguage', { label: t('gallery.caption'), language: t(`languages.${lng}`) })}
          </label>
          <input
            id={`${idPrefix}-${lng}`}
            lang={lng}
            dir={lng === 'ar' ? 'rtl' : 'ltr'}
            className={inputClass}
            maxLength={200}
            value={value[lng]}
            aria-invalid={errors?.[lng] ? true : undefined}
            onChange={(e) => onChange({ ...value, [lng]: e.target.value })}
          />
          {errors?.[lng] && <p className="adm-error">{errors[lng]}</p>}
        </div>
      ))}
    </div>
  );
}

/**
 * A scene's captions, saved against the version the page showed: refused because the scene changed meanwhile, it
 * shows what changed per language and re-applies the owner's captions in one click (decision 028).
 */
function CaptionEditor({ scene, onClose }: { scene: AdminGallery; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const update = useUpdateGallery();
  const [value, setValue] = useState<Captions>(scene.caption);
  const [base, setBase] = useState<AdminGallery>(scene);
  const [conflict, setConflict] = useState<AdminGallery>();
  const [errors, setErrors] = useState<Partial<Record<Language, string>>>({});
  const [saved, setSaved] = useState(false);
  const dirty = LANGUAGES.some((l) => value[l] !== base.caption[l]);

  const save = (caption: Captions, version: number) => {
    setSaved(false);
    update.mutate(
      { id: scene.id, change: { caption, version } },
      {
        onSuccess: (res) => {
          setBase(res.data.gallery);
          setValue(res.data.gallery.caption);
          setConflict(undefined);
          setSaved(true);
        },
        onError: (error) => {
          const current = staleRecord<AdminGallery>(error);
          if (current) {
            setConflict(current);
            return;
          }
          const fieldErrors: Partial<Record<Language, string>> = {};
          const all = (error as { errors?: Record<string, string[]> }).errors ?? {};
          for (const lng of LANGUAGES) fieldErrors[lng] = problemText(all[`caption.${lng}`]?.[0], t);
          setErrors(fieldErrors);
        },
      },
    );
  };
  const changes = conflict
    ? LANGUAGES.filter((l) => conflict.caption[l] !== base.caption[l]).map((l) => ({
        field: l,
        label: t('form.inLanguage', { label: t('gallery.caption'), language: t(`languages.${l}`) }),
        before: base.caption[l],
        now: conflict.caption[l],
        ...(value[l] !== base.caption[l] && { yours: value[l] }),
      }))
    : [];
  const yours = LANGUAGES.filter((l) => value[l] !== base.caption[l]);

  return (
    <form
      className="adm-stack"
      style={{ inlineSize: '100%' }}
      onSubmit={(event) => {
        event.preventDefault();
        save(value, base.version);
      }}
    >
      <CaptionFields idPrefix={`caption-${scene.id}`} value={value} onChange={setValue} errors={errors} />
      {conflict && (
        <ConflictNotice
          what={t('conflict.thisScene')}
          changes={changes}
          yourFields={yours.map((l) => t(`languages.${l}`))}
          busy={update.isPending}
          onReapply={() => {
            const merged = { ...conflict.caption };
            for (const l of yours) merged[l] = value[l];
            setBase(conflict);
            setValue(merged);
            save(merged, conflict.version);
          }}
          onDiscard={() => {
            setBase(conflict);
            setValue(conflict.caption);
            setConflict(undefined);
          }}
        />
      )}
      <div className="adm-actions">
        <Button type="submit" loading={update.isPending}>
          {t('form.save')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {saved && !dirty ? t('gallery.close') : t('cancel')}
        </Button>
        <p className="adm-saved" role="status">
          {saved && !dirty ? t('form.saved') : ''}
        </p>
      </div>
      <LeaveGuard when={dirty && !update.isPending} />
    </form>
  );
}
