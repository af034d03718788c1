import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Image } from '@boutique/contracts';
import { ProductImage } from '@/components/product-image';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { PictureViewer } from './picture-viewer';
import styles from './product.module.css';

const THUMB_STEP = 80;
/** How far (px) a finger moves sideways on the main picture for a swipe to the next or previous one. */
const SWIPE = 40;

/**
 * Main picture with wrapping arrows (and a swipe on a touch screen), and thumbnails that scroll 80px a press.
 * When the pictures come in another order (the shopper chose a colour), the first one shows again: in the same
 * frame (its ratio is fixed), so nothing below moves. The main picture opens the full-screen viewer.
 */
export function ProductGallery({ images, alt }: { images: Image[]; alt: string }) {
  const { t } = useTranslation('product');
  const [index, setIndex] = useState(0);
  const first = images[0]?.url;
  const [shownFirst, setShownFirst] = useState(first);
  if (first !== shownFirst) {
    setShownFirst(first);
    setIndex(0);
  }
  const thumbs = useRef<HTMLUListElement>(null);
  const [viewing, setViewing] = useState(false);
  // Where a finger touched the main picture, and whether it swiped (the tap that ends a swipe opens nothing).
  const touch = useRef<{ x: number; y: number }>(undefined);
  const swiped = useRef(false);
  const count = images.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const scrollThumbs = (direction: 1 | -1) => {
    const el = thumbs.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollBy({ left: THUMB_STEP * direction * (rtl ? -1 : 1), behavior: 'smooth' });
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    swiped.current = false;
    touch.current = event.pointerType === 'touch' ? { x: event.clientX, y: event.clientY } : undefined;
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = touch.current;
    touch.current = undefined;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    swiped.current = true;
    // The finger pulls the next picture in from the end of the line: leftwards in English, rightwards in Arabic.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    go(dx < 0 !== rtl ? 1 : -1);
  };

  return (
    <div className={styles.gallery}>
      <div
        className={styles.mainImage}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (touch.current = undefined)}
      >
        <button
          type="button"
          className={styles.zoomButton}
          aria-label={t('viewer.open', { name: alt })}
          aria-haspopup="dialog"
          onClick={() => {
            if (swiped.current) swiped.current = false;
            else if (images.length > 0) setViewing(true);
          }}
        >
          <ProductImage
            image={images[index]}
            alt={alt}
            sizes="(max-width: 940px) 100vw, 50vw"
            load={index === 0 ? 'main' : 'lazy'}
          />
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              className={`${styles.galleryArrow} ${styles.prev}`}
              onClick={() => go(-1)}
              aria-label={t('gallery.previous')}
            >
              <ChevronLeftIcon className="flip-rtl" />
            </button>
            <button
              type="button"
              className={`${styles.galleryArrow} ${styles.next}`}
              onClick={() => go(1)}
              aria-label={t('gallery.next')}
            >
              <ChevronRightIcon className="flip-rtl" />
            </button>
            <p className={styles.galleryCount} aria-live="polite" dir="ltr">
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <div className={styles.thumbs}>
          <button
            type="button"
            className={styles.thumbScroll}
            onClick={() => scrollThumbs(-1)}
            aria-label={t('gallery.scrollBack')}
          >
            <ChevronLeftIcon size={18} className="flip-rtl" />
          </button>
          <ul ref={thumbs} className={styles.thumbList}>
            {images.map((image, i) => (
              <li key={image.url}>
                <button
                  type="button"
                  className={styles.thumb}
                  aria-current={i === index}
                  aria-label={t('gallery.show', { index: i + 1, count })}
                  onClick={() => setIndex(i)}
                >
                  <ProductImage image={image} alt="" sizes="80px" />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={styles.thumbScroll}
            onClick={() => scrollThumbs(1)}
            aria-label={t('gallery.scrollForward')}
          >
            <ChevronRightIcon size={18} className="flip-rtl" />
          </button>
        </div>
      )}
      {viewing && (
        <PictureViewer
          images={images}
          start={index}
          name={alt}
          onClose={(at) => {
            setViewing(false);
            setIndex(at);
          }}
        />
      )}
    </div>
  );
}
