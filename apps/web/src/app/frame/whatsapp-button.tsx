import { useEffect, useRef, useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { bootData } from '@/lib/boot';
import { WhatsappIcon } from '@/components/ui/icons';
import styles from './frame.module.css';

/**
 * Pages without the floating button: the product page has its own "Order on WhatsApp" link and a phone's whole
 * width for its title and buttons, forms (cart, checkout, account) and the invoice's amounts must not be covered.
 */
const QUIET_PAGES = [
  paths.product,
  paths.cart,
  paths.checkout,
  paths.orderConfirmation,
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.verifyEmail,
  paths.socialCallback,
  paths.security,
  paths.twoFactor,
  paths.orders,
  paths.invoice,
  paths.profile,
  paths.addresses,
].map((page) => page.path);

export const showsFloatingWhatsapp = (pathname: string) =>
  !QUIET_PAGES.some((pattern) => matchPath(pattern, pathname));

const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"]';

/**
 * Whether a control or a line of text lies under the button: what is painted at a grid of points over it (a
 * point every 12 px of a phone's button, closer than a line of text or a control), then the exact lines of the
 * text found there.
 */
function coversSomething(button: HTMLElement): boolean {
  const area = button.getBoundingClientRect();
  const seen = new Set<Element>();
  for (let i = 0; i <= 4; i += 1)
    for (let j = 0; j <= 4; j += 1) {
      const x = area.left + (area.width * i) / 4;
      const y = area.top + (area.height * j) / 4;
      for (const element of document.elementsFromPoint(x, y)) {
        if (seen.has(element) || button.contains(element)) continue;
        seen.add(element);
        if (element.closest(CONTROLS)) return true;
        for (const node of element.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const line of range.getClientRects())
            if (
              line.left < area.right &&
              area.left < line.right &&
              line.top < area.bottom &&
              area.top < line.bottom
            )
              return true;
        }
      }
    }
  return false;
}

/**
 * The button steps aside while a control or text is under it (a tap there reaches the page, not WhatsApp) and comes
 * back over the page's margins, gaps and its end, which keeps room for it (the footer's last line). Checked once a
 * frame at most, as the page or a carousel scrolls, the window resizes or the page changes.
 */
function useStepsAside() {
  const ref = useRef<HTMLAnchorElement>(null);
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (ref.current) setAside(coversSomething(ref.current));
      });
    };
    check();
    const changes = new MutationObserver(check);
    changes.observe(document.body, { childList: true, subtree: true, characterData: true });
    document.addEventListener('scroll', check, { capture: true, passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      document.removeEventListener('scroll', check, { capture: true });
      window.removeEventListener('resize', check);
    };
  }, []);
  return { ref, aside };
}

export function WhatsappButton() {
  const { pathname } = useLocation();
  if (!showsFloatingWhatsapp(pathname)) return null;
  return <FloatingWhatsapp />;
}

function FloatingWhatsapp() {
  const { t } = useTranslation();
  const { ref, aside } = useStepsAside();
  const message = encodeURIComponent(t('whatsapp.greeting'));
  return (
    <a
      ref={ref}
      className={aside ? `${styles.whatsapp} ${styles.whatsappAside}` : styles.whatsapp}
      href={`https://wa.me/${bootData().shop.whatsappNumber}?text=${message}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('whatsapp.label')}
    >
      <WhatsappIcon size={28} />
    </a>
  );
}
