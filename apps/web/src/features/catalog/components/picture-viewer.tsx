import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Image } from '@boutique/contracts';
import { useScrollLock } from '@/hooks/use-scroll-lock';
import { largestRendition } from '@/lib/product';
import { IconButton } from '@/components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@/components/ui/icons';
import styles from './picture-viewer.module.css';

/** How close the viewer goes: a tap or a click goes to ZOOMED, the buttons and a pinch up to MAX_ZOOM. */
const ZOOMED = 2.5;
const MAX_ZOOM = 4;
const ZOOM_STEP = 1.5;
/** Two taps this close (ms) are a double tap; a pointer that moved further (px) was dragging, not tapping. */
const DOUBLE_TAP_MS = 300;
const TAP_SLOP = 8;

interface View {
  scale: number;
  x: number;
  y: number;
}

const WHOLE: View = { scale: 1, x: 0, y: 0 };

/**
 * The fabric up close: the product's pictures full screen, at the largest size the picture pipeline made, on the
 * native <dialog> (the browser keeps focus inside and closes it on Escape; focus goes back to the picture that
 * opened it). A click, a double tap or the +/− buttons zoom, two fingers pinch, and a zoomed picture pans under
 * a finger or the mouse; the arrow keys and buttons move between pictures.
 */
export function PictureViewer({
  images,
  start,
  name,
  onClose,
}: {
  images: Image[];
  start: number;
  name: string;
  onClose: (index: number) => void;
}) {
  const { t } = useTranslation('product');
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  const [view, setView] = useState<View>(WHOLE);
  // Pointers down on the stage, and what a gesture started from (a pinch's distance, a drag's origin).
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ distance: number; view: View; moved: boolean; x: number; y: number }>(undefined);
  const lastTap = useRef(0);
  useScrollLock(true);
  const count = images.length;
  const image = images[index];
  const picture = image ? largestRendition(image) : undefined;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    return () => {
      if (el.open) el.close();
      opener?.focus();
    };
  }, []);

  /** Keeps a zoomed picture over the stage: it never slides away from its edges. */
  const within = (next: View): View => {
    const el = stage.current;
    if (next.scale <= 1 || !el) return WHOLE;
    const maxX = ((next.scale - 1) * el.clientWidth) / 2;
    const maxY = ((next.scale - 1) * el.clientHeight) / 2;
    return {
      scale: next.scale,
      x: Math.max(-maxX, Math.min(maxX, next.x)),
      y: Math.max(-maxY, Math.min(maxY, next.y)),
    };
  };

  /** Zooms to `scale`, keeping the point (relative to the stage's centre) under the finger or pointer. */
  const zoomTo = (scale: number, at = { x: 0, y: 0 }, from: View = view) => {
    const clamped = Math.max(1, Math.min(MAX_ZOOM, scale));
    const ratio = clamped / from.scale;
    setView(within({ scale: clamped, x: at.x - (at.x - from.x) * ratio, y: at.y - (at.y - from.y) * ratio }));
  };

  const go = (delta: number) => {
    setIndex((i) => (i + delta + count) % count);
    setView(WHOLE);
  };

  const fromCentre = (event: { clientX: number; clientY: number }) => {
    const rect = stage.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: event.clientX - rect.left - rect.width / 2, y: event.clientY - rect.top - rect.height / 2 };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = [...pointers.current.values()];
    gesture.current = {
      distance: a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0,
      view,
      moved: pointers.current.size > 1,
      x: event.clientX,
      y: event.clientY,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = gesture.current;
    if (!start || !pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = [...pointers.current.values()];
    if (a && b && start.distance > 0) {
      const centre = fromCentre({ clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 });
      zoomTo((start.view.scale * Math.hypot(a.x - b.x, a.y - b.y)) / start.distance, centre, start.view);
      return;
    }
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.hypot(dx, dy) > TAP_SLOP) start.moved = true;
    if (start.moved && start.view.scale > 1)
      setView(within({ ...start.view, x: start.view.x + dx, y: start.view.y + dy }));
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = gesture.current;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other one pans from here.
      const [rest] = [...pointers.current.values()];
      if (rest) gesture.current = { distance: 0, view, moved: true, x: rest.x, y: rest.y };
      return;
    }
    gesture.current = undefined;
    if (!start || start.moved || event.type === 'pointercancel') return;
    // A click zooms in and out; on a touch screen a double tap does (a single tap is the start of a pan).
    if (event.pointerType === 'touch') {
      const now = event.timeStamp;
      if (now - lastTap.current > DOUBLE_TAP_MS) {
        lastTap.current = now;
        return;
      }
      lastTap.current = 0;
    }
    if (view.scale > 1) setView(WHOLE);
    else zoomTo(ZOOMED, fromCentre(event));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Tab') {
      // A modal dialog lets Tab leave the page for the browser's own bar: the viewer's controls go round instead.
      const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled)')];
      const [first, last] = [controls[0], controls.at(-1)];
      const edge = event.shiftKey ? first : last;
      if (edge && document.activeElement === edge) {
        event.preventDefault();
        (event.shiftKey ? last : first)?.focus();
      }
      return;
    }
    if (count < 2 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    // The arrow that points forward in the page's reading direction moves forward.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    go((event.key === 'ArrowRight') !== rtl ? 1 : -1);
  };

  return (
    <dialog
      ref={dialog}
      className={styles.viewer}
      aria-label={t('viewer.title', { name })}
      onClose={() => onClose(index)}
      onKeyDown={onKeyDown}
    >
      <div
        ref={stage}
        className={styles.stage}
        data-zoomed={view.scale > 1 || undefined}
        data-testid="picture-viewer-stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {picture && (
          <img
            key={picture.url}
            src={picture.url}
            width={picture.width}
            height={picture.height}
            alt={count > 1 ? t('viewer.picture', { name, index: index + 1, count }) : name}
            draggable={false}
            style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          />
        )}
      </div>
      <div className={styles.top}>
        {count > 1 && (
          <p className={styles.count} aria-live="polite" dir="ltr">
            {index + 1} / {count}
          </p>
        )}
        <IconButton
          label={t('viewer.close')}
          onClick={() => dialog.current?.close()}
          className={styles.button}
        >
          <CloseIcon />
        </IconButton>
      </div>
      <div className={styles.bottom}>
        {count > 1 && (
          <IconButton label={t('gallery.previous')} onClick={() => go(-1)} className={styles.button}>
            <ChevronLeftIcon className="flip-rtl" />
          </IconButton>
        )}
        <IconButton
          label={t('viewer.zoomOut')}
          onClick={() => zoomTo(view.scale / ZOOM_STEP)}
          disabled={view.scale <= 1}
          className={styles.button}
        >
          <span aria-hidden="true">−</span>
        </IconButton>
        <p className={styles.zoom} aria-live="polite">
          <span className="visually-hidden">{t('viewer.zoomLevel')} </span>
          <span dir="ltr">{Math.round(view.scale * 100)} %</span>
        </p>
        <IconButton
          label={t('viewer.zoomIn')}
          onClick={() => zoomTo(view.scale * ZOOM_STEP)}
          disabled={view.scale >= MAX_ZOOM}
          className={styles.button}
        >
          <span aria-hidden="true">+</span>
        </IconButton>
        {count > 1 && (
          <IconButton label={t('gallery.next')} onClick={() => go(1)} className={styles.button}>
            <ChevronRightIcon className="flip-rtl" />
          </IconButton>
        )}
      </div>
    </dialog>
  );
}
