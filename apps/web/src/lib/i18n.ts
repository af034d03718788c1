import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, languagePath, pathLanguage, type Language } from '@boutique/contracts/constants';
import { bootData } from './boot';
import { nextTask } from './next-task';
import { STORAGE_KEYS, storage } from './storage';

/** Loaded before the first render: the frame (cart drawer, search overlay) needs them on every page. */
export const NAMESPACES = ['common', 'cart', 'search'] as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language of the page: its address says it (`/fr/...`, `/ar/...`, English without a prefix). On the
 * server, the one the page is rendered in.
 */
export function currentLanguage(): Language {
  if (typeof location !== 'undefined') return pathLanguage(location.pathname).lang;
  const boot = bootData().i18n.lng;
  return isLanguage(boot) ? boot : 'en';
}

/** A path of the shop in the page's language, for the few links made outside the router (`<a href>`). */
export const shopPath = (path: string) => languagePath(currentLanguage(), path);

export const directionOf = (lng: Language): 'rtl' | 'ltr' => (lng === 'ar' ? 'rtl' : 'ltr');

/**
 * Saves the choice (browser storage, and a cookie that sends a returning visitor from `/` to their language)
 * and opens the same page, with the same query, at its address in that language.
 */
export function changeLanguage(lng: Language) {
  remember(lng);
  const { path } = pathLanguage(location.pathname);
  location.assign(languagePath(lng, path) + location.search + location.hash);
}

/** The language last used: kept in step with the pages opened, so that `/` does not move an English reader. */
function remember(lng: Language) {
  storage.set(STORAGE_KEYS.language, lng);
  if (!document.cookie.split('; ').includes(`lang=${lng}`)) {
    document.cookie = `lang=${lng}; path=/; max-age=31536000; samesite=lax`;
  }
}

/**
 * Loads /locales/{lng}/{ns}.json. A failure is reported as retryable, and i18next retries it (5 times, from
 * 350 ms, doubling: the options below).
 */
const translationBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    fetch(`/locales/${lng}/${ns}.json`)
      .then(async (res) => {
        if (!res.ok) throw new Error(`${res.status} loading ${lng}/${ns}`);
        callback(null, (await res.json()) as ResourceKey);
      })
      .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), true));
  },
};

export async function initI18n() {
  const lng = currentLanguage();
  const boot = bootData().i18n;
  // Namespaces the server inlined are used at once; the rest load over HTTP.
  const resources = boot.lng === lng ? { [lng]: boot.resources } : undefined;
  await i18next
    .use(translationBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      fallbackNS: 'common',
      resources,
      partialBundledLanguages: true,
      // The spec's loader: up to 5 retries, from 350 ms, doubling.
      maxRetries: 5,
      retryTimeout: 350,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  const root = document.documentElement;
  root.lang = lng;
  root.dir = directionOf(lng);
  // In a task of its own: reading the cookies asks the browser's other process, and the app's start is long
  // enough on a phone.
  void nextTask().then(() => remember(lng));
  return i18next;
}
