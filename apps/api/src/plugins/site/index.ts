import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { utcOffsetMinutes } from '@boutique/contracts/constants';
import fastifyStatic from '@fastify/static';
import type { SiteEntry, SiteServices } from '@boutique/contracts';
import type { Config } from '../../env.js';
import type { CatalogReader, CatalogService } from '../../modules/catalog/index.js';
import type { PageNotFound } from '../errors.js';
import { redactUrl } from '../../lib/log-redaction.js';
import { acceptedEncoding, brotliBest } from '../../lib/compression.js';
import {
  fillTemplate,
  loadTemplate,
  loadTranslations,
  type Template,
  type Translations,
} from './template.js';
import { sitemap } from './sitemap.js';
import { loadCriticalFonts, loadRouteAssets, loadServerEntry } from './ssr.js';
import { PageCache } from './page-cache.js';
import { clientKey, MemoryRateLimitStore, RateLimiter } from '../../lib/rate-limit.js';

/** What the rendered pages of one instance may weigh at most. */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The rendered pages (size and weight, for tests and metrics). */
    pageCache: { readonly size: number; readonly bytes: number };
  }
}

export interface SiteAssets {
  template: Template | undefined;
  translations: Translations;
  serverEntry: SiteEntry | undefined;
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

/** How long a page may take to render on the server before the browser is left to render it. */
const RENDER_TIMEOUT_MS = 2000;
/** The storefront's app, as the client build's manifest names it: every page loads it (index.html's script). */
const MAIN_MODULE = 'index.html';

/** The language the visitor last used, as the storefront saved it (lib/i18n.ts), if any. */
const savedLanguage = (request: FastifyRequest) =>
  /(?:^|;\s*)lang=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];

/**
 * Serves the built storefront from the same process: hashed assets cached for a year, translations and media
 * for less, and every page as the storefront's server entry renders it (apps/web/src/entry-server.tsx: which
 * pages there are, their data, head and status), written into index.html and cached.
 */
export async function registerSite(
  app: FastifyInstance,
  config: Config,
  catalog: CatalogService,
  assets: SiteAssets,
  setPageNotFound: (handler: PageNotFound) => void,
) {
  const { template, translations, serverEntry, routeAssets, criticalFonts } = assets;
  const shop = { ...config.shop, publicUrl: config.publicUrl };

  // Rendered pages, per address (which says the language); dropped with the catalogue answers they are made of (when only some
  // products' stock changed, only the pages showing them).
  const pages = new PageCache<{
    status: number;
    redirect?: string;
    html: string;
    tags: ReadonlySet<number> | undefined;
    /**
     * The page in Brotli at its best quality, made once in the background (lib/compression.ts); until then
     * `@fastify/compress` compresses each answer at its usual quality. About a seventh of the HTML's weight.
     */
    brotli?: Buffer;
  }>(PAGE_CACHE_BYTES);
  catalog.onChange((changed) => {
    if (!changed) return pages.clear();
    pages.dropWhere((entry) => !entry.tags || [...changed].some((id) => entry.tags?.has(id)));
  });
  app.decorate('pageCache', pages);

  const services = (reader: CatalogReader = catalog): SiteServices => ({
    catalog: reader,
    // The offset of this moment: a clock change moves it.
    shop: { ...shop, timeZoneOffsetMinutes: utcOffsetMinutes(shop.timeZone) },
    translations,
  });

  // Every new value of a filter (`?color=…`) is a page rendered afresh (~0.4 s of CPU): one client renders at
  // most RENDER_LIMIT_PER_IP of them a minute, then gets the page without its filters (cached), which the
  // browser filters itself. Counted per instance: it bounds this instance's CPU.
  const renders = new RateLimiter(new MemoryRateLimitStore(10_000));
  const renderLimit = { name: 'render:ip', max: config.renderLimitPerIp, windowS: 60 };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-cache');
    if (!template || !serverEntry) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Storefront not built</title><p>Build the storefront first: <code>npm run build</code>.</p>',
        );
    }
    // The address says the page's language; only `/` sends a returning visitor to theirs, never cached.
    const moved = serverEntry.languageRedirect(request.url, savedLanguage(request));
    if (moved.vary) void reply.header('vary', 'cookie');
    if (moved.location) return reply.redirect(moved.location, 302);
    // Rendered and cached for the parameters the page reads, never the raw query string.
    let address = serverEntry.pageAddress(request.url);
    let entry = pages.get(address);
    if (!entry && address.includes('?')) {
      const verdict = await renders.consume(renderLimit, clientKey(request.ip));
      if (!verdict.allowed) {
        address = address.slice(0, address.indexOf('?'));
        entry = pages.get(address);
      }
    }
    if (!entry) {
      const recording = catalog.recording();
      const page = await serverEntry.render(address, {
        ...services(recording.reader),
        renderTimeoutMs: RENDER_TIMEOUT_MS,
      });
      if (page.error)
        request.log.error(
          { err: page.error, url: redactUrl(request.url) },
          'server rendering failed; the browser renders this page',
        );
      const html = page.redirect
        ? ''
        : fillTemplate(template, page, {
            // The app's entry (app/main.tsx) and the page's own module, with all they import.
            ...routeAssets([MAIN_MODULE, ...page.modules]),
            // The faces of the first screen in the page's language, found at once (decision 040).
            fonts: criticalFonts[page.lang] ?? [],
          });
      entry = { status: page.status, redirect: page.redirect, html, tags: recording.tags() };
      // A known pattern with an unknown slug (`/product/<anything>`) is not worth a place.
      if (page.cacheable) {
        const cached = entry;
        pages.set(address, cached);
        if (html)
          brotliBest(Buffer.from(html)).then(
            (body) => (cached.brotli = body),
            (err: unknown) =>
              request.log.warn({ err }, 'compressing a page failed: it goes as compressed on the fly'),
          );
      }
    }
    if (entry.redirect) return reply.redirect(entry.redirect, 301);
    void reply.code(entry.status).type('text/html; charset=utf-8');
    if (entry.brotli && acceptedEncoding(request.headers['accept-encoding']) === 'br') {
      // `@fastify/compress` leaves a body that says its encoding alone; the answer still varies by it.
      const vary = reply.getHeader('vary');
      return reply
        .header('content-encoding', 'br')
        .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
        .send(entry.brotli);
    }
    return reply.send(entry.html);
  };

  // The storefront's pages, as its server entry lists them: a known page answers another method with 405.
  for (const path of serverEntry?.paths ?? [])
    app.get(path, { schema: { hide: true } }, (req, reply) => sendPage(req, reply));
  setPageNotFound((req, reply) => sendPage(req, reply));

  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          ...(serverEntry?.disallowed ?? []).map((path) => `Disallow: ${path}`),
          `Sitemap: ${config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap(config.publicUrl, serverEntry ? await serverEntry.sitemap(services()) : [])),
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
        const hashed = /[\\/]assets[\\/]/.test(filePath);
        const cache = hashed
          ? 'public, max-age=31536000, immutable'
          : /[\\/]media[\\/]/.test(filePath)
            ? 'public, max-age=604800'
            : 'public, max-age=300, stale-while-revalidate=86400';
        res.header('cache-control', cache);
        // A hashed file never changes under its name: nothing to revalidate or resume. Its validators would
        // only add bytes to each of a first load's dozen responses.
        if (hashed) for (const name of ['etag', 'last-modified', 'accept-ranges']) res.removeHeader(name);
      },
    });
  }
}
