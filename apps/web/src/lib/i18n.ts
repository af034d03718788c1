import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@boutique/contracts/constants';
import { bootData } from './boot';
import { STORAGE_KEYS, storage } from './storage';

/** Loaded before the first render: the frame (cart drawer, search overlay) needs them on every page. */
export const NAMESPACES = ['common', 'cart', 'search'] as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The saved choice, else what the server rendered, else English. */
export function currentLanguage(): Language {
  const saved = storage.get(STORAGE_KEYS.language);
  if (isLanguage(saved)) return saved;
  const boot = bootData().i18n.lng;
  return isLanguage(boot) ? boot : 'en';
}

export const directionOf = (lng: Language): 'rtl' | 'ltr' => (lng === 'ar' ? 'rtl' : 'ltr');

/**
 * Saves the choice (browser storage for the client, a cookie so the server renders the next page in it)
 * and reloads, as the spec says.
 */
export function changeLanguage(lng: Language) {
  storage.set(STORAGE_KEYS.language, lng);
  rememberForServer(lng);
  location.reload();
}

/** The server renders pages in the language of this cookie. */
function rememberForServer(lng: Language) {
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
  rememberForServer(lng);
  return i18next;
}
