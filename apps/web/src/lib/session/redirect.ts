import type { Location } from 'react-router';
import { isBackOfficeRole } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { STORAGE_KEYS } from '@/lib/storage';
import type { CartItem } from '@/stores/cart-model';

/** What the protected guard hands to the login page (the spec: the requested location, cart items and total). */
export interface LoginRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  cartItems?: CartItem[];
  cartTotal?: number;
  /** A message for the login page, e.g. after a password reset. */
  notice?: 'passwordReset';
}

const AUTH_PAGES = new Set<string>([paths.login.path, paths.register.path]);

/**
 * Where a fresh sign-in goes: `target`, except that an admin first passes the second step (the page sends them
 * on to `target` once this sign-in is confirmed).
 */
export function afterSignIn(role: string, target: string): { pathname: string; state?: LoginRedirectState } {
  if (!isBackOfficeRole(role)) return { pathname: target };
  const [pathname = '/', search = ''] = target.split('?', 2);
  return {
    pathname: paths.twoFactor.href(),
    state: { from: { pathname, search: search ? `?${search}` : '', hash: '' } },
  };
}
const isOwnPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

/** Where to go after signing in: an address of this shop only (never another site), and never a login page. */
export function returnPath(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !isOwnPath(pathname)) return paths.home.href();
  if (AUTH_PAGES.has(pathname)) return paths.home.href();
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

/**
 * The page to come back to after a social sign-in, kept across the trip to the provider (browser storage key
 * `auth_redirect`, in this tab's sessionStorage: another tab's sign-in must not pick it up).
 */
export const authRedirect = {
  remember(path: string) {
    try {
      sessionStorage.setItem(STORAGE_KEYS.authRedirect, path);
    } catch {
      // Storage disabled: the sign-in lands on the home page.
    }
  },
  /** The remembered page (once), or the home page. */
  take(): string {
    let path: string | null;
    try {
      path = sessionStorage.getItem(STORAGE_KEYS.authRedirect);
      sessionStorage.removeItem(STORAGE_KEYS.authRedirect);
    } catch {
      path = null;
    }
    if (!path || !isOwnPath(path) || AUTH_PAGES.has(path.split(/[?#]/)[0] ?? '')) return paths.home.href();
    return path;
  },
};
