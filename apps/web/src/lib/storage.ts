import { nextTask } from './next-task';

/** Every browser storage key the storefront uses, in one place. */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  cart: 'cart',
  language: 'i18nextLng',
  darkMode: 'darkMode',
  authRedirect: 'auth_redirect',
} as const;

/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage full or disabled: the session keeps working from memory.
    }
  },
  remove(key: string) {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};

/**
 * Follows what another tab of the shop writes to storage. The listener is added in a task of its own: Chromium
 * opens the tab's session storage when a page first listens for `storage` (to be told of changes), 2-4 ms of
 * the main thread that would otherwise lengthen the app's start, already its longest task on a phone.
 */
export function onOtherTabChange(listener: (event: StorageEvent) => void) {
  void nextTask().then(() => window.addEventListener('storage', listener));
}
