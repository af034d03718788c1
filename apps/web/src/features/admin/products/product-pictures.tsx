import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@boutique/contracts/admin';
import type { Language } from '@boutique/contracts/constants';
import {
  deleteProductImage,
  reorderProductImages,
  setProductImageColor,
  uploadProductImage,
  useStoreProductImages,
} from '../api/images';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectBox } from '@/components/ui/field';
import { useRefetchProduct } from '../api/products';
import { errorMessage } from '../components/admin-ui';
import { staleRecord } from '../components/conflict';
import { PictureUploader } from '../components/picture-uploader';
import { SortablePictures } from '../components/sortable-pictures';

/**
 * A product's photos: add several at once, put them in order, choose the main one (the first), name the colour
 * a photo shows (the shop shows a chosen colour's photos first), remove one.
 */
export function ProductPictures({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const store = useStoreProductImages(product.id);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<{ id: number; n: number }>();
  const name = product.name[lang] || product.name.en;
  const refetch = useRefetchProduct(product.id);

  /** A write to the pictures, from the version this page shows; refused as stale, the page shows them as they are. */
  const run = async (work: () => Promise<{ data: { images: AdminProduct['images']; version: number } }>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      store((await work()).data);
    } catch (error) {
      if (staleRecord(error)) {
        setProblem(t('conflict.picturesStale'));
        await refetch();
      } else setProblem(errorMessage(error, t('errors.save')));
    } finally {
      setBusy(false);
    }
  };

  const pictures = product.images.map((image, index) => ({
    id: image.id,
    url: image.url,
    alt: t('pictures.alt', { name, n: index + 1 }),
  }));

  return (
    <section className="adm-card adm-stack" aria-labelledby="pictures-title">
      <h2 id="pictures-title">{t('pictures.title', { count: product.images.length })}</h2>
      <PictureUploader
        label={t('pictures.choose')}
        upload={async (file, onProgress) => {
          const res = await uploadProductImage(product.id, file, { onProgress });
          store(res.data);
        }}
      />
      {problem && (
        <p className="adm-error" role="alert">
          {problem}
        </p>
      )}
      {pictures.length === 0 ? (
        <p className="adm-muted">{t('pictures.none')}</p>
      ) : (
        <SortablePictures
          label={t('pictures.order')}
          pictures={pictures}
          onReorder={(order) => void run(() => reorderProductImages(product.id, order, product.version))}
          tools={(picture, index) => (
            <>
              {product.colors.length > 0 && (
                <span className="adm-picture-color">
                  <label htmlFor={`picture-${picture.id}-color`} className="visually-hidden">
                    {t('pictures.colorOf', { n: index + 1 })}
                  </label>
                  <SelectBox
                    id={`picture-${picture.id}-color`}
                    value={product.images[index]?.color ?? ''}
                    disabled={busy}
                    onChange={(e) => {
                      const color = e.target.value || null;
                      void run(() => setProductImageColor(product.id, picture.id, color, product.version));
                    }}
                  >
                    <option value="">{t('pictures.everyColor')}</option>
                    {product.colors.map((c) => (
                      <option key={c.key} value={c.key}>
                        {c.name[lang] || c.name.en}
                      </option>
                    ))}
                  </SelectBox>
                </span>
              )}
              {index === 0 ? (
                <span className="adm-badge" data-tone="good">
                  {t('pictures.main')}
                </span>
              ) : (
                <button
                  type="button"
                  className="adm-small-btn"
                  disabled={busy}
                  onClick={() =>
                    void run(() =>
                      reorderProductImages(
                        product.id,
                        [picture.id, ...pictures.map((p) => p.id).filter((id) => id !== picture.id)],
                        product.version,
                      ),
                    )
                  }
                >
                  {t('pictures.makeMain', { n: index + 1 })}
                </button>
              )}
              <button
                type="button"
                className="adm-small-btn"
                data-danger="true"
                disabled={busy}
                onClick={() => setDeleting({ id: picture.id, n: index + 1 })}
              >
                {t('pictures.delete', { n: index + 1 })}
              </button>
            </>
          )}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('pictures.deleteTitle', { n: deleting?.n ?? 1 })}
        confirmLabel={t('pictures.deleteConfirm')}
        cancelLabel={t('cancel')}
        busy={busy}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const picture = deleting;
          if (!picture) return;
          void run(() => deleteProductImage(product.id, picture.id, product.version)).then(() =>
            setDeleting(undefined),
          );
        }}
      >
        <p>{t('pictures.deleteText')}</p>
      </ConfirmDialog>
    </section>
  );
}
