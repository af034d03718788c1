import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter, matchRoutes } from 'react-router';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { QueryClient } from '@tanstack/react-query';
import type { Language, RenderedPage, SiteEntry, SiteServices } from '@boutique/contracts';
import { LANGUAGES, languagePath, pathLanguage } from '@boutique/contracts/constants';
import { paths as routePaths } from './config/paths';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { PAGES, type PageRoute, type ServerFacts } from './app/routes';
import { headTags, scriptJson } from './app/server/head';
import { setServerBootData, type BootData } from './lib/boot';
import { NAMESPACES, directionOf, isLanguage } from './lib/i18n';
import { languageAlternates } from './lib/head';
import { loadContext, pageCatalog } from './app/server/load-context';
import type { InlinedQuery, PageData } from './lib/page';
import { categoriesOf } from './lib/queries/get-categories';
import { productsOf } from './lib/queries/get-products';

/** Every page with what the server knows of it (this bundle is built with `onServer` true). */
const ROUTES = PAGES.map((page) => {
  if (!page.server) throw new Error(`the page ${page.path} says nothing for the server`);
  return { path: page.path, page, facts: page.server };
});

/** The page a path (without its language's prefix) is, with its parameters; the catch-all for any other. */
function match(pathname: string): {
  route: PageRoute;
  facts: ServerFacts;
  params: Record<string, string | undefined>;
} {
  const found = matchRoutes(ROUTES, pathname)?.at(-1);
  const catchAll = ROUTES.find((r) => r.path === '*') as (typeof ROUTES)[number];
  const params = found?.params ?? {};
  // A route's own pattern is the one page of its addresses (`onePage`), whatever its parameters say.
  const accepted =
    found &&
    ((found.route.facts.accepts?.(params) ?? true) ||
      (found.route.facts.onePage && pathname === found.route.path));
  const { page, facts } = accepted ? found.route : catchAll;
  return { route: page, facts, params };
}

/**
 * Every address pattern the API answers with a page, in every language (Fastify reads `/admin/*` as React
 * Router does). Other addresses under `/fr/` and `/ar/` are the not-found page in that language.
 */
export const paths: SiteEntry['paths'] = LANGUAGES.flatMap((lang) =>
  PAGES.flatMap((p) =>
    p.path === '*' ? [] : p.path.endsWith('/*') ? [p.path.slice(0, -2), p.path] : [p.path],
  ).map((path) => languagePath(lang, path)),
);

/**
 * The address a page is rendered and cached for: its path and the parameters it reads, in a fixed order, and
 * nothing else (`?cb=1..n` would otherwise make a page per value; account links' one-time tokens never reach
 * the page). Every address of a browser-rendered route (unknown addresses, the back office) is one page.
 */
export function pageAddress(url: string): string {
  const { pathname: address, searchParams } = new URL(url, 'http://page');
  const { lang, path: pathname } = pathLanguage(address);
  const { route, facts } = match(pathname);
  // The catch-all's one page is rendered at `/*`, as its pattern `*` reads as an address.
  if (facts.browserOnly || facts.onePage) return languagePath(lang, route.path === '*' ? '/*' : route.path);
  const kept = new URLSearchParams();
  for (const name of facts.params ?? []) {
    const value = searchParams.get(name);
    // Values of a few hundred characters are not links anyone shares: they are not rendered as such.
    if (value !== null && value.length <= 200) kept.set(name, value);
  }
  const query = kept.toString();
  const page = languagePath(lang, pathname);
  return query ? `${page}?${query}` : page;
}

/**
 * Where a returning visitor is sent: from the home page, to its address in the language they last used (the
 * `lang` cookie lib/i18n.ts keeps). Only `/` moves, so that a shared English link stays English; whether
 * an address moves depends on the cookie (`vary`).
 */
export function languageRedirect(
  url: string,
  saved: string | undefined,
): ReturnType<SiteEntry['languageRedirect']> {
  const { pathname, search } = new URL(url, 'http://page');
  if (pathname !== routePaths.home.path) return { vary: false };
  const moves = isLanguage(saved) && saved !== 'en';
  return { vary: true, location: moves ? languagePath(saved, pathname) + search : undefined };
}

/** Paths crawlers are asked to leave alone: every page never indexed, by its first segment, in every language. */
export const disallowed: SiteEntry['disallowed'] = [
  ...new Set(
    ROUTES.filter((p) => p.facts.noindex && p.path !== '*').flatMap((p) => {
      const [first = '', ...rest] = p.path.split('/').filter(Boolean);
      const path = rest.length > 0 && rest[0] !== '*' ? `/${first}/` : `/${first}`;
      return LANGUAGES.map((lang) => languagePath(lang, path));
    }),
  ),
];

