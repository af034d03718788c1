import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, roleMayUse, type BackOfficeArea, type Language } from '@boutique/contracts/constants';
import { useSession } from '@/lib/session/session';
import { paths } from '@/config/paths';
import { PageFallback } from '@/components/page-fallback';
import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { SelectBox } from '@/components/ui/field';
import { appLive } from '@/first-load/early-input';
import { changeLanguage } from '@/lib/i18n';
import { setTheme, useTheme } from '@/lib/theme';
import { useAdminMessages } from './api/messages';
import { useAdminReturns } from './api/after-sale';
import adminStylesheet from './admin.css?url';

/** Each page with the part of the back office it belongs to (contracts' BACK_OFFICE_AREAS); null: everyone's. */
const NAV: readonly { to: string; key: string; area: BackOfficeArea | null; end?: true }[] = [
  { to: paths.admin.href(), key: 'dashboard', area: null, end: true },
  { to: paths.adminOrders.href(), key: 'orders', area: 'orders' },
  { to: paths.adminReturns.href(), key: 'returns', area: 'returns' },
  { to: paths.adminProducts.href(), key: 'products', area: 'products' },
  { to: paths.adminCollections.href(), key: 'collections', area: 'products' },
  { to: paths.adminGallery.href(), key: 'gallery', area: 'products' },
  { to: paths.adminSearch.href(), key: 'search', area: 'search' },
  { to: paths.adminMessages.href(), key: 'messages', area: 'messages' },
  { to: paths.adminCustomers.href(), key: 'customers', area: 'customers' },
  { to: paths.adminShipping.href(), key: 'shipping', area: 'shipping' },
  { to: paths.adminDiscounts.href(), key: 'discounts', area: 'discounts' },
  { to: paths.adminReports.href(), key: 'reports', area: 'revenue' },
  { to: paths.adminStaff.href(), key: 'staff', area: 'staff' },
];

/** The signed-in member's role in the back office (the guard admits only `admin` and `staff`). */
export function useBackOfficeRole(): string {
  const session = useSession();
  return session.status === 'authenticated' ? session.user.role : 'customer';
}

/** A page of a part staff may not use: the owner sees it, staff a clear "owners only" page (the API refuses too). */
export function OwnersOnly({ area, children }: { area: BackOfficeArea; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const role = useBackOfficeRole();
  if (roleMayUse(role, area)) return children;
  return (
    <div className="adm-stack">
      <h1>{t('staff.ownersOnly.title')}</h1>
      <p>{t('staff.ownersOnly.text')}</p>
      <p>
        <Link to={paths.admin.href()}>{t('notFound.back')}</Link>
      </p>
    </div>
  );
}

/**
 * The back office's frame: a top bar (shop, language, theme), the side navigation and the page. Its stylesheet
 * is its own: React holds the frame back until it has loaded, so nothing shows unstyled.
 */
export default function AdminLayout() {
  const { t, i18n } = useTranslation('admin');
  const { pathname } = useLocation();
  const theme = useTheme();
  const role = useBackOfficeRole();
  const unread = useAdminMessages({ box: 'inbox', page: 1, per_page: 1 }).data?.unread ?? 0;
  const requested =
    useAdminReturns({ status: 'requested', page: 1, per_page: 1 }).data?.counts.requested ?? 0;

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname]);
  // The storefront's pages end the boot state when they render; the back office never shows one of them.
  useEffect(() => {
    void appLive();
  }, []);

  return (
    <div className="adm">
      <link rel="stylesheet" href={adminStylesheet} precedence="admin" />
      <meta name="robots" content="noindex" />
      <a href="#admin-main" className="adm-skip">
        {t('skip')}
      </a>
      <header className="adm-top">
        <Link to={paths.admin.href()} className="adm-brand">
          {t('brand')}
          <small>{t('backOffice')}</small>
        </Link>
        <div className="adm-top-tools">
          <Link to={paths.home.href()}>{t('viewShop')}</Link>
          <label className="visually-hidden" htmlFor="admin-language">
            {t('language')}
          </label>
          <SelectBox
            id="admin-language"
            className="adm-lang"
            value={i18n.language}
            onChange={(event) => changeLanguage(event.target.value as Language)}
          >
            {LANGUAGES.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {t(`languages.${lng}`)}
              </option>
            ))}
          </SelectBox>
          <button
            type="button"
            className="adm-icon-btn"
            aria-pressed={theme === 'dark'}
            aria-label={t('darkMode')}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            {theme === 'dark' ? <SunIcon size={16} /> : <MoonIcon size={16} />}
          </button>
        </div>
      </header>
      <nav className="adm-nav" aria-label={t('navLabel')}>
        <ul>
          {NAV.filter((item) => item.area === null || roleMayUse(role, item.area)).map((item) => (
            <li key={item.key}>
              <NavLink to={item.to} end={item.end === true}>
                <span>{t(item.key === 'staff' ? 'staff.nav' : `nav.${item.key}`)}</span>
                {item.key === 'messages' && unread > 0 && (
                  <span className="adm-count" aria-label={t('messages.unreadCount', { count: unread })}>
                    {unread}
                  </span>
                )}
                {item.key === 'returns' && requested > 0 && (
                  <span className="adm-count" aria-label={t('returns.requestedCount', { count: requested })}>
                    {requested}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="admin-main" className="adm-main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** An address under /admin that names no page. */
export function AdminNotFound() {
  const { t } = useTranslation('admin');
  return (
    <div className="adm-stack">
      <h1>{t('notFound.title')}</h1>
      <p>
        <Link to={paths.admin.href()}>{t('notFound.back')}</Link>
      </p>
    </div>
  );
}
