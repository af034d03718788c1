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
