import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createInstance, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { setServerBootData, type ShopInfo } from './lib/boot';
import { NAMESPACES } from './lib/i18n';

export interface RenderInput {
  url: string;
  lang: 'en' | 'fr' | 'ar';
  /** Every namespace of the page's language (and of English, the fallback). */
  resources: Resource;
  queries: { key: unknown[]; data: unknown }[];
  shop: ShopInfo;
  signal?: AbortSignal;
}

/**
 * Renders one page to HTML on the server, waiting for its lazy code, with the answers the server already has:
 * the browser paints the page (and its main image) before any script runs, then hydrates it.
 */
export async function render({ url, lang, resources, queries, shop, signal }: RenderInput): Promise<string> {
  setServerBootData({ shop, queries, i18n: { lng: lang, resources: {} } });
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    initAsync: false,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const { key, data } of queries) client.setQueryData(key, data);

  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders client={client} i18n={i18n}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // Everything inline: an outlined part would need an inline script (forbidden by the CSP) to appear.
    { signal, onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  client.clear();
  // A part that failed would be finished in the browser by an inline script, which the CSP forbids: the whole
  // page is then left to the browser instead.
  if (errors.length > 0) throw new AggregateError(errors, `server rendering of ${url} failed`);
  return html;
}
