import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { session, useSession } from '@/lib/session/session';
import { Drawer, DrawerHeader } from '@/components/ui/drawer';
import { UserIcon } from '@/components/ui/icons';
import { ui, useUi } from '@/stores/ui-store';
import { LanguageSelect, SocialLinks } from './top-bar';
import styles from './frame.module.css';

/** The menu's dialog, which the header's menu button opens by itself (`nativeOpener`). */
export const SIDE_MENU_ID = 'side-menu';

export function SideMenu() {
  const { t } = useTranslation();
  const { menuOpen } = useUi();
  const { user } = useSession();
  const navigate = useNavigate();
  const close = ui.closeMenu;

  const logout = async () => {
    close();
    await session.signOut();
    void navigate(paths.login.href());
  };

  const link = (to: string, label: string) => (
    <li key={to}>
      <NavLink
        to={to}
        onClick={close}
        className={({ isActive }) => (isActive ? styles.menuActive : undefined)}
      >
        {label}
      </NavLink>
    </li>
  );

  return (
    <Drawer
      open={menuOpen}
      onClose={close}
      id={SIDE_MENU_ID}
      onOpen={ui.openMenu}
      label={t('nav.menu')}
      side="start"
      width="420px"
    >
      <DrawerHeader title={t('nav.menu')} onClose={close} closeLabel={t('nav.closeMenu')} />
      <nav className={styles.menu} aria-label={t('nav.menu')}>
        {user ? (
          <div className={styles.menuSignedIn}>
            <div className={styles.menuAccount}>
              <span className={styles.avatar} aria-hidden="true">
                {user.avatar ? <img src={user.avatar} alt="" width={48} height={48} /> : <UserIcon />}
              </span>
              <div className={styles.menuUser}>
                <p className={styles.menuUserName}>
                  <bdi>{user.name}</bdi>
                </p>
                <p className={styles.menuUserEmail}>
                  <bdi dir="ltr">{user.email}</bdi>
                </p>
              </div>
            </div>
            <ul className={styles.menuAccountList} aria-label={t('nav.account')}>
              {link(paths.orders.href(), t('nav.orders'))}
              {link(paths.profile.href(), t('nav.profile'))}
              {link(paths.addresses.href(), t('nav.addresses'))}
              <li>
                <button type="button" className={styles.menuLogout} onClick={() => void logout()}>
                  {t('nav.logout')}
                </button>
              </li>
            </ul>
          </div>
        ) : (
          <div className={styles.menuAccount}>
            <span className={styles.avatar} aria-hidden="true">
              <UserIcon />
            </span>
            <div className={styles.menuAccountLinks}>
              <NavLink to={paths.login.href()} onClick={close}>
                {t('nav.login')}
              </NavLink>
              <NavLink to={paths.register.href()} onClick={close}>
                {t('nav.register')}
              </NavLink>
            </div>
          </div>
        )}
        <h3 className={styles.menuHeading}>{t('nav.shop')}</h3>
        <ul className={styles.menuList}>
          {link(paths.collection.href('caftan'), t('nav.caftans'))}
          {link(paths.collection.href('jellaba'), t('nav.jellabas'))}
          {link(paths.collections.href(), t('nav.collections'))}
        </ul>
        <h3 className={styles.menuHeading}>{t('nav.help')}</h3>
        <ul className={styles.menuList}>
          {link(paths.ourStory.href(), t('nav.ourStory'))}
          {link(paths.sizeGuide.href(), t('nav.sizeGuide'))}
          {link(paths.shipping.href(), t('nav.shipping'))}
          {link(paths.faq.href(), t('nav.faq'))}
          {link(paths.contact.href(), t('nav.contact'))}
        </ul>
        <div className={styles.menuFooter}>
          <LanguageSelect id="menu-language" />
          <SocialLinks />
        </div>
      </nav>
    </Drawer>
  );
}
