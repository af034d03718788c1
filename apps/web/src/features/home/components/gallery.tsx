import { useTranslation } from 'react-i18next';
import { localized } from '@/lib/product';
import { Carousel } from '@/components/ui/carousel';
import { Skeleton } from '@/components/ui/skeleton';
import { ProductImage } from '@/components/product-image';
import { useGalleries } from '../api/get-galleries';
import { CAROUSEL_SKELETONS } from './product-shelf';
import { SectionHeading } from './section-heading';
import { LoadError } from './load-error';
import section from './section.module.css';
import styles from './gallery.module.css';

export function Gallery() {
  const { t, i18n } = useTranslation('home');
  const query = useGalleries();
  const photos = query.data;
  if (photos?.length === 0) return null;
  const title = t('gallery.title');

  return (
    // Not labelled itself: the carousel inside is the named region, and naming both would announce it twice.
    <section className={section.section}>
      <div className="container">
        <SectionHeading
          id="gallery-title"
          eyebrow={t('gallery.eyebrow')}
          title={title}
          subtitle={t('gallery.subtitle')}
        />
        {!photos && query.isError ? (
          <LoadError
            message={t('gallery.error')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <div aria-busy={!photos}>
            <Carousel label={title} perGroup={1} arrows="hide" className={styles.carousel}>
              {photos
                ? photos.map((photo) => {
                    const caption = localized(photo.caption, i18n.language);
                    return (
                      <figure key={photo.id} className={styles.figure}>
                        {/* The caption below describes the photograph; repeating it as alt would read it twice. */}
                        <ProductImage
                          image={photo.image}
                          alt=""
                          sizes="(max-width: 640px) 86vw, 460px"
                          className={styles.image}
                        />
                        <figcaption className={styles.caption}>{caption}</figcaption>
                      </figure>
                    );
                  })
                : Array.from({ length: CAROUSEL_SKELETONS }, (_, i) => (
                    <div key={i} className={styles.figure} aria-hidden="true">
                      <Skeleton style={{ aspectRatio: '4 / 5', inlineSize: '100%' }} />
                      <Skeleton width="80%" height="1.6rem" />
                    </div>
                  ))}
            </Carousel>
          </div>
        )}
      </div>
    </section>
  );
}
