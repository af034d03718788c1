import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';
import styles from './banner.module.css';

const ARTWORK = {
  src: '/storage/site/banner-1600.webp',
  srcSet: '/storage/site/banner-800.webp 800w, /storage/site/banner-1600.webp 1600w',
  // The artwork is drawn at 12:5.
  width: 1600,
  height: 667,
} as const;

export function Banner() {
  const { t } = useTranslation('home');
  return (
    // Always over the artwork: the dark palette keeps the words legible in both themes.
    <section className={styles.banner} data-theme="dark" aria-labelledby="banner-title">
      <img
        className={styles.image}
        src={ARTWORK.src}
        srcSet={ARTWORK.srcSet}
        sizes="100vw"
        width={ARTWORK.width}
        height={ARTWORK.height}
        alt=""
        loading="lazy"
        decoding="async"
      />
      <div className={styles.content}>
        <p className={styles.eyebrow}>{t('banner.eyebrow')}</p>
        <h2 id="banner-title" className={styles.title}>
          {t('banner.title')}
        </h2>
        <p className={styles.subtitle}>{t('banner.subtitle')}</p>
        <ButtonLink to={paths.collections.href()} variant="accent" className={styles.cta}>
          {t('banner.cta')}
        </ButtonLink>
      </div>
    </section>
  );
}
