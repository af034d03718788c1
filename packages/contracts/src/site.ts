import type { ProductTag } from './catalog.js';
import type { Language } from './constants.js';

/** The shop's public details, as configured on the server and shown by the storefront (footer, contact, links). */
export interface ShopDetails {
  name: string;
  whatsappNumber: string;
  phone: string;
  email: string;
  /** The seller's postal address (SHOP_ADDRESS), on the legal pages. */
  address: string;
  /** The UAE VAT registration number (SHOP_TRN), or null while the shop has none. */
  trn: string | null;
  instagramUrl: string;
  facebookUrl: string;
  tiktokUrl: string;
  /** SHOP_TIMEZONE: the zone of every day boundary and date the shop shows (shop-time.ts). */
  timeZone: string;
}

/** What the storefront receives: the details and the address shoppers use. */
export interface ShopInfo extends ShopDetails {
  publicUrl: string;
  /**
   * The shop's zone's offset from UTC in minutes when the page was made (Dubai: 240): the first load counts
   * shop days with it, without Intl (shop-time.ts).
   */
  timeZoneOffsetMinutes: number;
}

/**
 * A catalogue answer as the API caches it: the JSON envelope a storefront request would receive, serialised
 * to UTF-8 bytes. Undefined when there is no such thing (an unknown product or collection).
 */
export type CatalogAnswer = { body: Uint8Array } | undefined;

/** The catalogue, read the way the storefront's pages read it (the API's CatalogReader fits). */
export interface SiteCatalog {
  categories(): Promise<CatalogAnswer>;
  categoryProducts(slug: string): Promise<CatalogAnswer>;
  product(slugOrId: string): Promise<CatalogAnswer>;
  products(page: number, perPage: number, tag: ProductTag | undefined): Promise<CatalogAnswer>;
  galleries(): Promise<CatalogAnswer>;
}

/** What the API lends the storefront's server entry to render one page (apps/web/src/entry-server.tsx). */
export interface SiteServices {
  catalog: SiteCatalog;
  shop: ShopInfo;
  /** Every namespace of every language: language → namespace → keys. */
  translations: Record<string, Record<string, Record<string, unknown>>>;
  /** How long rendering may take before it is given up and the browser renders the page. */
  renderTimeoutMs?: number;
}

/** One page, ready for the API to write into index.html. */
export interface RenderedPage {
  status: number;
  /** Where a mis-cased or old address moves for good (301). */
  redirect?: string;
  lang: Language;
  dir: 'ltr' | 'rtl';
  /** The head's tags (title, meta, canonical, preloads, structured data), escaped. */
  head: string;
  /** The page rendered, or '' when the browser renders it. */
  html: string;
  /** The boot data (shop, inlined answers under the storefront's query keys, translations): JSON safe in a script. */
  boot: string;
  /** The page's own code, as keys of the client build's manifest: its styles and chunk go with the HTML. */
  modules: string[];
  /** Worth keeping: a page of the shop, or the one page every address of a browser-rendered route shares. */
  cacheable: boolean;
  /** Why the server could not render the page (the browser renders it instead), for the log. */
  error?: unknown;
}

/** The storefront's server entry, as built into apps/web/dist-server/entry-server.js. */
export interface SiteEntry {
  /** Every page address pattern the storefront answers (`/product/:slug`, `/admin/*`). */
  paths: readonly string[];
  /** The address a page is rendered and cached for: its path and the parameters it reads, nothing else. */
  pageAddress(url: string): string;
  /** One page, in the language its address says (`/`, `/fr/...`, `/ar/...`). */
  render(url: string, services: SiteServices): Promise<RenderedPage>;
  /**
   * Where a returning visitor is sent from this address, given the language they last used (the `lang`
   * cookie), if anywhere; `vary` when the answer depends on that cookie.
   */
  languageRedirect(url: string, saved: string | undefined): { vary: boolean; location?: string };
  /**
   * Public pages for the sitemap (information pages, collections, products in stock), at every language's
   * address, each with its addresses in every language and x-default.
   */
  sitemap(
    services: SiteServices,
  ): Promise<{ path: string; lastmod?: string; alternates?: { hreflang: string; path: string }[] }[]>;
  /** Paths crawlers are asked to leave alone (pages never indexed). */
  disallowed: readonly string[];
}
