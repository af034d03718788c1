import type { ReactNode } from 'react';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Language } from '@boutique/contracts/constants';

/** Every namespace in every language, straight from the files the site serves (its own and the shared ones). */
const files = import.meta.glob<Record<string, unknown>>(
  ['../../public/locales/*/*.json', '../../../../packages/contracts/locales/*/shared.json'],
  { eager: true, import: 'default' },
);

function resources() {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, data] of Object.entries(files)) {
    const [, lng = '', ns = ''] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    (out[lng] ??= {})[ns] = data;
  }
  return out;
}

/** An i18next instance in `lng` that records every key it could not find. */
export async function createTestI18n(lng: Language): Promise<{ i18n: i18n; missing: string[] }> {
  const missing: string[] = [];
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: resources(),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => missing.push(`${ns}:${key}`),
  });
  return { i18n: instance, missing };
}

export function renderWithProviders(ui: ReactNode, i18n: i18n, route = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** jsdom has no modal dialogs: `showModal` and `close` open and close them as an attribute. */
export function stubModalDialogs() {
  const dialog = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
  dialog.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  dialog.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}
