import type { Language, ShopDetails } from '@boutique/contracts';
import { escapeHtml, scriptJson } from './html.js';
import type { Page } from './pages.js';
import type { Template, Translations } from './template.js';

export interface RenderInput {
  template: Template;
  page: Page;
  lang: Language;
  publicUrl: string;
  shop: ShopDetails;
  translations: Translations;
  /** Namespaces every page needs (the frame's). */
  baseNamespaces: readonly string[];
  /** The page rendered on the server, when it could be. */
  appHtml?: string;
  /** The page's own stylesheets (see ssr.ts); its scripts are left to load after the main image. */
  assets?: { css: string[]; js: string[] };
  /** Font files the first screen's text is set in, preloaded (see ssr.ts). */
  fonts?: string[];
}

const attr = (name: string, value: string | undefined) => (value ? ` ${name}="${escapeHtml(value)}"` : '');

/**
 * The storefront's index.html for one route: <html lang dir>, the head crawlers and link previews read, and a
 * JSON block with the shop details, the route's API answers and its translations for the first paint.
 * Tags the client re-renders itself carry data-ssr so that it can drop these copies.
 */
export function renderPage({
  template,
  page,
  lang,
  publicUrl,
  shop,
  translations,
  baseNamespaces,
  appHtml = '',
  assets = { css: [], js: [] },
  fonts = [],
}: RenderInput) {
  const fullTitle = page.title
    ? page.title.includes(shop.name)
      ? page.title
      : `${page.title} · ${shop.name}`
    : shop.name;
  const description = page.description ? truncate(page.description, 160) : undefined;
  const canonical = page.canonicalPath ? publicUrl + page.canonicalPath : undefined;
  const image = page.image ? new URL(page.image, publicUrl).toString() : undefined;

  const head = [
    `<title data-ssr>${escapeHtml(fullTitle)}</title>`,
    description && `<meta data-ssr name="description"${attr('content', description)}>`,
    page.noindex && `<meta data-ssr name="robots" content="noindex">`,
    canonical && `<link data-ssr rel="canonical"${attr('href', canonical)}>`,
    `<meta data-ssr property="og:type" content="${page.jsonLd && 'offers' in page.jsonLd ? 'product' : 'website'}">`,
    `<meta data-ssr property="og:site_name"${attr('content', shop.name)}>`,
    `<meta data-ssr property="og:title"${attr('content', fullTitle)}>`,
    description && `<meta data-ssr property="og:description"${attr('content', description)}>`,
    canonical && `<meta data-ssr property="og:url"${attr('content', canonical)}>`,
    image && `<meta data-ssr property="og:image"${attr('content', image)}>`,
    `<meta data-ssr property="og:locale" content="${{ en: 'en_AE', fr: 'fr_FR', ar: 'ar_AE' }[lang]}">`,
    `<meta data-ssr name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    ...(page.preload ?? []).map(
      (p) =>
        `<link rel="preload" as="image" fetchpriority="high"${attr('href', p.href)}${attr('imagesrcset', p.srcset)}${attr('imagesizes', p.sizes)}${attr('type', p.type)}${attr('media', p.media)}>`,
    ),
    ...assets.css.map((href) => `<link rel="stylesheet" crossorigin${attr('href', href)}>`),
    // Found by the browser only once the stylesheet is in and the page laid out, a round trip later, otherwise.
    ...fonts.map(
      (href) => `<link rel="preload" as="font" type="font/woff2" crossorigin${attr('href', href)}>`,
    ),
    page.jsonLd && `<script data-ssr type="application/ld+json">${scriptJson(page.jsonLd)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');

  const resources: Record<string, unknown> = {};
  for (const ns of new Set([...baseNamespaces, ...page.namespaces])) {
    const bundle = translations[lang]?.[ns];
    if (bundle) resources[ns] = bundle;
  }
  const boot = { shop: { ...shop, publicUrl }, queries: page.queries, i18n: { lng: lang, resources } };

  const before = template.before.replace(
    /<html[^>]*>/,
    `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`,
  );
  const body = template.between.replace('<div id="root"></div>', `<div id="root">${appHtml}</div>`);
  return `${before}${head}${body}<script id="boot-data" type="application/json">${scriptJson(boot)}</script>${template.after}`;
}

function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
