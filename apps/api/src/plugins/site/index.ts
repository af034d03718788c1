import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LANGUAGES, type Language } from '@boutique/contracts';
import type { Config } from '../../env.js';
import type { CatalogReader, CatalogService } from '../../modules/catalog/service.js';
import type { PageNotFound } from '../errors.js';
import { redactUrl } from '../../lib/log-redaction.js';
import {
  accountPageKey,
  isAccountPath,
  notFoundPage,
  resolvePage,
  type Page,
  type PageContext,
} from './pages.js';
import { renderPage } from './render.js';
import { loadTemplate, loadTranslations, lookup, type Template, type Translations } from './template.js';
import { sitemap } from './sitemap.js';
import { loadCriticalFonts, loadRouteAssets, loadServerEntry, type ServerEntry } from './ssr.js';
import { PageCache, pageAddress } from './page-cache.js';

/** What the rendered pages of one instance may weigh at most. */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The rendered pages (size and weight, for tests and metrics). */
    pageCache: { readonly size: number; readonly bytes: number };
  }
}

/** Namespaces the frame renders on every page (apps/web/src/lib/i18n.ts). */
const BASE_NAMESPACES = ['common', 'cart', 'search'] as const;
const PAGE_PATHS = [
  '/',
  '/collections',
  '/collection/:slug',
  '/product/:slug',
  '/cart',
  '/faq',
  '/shipping',
  '/size-guide',
  '/contact',
  '/our-story',
  '/terms',
  '/privacy',
  '/returns',
  '/account/login',
  '/account/register',
  '/account/forgot-password',
  '/account/reset-password',
  '/account/verify-email',
  '/account/two-factor',
  '/account/security',
  '/account/profile',
  '/account/addresses',
  '/account/orders',
  '/account/orders/:id/invoice',
  '/checkout',
  '/order-confirmation',
  '/auth/:provider/callback',
];

export interface SiteAssets {
  template: Template | undefined;
  translations: Translations;
  serverEntry: ServerEntry | undefined;
  routeAssets: ReturnType<typeof loadRouteAssets>;
  criticalFonts: ReturnType<typeof loadCriticalFonts>;
}

/** Read at start, before the security headers are set up: they need the hashes of the inline scripts. */
export async function loadSiteAssets(config: Config): Promise<SiteAssets> {
  return {
    template: loadTemplate(config.webDistDir),
    translations: loadTranslations(config.webDistDir),
    serverEntry: await loadServerEntry(config.webDistDir),
    routeAssets: loadRouteAssets(config.webDistDir),
    criticalFonts: loadCriticalFonts(config.webDistDir),
  };
}

const HOISTED_TAGS =
  /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>|<script type="application\/ld\+json">[\s\S]*?<\/script>)+/;

/** How long a page may take to render on the server before the browser is left to render it. */
const RENDER_TIMEOUT_MS = 2000;

/** The language of a request: the visitor's saved choice (cookie), else the browser's, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  const cookie = /(?:^|;\s*)lang=(en|fr|ar)(?:;|$)/.exec(request.headers.cookie ?? '')?.[1];
  if (cookie) return cookie as Language;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase());
  return (accepted.find((l) => (LANGUAGES as readonly string[]).includes(l)) as Language | undefined) ?? 'en';
}

/**
 * Serves the built storefront from the same process: hashed assets cached for a year, translations and media
 * for less, and for every page index.html with that page's head and data written in (see render.ts).
 */
