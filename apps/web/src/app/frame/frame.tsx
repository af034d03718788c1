import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CartDrawer } from '@/features/cart/components/cart-drawer';
import { SearchOverlay } from '@/features/search/search-overlay';
import { PageFallback } from '@/components/page-fallback';
import { dropServerHeadTags, dropServerPageFacts } from '@/lib/server-head';
import { appLive } from '@/first-load/early-input';
import { TopBar } from './top-bar';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { Footer } from './footer';
import { WhatsappButton } from './whatsapp-button';
import { SessionEffects } from '../session-effects';
import styles from './frame.module.css';

/**
 * Inside the page's own Suspense boundary, so its effect runs once the page itself (not only the frame) is
 * rendered: from then on the app answers taps itself and replays those made before (first-load/early-input.ts), and
 * the head tags the server wrote for crawlers give way to the page's own, which React has just put in.
 */
function PageLive() {
  useEffect(() => {
    void appLive();
    dropServerHeadTags();
  }, []);
  return null;
}

/** The shop's frame around the matched page, or around `children` (a page shown in place of another). */
export function Frame({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const firstPath = useRef<string | undefined>(pathname);
  // A new page starts at its top; the first one stays where the shopper has scrolled it before the app took
  // over (their held tap is replayed there, first-load/early-input.ts).
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = undefined;
    window.scrollTo({ top: 0, behavior: 'instant' });
    dropServerPageFacts();
  }, [pathname]);

  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skip}>
        {t('nav.skip')}
      </a>
      <TopBar />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          {children ?? <Outlet />}
          <PageLive />
        </Suspense>
      </main>
      <Footer />
      <WhatsappButton />
      <SideMenu />
      <CartDrawer />
      <SearchOverlay />
      <SessionEffects />
    </div>
  );
}
