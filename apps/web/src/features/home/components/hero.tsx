import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';
import { MAIN_IMAGE_TIMING } from '@/components/product-image';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useReducedMotion } from './use-reduced-motion';
import styles from './hero.module.css';

const MOBILE = '(max-width: 768px)';

/** Made by scripts/make-hero-video.ts. Each poster in AVIF (two thirds of the bytes) and WebP. */
export const HERO_MEDIA = {
  desktopVideo: '/media/hero-desktop.mp4',
  mobileVideo: '/media/hero-mobile.mp4',
  desktopPoster: '/media/hero-poster.webp',
  desktopPosterAvif: '/media/hero-poster.avif',
  mobilePoster: '/media/hero-poster-mobile.webp',
  mobilePosterAvif: '/media/hero-poster-mobile.avif',
} as const;

export function Hero({ scrollTargetId }: { scrollTargetId: string }) {
  const { t } = useTranslation('home');
  const reducedMotion = useReducedMotion();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [paused, setPaused] = useState(false);
  // The video (about 0.4 MB) is not in the server's HTML: the browser would fetch it alongside the poster,
  // which is what the visitor waits for. It comes once the app runs, after the poster has been painted, and
  // not at all for a visitor who asked to save data.
  const [wantVideo, setWantVideo] = useState(false);
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    setWantVideo(!connection?.saveData);
  }, []);
  const showVideo = wantVideo && !reducedMotion;

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    // React sets `muted` as a property only; some mobile browsers refuse to autoplay unless it is set first.
    el.muted = true;
    if (paused) el.pause();
    // A refusal (low-power mode, data saver) is fine: the poster underneath stays.
    else el.play().catch(() => setPlaying(false));
  }, [paused, showVideo]);

  const scrollDown = () => {
    const target = document.getElementById(scrollTargetId);
    if (!target) return;
    target.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    // Keyboard and screen-reader users continue from the block they were taken to.
    target.focus({ preventScroll: true });
  };

  return (
    // The hero always sits on dark imagery: the dark palette keeps its text and controls legible in both themes.
    <section className={styles.hero} data-theme="dark" aria-labelledby="hero-title">
      <div className={styles.media} aria-hidden="true">
        {/* The poster is a real image so that it, not the video, is the page's largest paint. */}
        <picture>
          <source
            media={MOBILE}
            type="image/avif"
            srcSet={HERO_MEDIA.mobilePosterAvif}
            width={720}
            height={1280}
          />
          <source media={MOBILE} srcSet={HERO_MEDIA.mobilePoster} width={720} height={1280} />
          <source type="image/avif" srcSet={HERO_MEDIA.desktopPosterAvif} />
          <img
            className={styles.poster}
            src={HERO_MEDIA.desktopPoster}
            width={1280}
            height={720}
            alt=""
            fetchPriority="high"
            loading="eager"
            decoding="async"
            {...MAIN_IMAGE_TIMING}
          />
        </picture>
        {showVideo && (
          <video
            ref={video}
            className={`${styles.video} ${playing ? styles.visible : ''}`}
            muted
            autoPlay
            loop
            playsInline
            disablePictureInPicture
            preload="auto"
            tabIndex={-1}
            onPlaying={() => setPlaying(true)}
          >
            <source media={MOBILE} src={HERO_MEDIA.mobileVideo} type="video/mp4" />
            <source src={HERO_MEDIA.desktopVideo} type="video/mp4" />
          </video>
        )}
      </div>

      <div className={styles.content}>
        <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
        <h1 id="hero-title" className={styles.title}>
          {t('hero.title')}
        </h1>
        <p className={styles.subtitle}>{t('hero.subtitle')}</p>
        <ButtonLink to={paths.collections.href()} variant="accent" className={styles.cta}>
          {t('hero.cta')}
        </ButtonLink>
      </div>

      <button type="button" className={styles.scroll} onClick={scrollDown} aria-label={t('hero.scroll')}>
        <ChevronDownIcon size={28} />
      </button>

      {showVideo && (
        // Moving imagery that runs on its own must be stoppable (WCAG 2.2.2).
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
          aria-label={t('hero.pauseVideo')}
        >
          <span className={paused ? styles.playIcon : styles.pauseIcon} aria-hidden="true" />
        </button>
      )}
    </section>
  );
}
