import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type {
  CategoriesResponse,
  CategoryProductsResponse,
  GalleriesResponse,
  Image,
  Language,
  ProductPageResponse,
  ProductResponse,
  ProductTag,
  ShopInfo,
} from '@boutique/contracts';

/** What the server writes into a page's head for crawlers and link previews (app/server/head.ts). */
export interface PageHead {
  title?: string;
  description?: string;
  /** Path of the canonical address, e.g. `/product/zahra`. */
  canonicalPath?: string;
  image?: string;
  /** Structured data the page itself does not render (the product page renders its own). */
  jsonLd?: object;
  ogType?: 'website' | 'product';
  noindex?: boolean;
  /** The main image: what the largest paint will be. */
  preload?: { href: string; srcset?: string; sizes?: string; media?: string; type?: string }[];
}

/** An answer inlined into the page under the storefront's own query key. */
export interface InlinedQuery {
  key: readonly unknown[];
  data: unknown;
}

/** What a page's loader says about one address: on the server, before it is rendered. */
export interface PageData {
  /** 200 unless said (404 for an unknown product or collection). */
  status?: number;
  /** A mis-cased or old address: moved for good to this one. */
  redirect?: string;
  queries?: InlinedQuery[];
  head?: PageHead;
}

/** The catalogue's answers, parsed; undefined for an unknown (or malformed) slug. */
export interface PageCatalog {
  categories(): Promise<CategoriesResponse | undefined>;
  categoryProducts(slug: string): Promise<CategoryProductsResponse | undefined>;
  product(slugOrId: string): Promise<ProductResponse | undefined>;
  products(page: number, perPage: number, tag?: ProductTag): Promise<ProductPageResponse | undefined>;
  galleries(): Promise<GalleriesResponse | undefined>;
}

/** What a page's loader is given on the server (app/server/load-context.ts). */
export interface LoadContext {
  params: Readonly<Record<string, string | undefined>>;
  /** The address's query parameters the page reads (its route's `params`: the others never reach it). */
  search: URLSearchParams;
  lang: Language;
  shop: ShopInfo;
  catalog: PageCatalog;
  /** Translations in the page's language, English behind. */
  t: TFunction;
  /** An unknown product or collection: the shop's not-found head, with the status 404. */
  notFound: () => PageData;
  /** The preload of the page's main picture, at the sizes the page shows it. */
  preload: (image: Image | null | undefined, sizes: string) => PageHead['preload'];
}

/** A page's module: its component and, for a page built on catalogue answers, its loader. */
export interface PageModule {
  // Page components take their own props (LegalPage's `page`).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  default: ComponentType<any>;
  load?: (ctx: LoadContext) => Promise<PageData>;
}