async function translator(lang: Language, { translations }: SiteServices): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    resources: { [lang]: translations[lang] ?? {}, en: translations.en ?? {} },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    initAsync: false,
  });
  return i18n;
}

/**
 * React puts the page's <title>, <meta> and preload links first; the server's head already carries them. Its
 * structured data stays where the page renders it: that is the page's one copy.
 */
const HOISTED_TAGS = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/**
 * Renders one page to HTML with the answers its loader inlined, waiting for its lazy code: the browser paints
 * the page (and its main image) before any script runs, then hydrates it.
 */
async function renderApp(url: string, i18n: I18n, boot: BootData, signal?: AbortSignal): Promise<string> {
  setServerBootData({ ...boot, i18n: { lng: boot.i18n.lng, resources: {} } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const { key, data } of boot.queries) client.setQueryData(key, data);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders client={client} i18n={i18n}>
        <StaticRouter location={url} basename={languagePath(boot.i18n.lng, '')}>
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
  return html.replace(HOISTED_TAGS, '');
}

/**
 * One page, in the language of its address, for the API to write into index.html: status, head, HTML, boot
 * data and the page's own code.
 */
export async function render(url: string, services: SiteServices): Promise<RenderedPage> {
  const { shop, translations } = services;
  const address = new URL(url, 'http://page');
  const { lang, path: pathname } = pathLanguage(address.pathname);
  const { route, facts, params } = match(pathname);
  const i18n = await translator(lang, services);
  const t = i18n.getFixedT(lang);
  const { load } = await route.page();
  const data: PageData = load ? await load(loadContext(params, address.searchParams, lang, services, t)) : {};
  const base = { lang, dir: directionOf(lang), head: '', html: '', boot: '', modules: [] };
  if (data.redirect)
    return { ...base, status: 301, redirect: languagePath(lang, data.redirect), cacheable: false };

  const values = { shop: shop.name, email: shop.email };
  const head = data.head ?? {
    title: facts.meta && t(facts.meta.title, values),
    description: facts.meta?.description && t(facts.meta.description, values),
    canonicalPath: facts.noindex ? undefined : pathname,
  };
  const queries: InlinedQuery[] = data.queries ?? [];
  const resources: Record<string, Record<string, unknown>> = {};
  for (const ns of new Set([...NAMESPACES, ...facts.namespaces])) {
    const bundle = translations[lang]?.[ns];
    if (bundle) resources[ns] = bundle;
  }
  const boot: BootData = { shop, queries: queries as BootData['queries'], i18n: { lng: lang, resources } };
  let html = '';
  let error: unknown;
  if (!facts.browserOnly) {
    try {
      html = await renderApp(
        url,
        i18n,
        boot,
        services.renderTimeoutMs ? AbortSignal.timeout(services.renderTimeoutMs) : undefined,
      );
    } catch (err) {
      error = err;
    }
  }
  const status = data.status ?? facts.status ?? 200;
  return {
    ...base,
    status,
    head: headTags({ ...head, noindex: head.noindex || facts.noindex }, lang, shop, t('common:brand')),
    html,
    boot: scriptJson(boot),
    modules: html ? [facts.module] : [],
    cacheable: status === 200 || Boolean(facts.browserOnly),
    error,
  };
}

/**
 * Public pages for the sitemap: the information pages, every collection and every product in stock, each at
 * its address in every language with the others as its alternates.
 */
export async function sitemap(services: SiteServices): ReturnType<SiteEntry['sitemap']> {
  const entries: { path: string; lastmod?: string }[] = ROUTES.filter((p) => p.facts.sitemap).map((p) => ({
    path: p.path,
  }));
  const catalog = pageCatalog(services);
  const categories = await catalog.categories();
  for (const c of categories ? categoriesOf(categories) : [])
    entries.push({ path: routePaths.collection.href(c.slug) });
  for (let page = 1; ; page++) {
    const body = await catalog.products(page, 48);
    if (!body) break;
    const { data, last_page } = productsOf(body);
    for (const p of data)
      entries.push({ path: routePaths.product.href(p.slug), lastmod: p.created_at.slice(0, 10) });
    if (page >= last_page) break;
  }
  return entries.flatMap(({ path, lastmod }) => {
    const alternates = languageAlternates('', path).map(({ hreflang, href }) => ({ hreflang, path: href }));
    return LANGUAGES.map((lang) => ({ path: languagePath(lang, path), lastmod, alternates }));
  });
}
