import { STORAGE_KEYS, storage } from './storage';

export type Theme = 'light' | 'dark';

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Applies and saves the choice under `darkMode` ("true"/"false"), as the pre-paint script in index.html reads it. */
export function setTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  storage.set(STORAGE_KEYS.darkMode, String(theme === 'dark'));
}