export async function registerSite(
  app: FastifyInstance,
  config: Config,
  catalog: CatalogService,
  assets: SiteAssets,
  setPageNotFound: (handler: PageNotFound) => void,
) {
  const { template, translations, serverEntry, routeAssets, criticalFonts } = assets;
  const shop = config.shop;

  // Rendered pages, per language and address; dropped with the catalogue answers they are made of (when only some
  // products' stock changed, only the pages showing them).
  const pages = new PageCache<{ page: Page; html: string; tags: ReadonlySet<number> | undefined }>(
    PAGE_CACHE_BYTES,
  );
  catalog.onChange((changed) => {
    if (!changed) return pages.clear();
    pages.dropWhere((entry) => !entry.tags || [...changed].some((id) => entry.tags?.has(id)));
  });
  app.decorate('pageCache', pages);

  const context = (lang: Language, reader: CatalogReader = catalog): PageContext => ({
    lang,
    catalog: reader,
    shopName: config.shop.name,
    publicUrl: config.publicUrl,
    t: (ns, key) => lookup(translations, lang, ns, key) ?? lookup(translations, 'en', ns, key),
  });

  /** The page as HTML, or '' to let the browser render it (no server bundle, a failure, or too slow). */
  const renderApp = async (
    request: FastifyRequest,
    url: string,
    lang: Language,
    page: Page,
  ): Promise<string> => {
    if (!serverEntry) return '';
    try {
      const html = await serverEntry.render({
        url,
        lang,
        resources: { [lang]: translations[lang] ?? {}, en: translations.en ?? {} },
        queries: page.queries,
        shop: { ...shop, publicUrl: config.publicUrl },
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      });
      // React puts the page's <title>, <meta> and preload links first; the head already carries them.
      return html.replace(HOISTED_TAGS, '');
    } catch (err) {
      request.log.error(
        { err, url: redactUrl(request.url) },
        'server rendering failed; the browser renders this page',
      );
      return '';
    }
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, forceNotFound = false) => {
    void reply.header('cache-control', 'no-cache').header('vary', 'cookie, accept-language');
    if (!template) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Storefront not built</title><p>Build the storefront first: <code>npm run build</code>.</p>',
        );
    }
    const lang = requestLanguage(request);
    const [path = '/', query = ''] = request.url.split('?', 2);
    // Rendered and cached for the parameters the page reads, never the raw query string (`?cb=1..n` would
    // otherwise make a page per value). Account pages read none: their one-time tokens never reach the page.
    // Every unknown address is one page per language, sent for the browser to render.
    const url = forceNotFound || isAccountPath(path) ? path : pageAddress(path, new URLSearchParams(query));
    const key = `${lang}:${forceNotFound ? '404' : accountPageKey(url)}`;
    let entry = pages.get(key);
    if (!entry) {
      const recording = catalog.recording();
      const ctx = context(lang, recording.reader);
      const page = forceNotFound ? notFoundPage(ctx) : await resolvePage(path, ctx);
      const appHtml = page.redirect || forceNotFound ? '' : await renderApp(request, url, lang, page);
      const html = page.redirect
        ? ''
        : renderPage({
            template,
            page,
            lang,
            publicUrl: config.publicUrl,
            shop,
            translations,
            baseNamespaces: BASE_NAMESPACES,
            appHtml,
            assets: appHtml ? routeAssets(page.module) : undefined,
            fonts: criticalFonts[lang],
          });
      entry = { page, html, tags: recording.tags() };
      // A known pattern with an unknown slug (`/product/<anything>`) is not worth a place either.
      if (page.status === 200 || forceNotFound) pages.set(key, entry);
    }
    if (entry.page.redirect) return reply.redirect(entry.page.redirect, 301);
    return reply.code(entry.page.status).type('text/html; charset=utf-8').send(entry.html);
  };

  for (const path of PAGE_PATHS)
    app.get(path, { schema: { hide: true } }, (req, reply) => sendPage(req, reply));
  setPageNotFound((req, reply) => sendPage(req, reply, true));

  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /account/',
          'Disallow: /checkout',
          'Disallow: /cart',
          'Disallow: /order-confirmation',
          `Sitemap: ${config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemap(catalog, config.publicUrl, SITEMAP_PATHS)),
  );

  if (template) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      // index.html is only ever served through sendPage, filled in.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('.vite/manifest.json'),
      setHeaders: (res, filePath) => {
        const cache = /[\\/]assets[\\/]/.test(filePath)
          ? 'public, max-age=31536000, immutable'
          : /[\\/]media[\\/]/.test(filePath)
            ? 'public, max-age=604800'
            : 'public, max-age=300, stale-while-revalidate=86400';
        res.header('cache-control', cache);
      },
    });
  }
}

/** Pages listed in the sitemap besides collections and products. */
const SITEMAP_PATHS = [
  '/',
  '/collections',
  '/our-story',
  '/faq',
  '/shipping',
  '/size-guide',
  '/contact',
  '/terms',
  '/privacy',
  '/returns',
];
