import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CartDrawer } from '@/features/cart/components/cart-drawer';
import { SearchOverlay } from '@/features/search/search-overlay';
import { PageFallback } from '@/components/page-fallback';
import { TopBar } from './top-bar';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { Footer } from './footer';
import { WhatsappButton } from './whatsapp-button';
import styles from './frame.module.css';

export function Frame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
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
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <WhatsappButton />
      <SideMenu />
      <CartDrawer />
      <SearchOverlay />
    </div>
  );
}
