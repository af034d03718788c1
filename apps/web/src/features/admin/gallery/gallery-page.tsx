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
import { AdminPageHeader, QueryState, errorMessage } from '../components/admin-ui';
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
  const ready = LANGUAGES.every((l) => captions[l].trim() !== '');

  const run = async (work: () => Promise<unknown>) => {
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(errorMessage(error, t('errors.save')));
    } finally {
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
            await refresh();
          }}
        />
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
            onReorder={(order) => void run(() => reorderGalleries(order))}
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
                    onClick={() => void run(() => deleteGallery(picture.id))}
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

function CaptionEditor({ scene, onClose }: { scene: AdminGallery; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const update = useUpdateGallery();
  const [value, setValue] = useState<Captions>(scene.caption);
  const [errors, setErrors] = useState<Partial<Record<Language, string>>>({});
  return (
    <form
      className="adm-stack"
      style={{ inlineSize: '100%' }}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: scene.id, change: { caption: value } },
          {
            onSuccess: onClose,
            onError: (error) => {
              const fieldErrors: Partial<Record<Language, string>> = {};
              const all = (error as { errors?: Record<string, string[]> }).errors ?? {};
              for (const lng of LANGUAGES) fieldErrors[lng] = problemText(all[`caption.${lng}`]?.[0], t);
              setErrors(fieldErrors);
            },
          },
        );
      }}
    >
      <CaptionFields idPrefix={`caption-${scene.id}`} value={value} onChange={setValue} errors={errors} />
      <div className="adm-actions">
        <Button type="submit" loading={update.isPending}>
          {t('form.save')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
