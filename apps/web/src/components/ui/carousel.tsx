import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import styles from './carousel.module.css';

interface CarouselProps {
  label: string;
  children: ReactNode;
  /** How many slides one arrow press moves. */
  perGroup?: number;
  /** `hide`: the previous arrow is hidden at the start and the next one at the end; `disable`: they are disabled. */
  arrows?: 'hide' | 'disable';
  /** The arrows sit under the slides instead of on them: for slides of text, which arrows would cover. */
  arrowsBelow?: boolean;
  className?: string;
}

/**
 * A scroll-snap carousel: swipeable on touch, arrows on top, mirrored in right-to-left (the browser scrolls
 * towards negative offsets there, so "next" is always the reading direction).
 */
export function Carousel({
  label,
  children,
  perGroup = 1,
  arrows = 'hide',
  arrowsBelow = false,
  className,
}: CarouselProps) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const offset = Math.abs(el.scrollLeft);
    setEdges({ atStart: offset < 2, atEnd: offset + el.clientWidth >= el.scrollWidth - 2 });
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    // The observer's first report measures too, in the browser's next frame: measured here, the layout the
    // page's first render left to do would be forced in the app's own task (tens of ms on a phone).
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure, children]);

  const move = (direction: 1 | -1) => {
    const el = track.current;
    const first = el?.firstElementChild as HTMLElement | null;
    if (!el || !first) return;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    const step = (first.offsetWidth + gap) * perGroup;
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollBy({ left: step * direction * (rtl ? -1 : 1) });
  };

  const showPrev = arrows === 'disable' || !edges.atStart;
  const showNext = arrows === 'disable' || !edges.atEnd;
  const count = Children.count(children);

  return (
    <section
      className={[styles.carousel, arrowsBelow && styles.arrowsBelow, className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
    >
      {showPrev && (
        <button
          type="button"
          className={`${styles.arrow} ${styles.prev}`}
          onClick={() => move(-1)}
          disabled={edges.atStart}
          aria-label={t('carousel.previous')}
        >
          <ChevronLeftIcon className="flip-rtl" />
        </button>
      )}
      {/* Focusable so keyboard users can scroll it with the arrow keys, whatever the slides hold. */}
      <ul ref={track} className={styles.track} tabIndex={0} aria-label={label}>
        {Children.map(children, (child, index) => (
          <li aria-roledescription="slide" aria-label={`${index + 1} / ${count}`}>
            {child}
          </li>
        ))}
      </ul>
      {showNext && (
        <button
          type="button"
          className={`${styles.arrow} ${styles.next}`}
          onClick={() => move(1)}
          disabled={edges.atEnd}
          aria-label={t('carousel.next')}
        >
          <ChevronRightIcon className="flip-rtl" />
        </button>
      )}
    </section>
  );
}
