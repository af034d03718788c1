import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { IconButton } from '@/components/ui/button';
import { nativeOpener } from '@/components/ui/drawer';
import { BagIcon, MenuIcon, SearchIcon, UserIcon } from '@/components/ui/icons';
import { useSession } from '@/lib/session/session';
import { cart } from '@/stores/cart-store';
import { useShopCart } from '@/stores/shop-cart';
import { ui } from '@/stores/ui-store';
import { Logo } from './logo';
import { SIDE_MENU_ID } from './side-menu';
import styles from './frame.module.css';

export function Header() {
  const { t } = useTranslation();
  const { totalItems } = useShopCart();
  const session = useSession();
  // Signed in, the account icon carries the first name's initial, so the shopper sees who is signed in.
  const firstName = session.user?.name.trim().split(/\s+/)[0] ?? '';
  return (
    <header className={styles.header}>
      <div className={`container ${styles.headerInner}`}>
        <div className={styles.headerStart}>
          <IconButton
            label={t('nav.openMenu')}
            onClick={ui.openMenu}
            aria-haspopup="dialog"
            {...nativeOpener(SIDE_MENU_ID)}
          >
            <MenuIcon />
          </IconButton>
          <IconButton label={t('nav.search')} onClick={ui.openSearch} aria-haspopup="dialog">
            <SearchIcon />
          </IconButton>
        </div>
        <Logo />
        <div className={styles.headerEnd}>
          {session.status === 'authenticated' ? (
            <Link
              to={paths.profile.href()}
              className={styles.headerLink}
              aria-label={t('nav.accountOf', { name: firstName })}
              title={firstName}
              data-testid="account-initial"
            >
              <span className={styles.initial} aria-hidden="true">
                {[...firstName][0]?.toLocaleUpperCase() ?? <UserIcon />}
              </span>
            </Link>
          ) : (
            <Link to={paths.login.href()} className={styles.headerLink} aria-label={t('nav.account')}>
              <UserIcon />
            </Link>
          )}
          <IconButton
            label={t('nav.cartWithCount', { count: totalItems })}
            onClick={() => (cart.get().isOpen ? cart.close() : cart.open())}
            aria-haspopup="dialog"
            className={styles.cartButton}
          >
            <BagIcon />
            {totalItems > 0 && (
              <span className={styles.badge} aria-hidden="true" data-testid="cart-count">
                {totalItems > 99 ? '99+' : totalItems}
              </span>
            )}
          </IconButton>
        </div>
      </div>
    </header>
  );
}
