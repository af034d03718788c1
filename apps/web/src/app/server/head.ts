import type { Language, ShopInfo } from '@boutique/contracts';
import { languagePath } from '@boutique/contracts/constants';
import { truncate } from '@/lib/format';
import { headTitle, languageAlternates } from '@/lib/head';
import type { PageHead } from '@/lib/page';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or attribute value safe inside HTML. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * JSON safe inside a <script> element: `<` can't close the element, and the two line separators that
 * JavaScript treats as newlines are escaped too.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const attr = (name: string, value: string | undefined) => (value ? ` ${name}="${escapeHtml(value)}"` : '');

const LOCALES: Record<Language, string> = { en: 'en_AE', fr: 'fr_FR', ar: 'ar_AE' };

/**
 * The head crawlers and link previews read, written by the server. Tags the page re-renders itself
 * (components/page-meta.tsx) carry data-ssr so that the browser drops these copies (lib/server-head.ts).
 * `brand` is the shop's name as the page's language writes it; the canonical address is the page's own in its
 * language, with its addresses in the others beside it.
 */
export function headTags(head: PageHead, lang: Language, shop: ShopInfo, brand: string): string {
  const title = headTitle(head.title, brand, shop.name);
  const description = head.description ? truncate(head.description, 160) : undefined;
  const canonical = head.canonicalPath ? shop.publicUrl + languagePath(lang, head.canonicalPath) : undefined;
  // A page never indexed needs no addresses in the other languages.
  const alternates =
    head.canonicalPath && !head.noindex ? languageAlternates(shop.publicUrl, head.canonicalPath) : [];
  const image = head.image ? new URL(head.image, shop.publicUrl).toString() : undefined;
  return [
    `<title data-ssr>${escapeHtml(title)}</title>`,
    description && `<meta data-ssr name="description"${attr('content', description)}>`,
    head.noindex && `<meta data-ssr name="robots" content="noindex">`,
    canonical && `<link data-ssr rel="canonical"${attr('href', canonical)}>`,
    ...alternates.map(
      (link) => `<link data-ssr rel="alternate"${attr('hreflang', link.hreflang)}${attr('href', link.href)}>`,
    ),
    `<meta data-ssr property="og:type" content="${head.ogType ?? 'website'}">`,
    `<meta data-ssr property="og:site_name"${attr('content', brand)}>`,
    `<meta data-ssr property="og:title"${attr('content', title)}>`,
    description && `<meta data-ssr property="og:description"${attr('content', description)}>`,
    canonical && `<meta data-ssr property="og:url"${attr('content', canonical)}>`,
    image && `<meta data-ssr property="og:image"${attr('content', image)}>`,
    `<meta data-ssr property="og:locale" content="${LOCALES[lang]}">`,
    `<meta data-ssr name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    ...(head.preload ?? []).map(
      (p) =>
        `<link rel="preload" as="image" fetchpriority="high"${attr('href', p.href)}${attr('imagesrcset', p.srcset)}${attr('imagesizes', p.sizes)}${attr('type', p.type)}${attr('media', p.media)}>`,
    ),
    head.jsonLd && `<script data-ssr type="application/ld+json">${scriptJson(head.jsonLd)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
}
