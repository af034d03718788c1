import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from './buy-bar.module.css';

/** Below this width (px) the bar follows the shopper down the page; wider screens keep the buy box in view. */
const PHONE = '(max-width: 767.98px)';

/**
 * The bag at the bottom of a phone's screen once the buy box's own button has scrolled out of view above it: the
 * piece's name, price and choice, and the one thing to do next (add it, choose a size, or be told when it is
 * back). Hidden while the buy box is in view. While the page is open on a phone, the page's end leaves room for
 * it, so that it never covers the footer's last lines.
 */
export function BuyBar({
  watch,
  name,
  price,
  choice,
  action,
  onAction,
  disabled,
}: {
  /** The buy box's Add button: the bar shows once it is above the screen (scrolled past, not yet reached). */
  watch: RefObject<HTMLElement | null>;
  name: string;
  price: ReactNode;
  /** The chosen colour and size, as the shopper reads them. */
  choice: string;
  action: ReactNode;
  onAction: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('product');
  const [passed, setPassed] = useState(false);
  const [phone, setPhone] = useState(false);

  useEffect(() => {
    const query = matchMedia(PHONE);
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    const el = watch.current;
    if (!el || !phone) return;
    // Read on scroll, not by an IntersectionObserver: a jump from below the buy box to past it (a fling, a link
    // to the description) never crosses its "in view" state, which is all an observer reports.
    let frame = 0;
    const update = () => {
      frame = 0;
      setPassed(el.getBoundingClientRect().bottom <= 0);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    addEventListener('scroll', onScroll, { passive: true });
    addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', onScroll);
      removeEventListener('resize', onScroll);
    };
  }, [watch, phone]);

  // The page's end leaves the bar's room on a phone (buy-bar.module.css): the footer is never covered for good.
  useEffect(() => {
    if (!phone) return;
    const root = document.documentElement;
    root.setAttribute('data-buy-bar', '');
    return () => root.removeAttribute('data-buy-bar');
  }, [phone]);

  if (!phone) return null;
  return (
    <aside className={styles.bar} hidden={!passed} aria-label={t('buyBar.label')} data-testid="buy-bar">
      <div className={styles.text}>
        <p className={styles.name}>{name}</p>
        <p className={styles.detail}>
          {price}
          {choice && <span className={styles.choice}>{choice}</span>}
        </p>
      </div>
      <Button onClick={onAction} disabled={disabled} className={styles.action}>
        {action}
      </Button>
    </aside>
  );
}
