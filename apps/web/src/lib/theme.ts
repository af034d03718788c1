import { useClientStore } from '@/first-load/client-store';
import { STORAGE_KEYS, storage } from './storage';

export type Theme = 'light' | 'dark';

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

const listeners = new Set<() => void>();

/** The theme as React state; undefined on the server, which cannot know the visitor's choice. */
export function useTheme(): Theme | undefined {
  return useClientStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentTheme,
    () => undefined,
  );
}

/** Applies and saves the choice under `darkMode` ("true"/"false"), as the pre-paint script in index.html reads it. */
export function setTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  storage.set(STORAGE_KEYS.darkMode, String(theme === 'dark'));
  for (const listener of listeners) listener();
}
