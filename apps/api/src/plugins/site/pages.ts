import type {
  CategoriesResponse,
  CategoryProductsResponse,
  GalleriesResponse,
  Image,
  Language,
  ProductPageResponse,
  ProductResponse,
} from '@boutique/contracts';
import type { CatalogReader } from '../../modules/catalog/service.js';
import type { CachedResponse } from '../../lib/response-cache.js';

/** What a storefront route needs in its HTML. */
export interface Page {
  status: number;
  /** Redirect target, for old or mis-cased addresses. */
  redirect?: string;
  title?: string;
  description?: string;
  canonicalPath?: string;
  image?: string;
  jsonLd?: object;
  noindex?: boolean;
  /** Translation namespaces the route renders with, inlined so the first paint needs none fetched. */
  namespaces: string[];
  /** Answers inlined under the storefront's query keys (apps/web/src/lib/query-keys.ts). */
  queries: { key: unknown[]; data: unknown }[];
  /** The page's own code (a key of the client build's manifest), linked so its HTML is styled at once. */
  module?: string;
  /** The main image, preloaded: what the largest paint will be. */
  preload?: { href: string; srcset?: string; sizes?: string; media?: string; type?: string }[];
}

export interface PageContext {
  lang: Language;
  catalog: CatalogReader;
  /** Translation lookup in the request's language. */
  t: (ns: string, key: string) => string | undefined;
  shopName: string;
  /** Absolute origin for canonical links and structured data. */
  publicUrl: string;
}

const parse = <T>(cached: CachedResponse | undefined) =>
  cached ? (JSON.parse(cached.body) as T) : undefined;
const text = (value: { en: string; fr: string; ar: string }, lang: Language) => value[lang] || value.en;
const preloadOf = (image: Image | null | undefined, sizes: string) =>
  image ? [{ href: image.url, srcset: image.srcset, sizes }] : undefined;

const STATIC_MODULES: Record<string, string> = {
  '/faq': 'faq-page.tsx',
  '/shipping': 'shipping-page.tsx',
  '/size-guide': 'size-guide-page.tsx',
  '/contact': 'contact-page.tsx',
  '/our-story': 'our-story-page.tsx',
};

/** Pages whose text lives in one namespace with a `meta` block. */
const STATIC_PAGES: Record<string, string> = {
  '/faq': 'faq',
  '/shipping': 'shipping',
  '/size-guide': 'sizeGuide',
  '/contact': 'contact',
  '/our-story': 'ourStory',
};

function staticPage(path: string, ns: string, ctx: PageContext): Page {
  return {
    status: 200,
    title: ctx.t(ns, 'meta.title'),
    description: ctx.t(ns, 'meta.description'),
    canonicalPath: path,
    namespaces: [ns],
    queries: [],
    module: `src/features/content/${STATIC_MODULES[path] ?? ''}`,
  };
}

/** Terms of sale, privacy, returns and refunds: one page module, one namespace (`legal`), a block per page. */
const LEGAL_PAGES: Record<string, string> = {
  '/terms': 'terms',
  '/privacy': 'privacy',
  '/returns': 'returns',
};

function legalPage(path: string, key: string, ctx: PageContext): Page {
  const values = { shop: ctx.shopName };
  return {
    status: 200,
    title: ctx.t('legal', `${key}.meta.title`),
    description: ctx
      .t('legal', `${key}.meta.description`)
      ?.replaceAll(/\{\{(\w+)\}\}/g, (whole, name: string) =>
        name in values ? values[name as keyof typeof values] : whole,
      ),
    canonicalPath: path,
    namespaces: ['legal'],
    queries: [],
    module: 'src/features/content/legal-page.tsx',
  };
}

export function notFoundPage(ctx: PageContext): Page {
  return {
    status: 404,
    title: ctx.t('notFound', 'meta.title'),
    description: ctx.t('notFound', 'meta.description'),
    noindex: true,
    namespaces: ['notFound'],
    queries: [],
    module: 'src/features/content/not-found-page.tsx',
  };
}

async function homePage(ctx: PageContext): Promise<Page> {
  const [latest, best, categories, galleries] = await Promise.all([
    ctx.catalog.products(1, 12, undefined),
    ctx.catalog.products(1, 12, 'best_seller'),
    ctx.catalog.categories(),
    ctx.catalog.galleries(),
  ]);
  const queries: Page['queries'] = [];
  const latestBody = parse<ProductPageResponse>(latest);
  const bestBody = parse<ProductPageResponse>(best);
  if (latestBody) queries.push({ key: ['products', 1, 12, null], data: latestBody.data.products });
  if (bestBody) queries.push({ key: ['products', 1, 12, 'best_seller'], data: bestBody.data.products });
  const categoriesBody = parse<CategoriesResponse>(categories);
  if (categoriesBody) queries.push({ key: ['categories'], data: categoriesBody.data.categories });
  const galleriesBody = parse<GalleriesResponse>(galleries);
  if (galleriesBody) queries.push({ key: ['galleries'], data: galleriesBody.data.data.galleries });
  return {
    status: 200,
    title: ctx.t('home', 'meta.title') ?? ctx.shopName,
    description: ctx.t('home', 'meta.description'),
    canonicalPath: '/',
    image: '/media/hero-poster.webp',
    namespaces: ['home', 'testimonials'],
    queries,
    module: 'src/features/home/home-page.tsx',
    // The hero's AVIF posters (hero.tsx): a browser that cannot read AVIF skips these and finds its WebP poster
    // in the page.
    preload: [
      { href: '/media/hero-poster-mobile.avif', type: 'image/avif', media: '(max-width: 768px)' },
      { href: '/media/hero-poster.avif', type: 'image/avif', media: '(min-width: 769px)' },
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ClothingStore',
      name: ctx.shopName,
      currenciesAccepted: 'AED',
      areaServed: 'AE',
    },
  };
}

async function collectionsPage(ctx: PageContext): Promise<Page> {
  const body = parse<CategoriesResponse>(await ctx.catalog.categories());
  const categories = body?.data.categories ?? [];
  return {
    status: 200,
    title: ctx.t('collections', 'meta.title'),
    description: ctx.t('collections', 'meta.description'),
    canonicalPath: '/collections',
    namespaces: ['collections'],
    queries: [{ key: ['categories'], data: categories }],
    module: 'src/features/catalog/collections-page.tsx',
    preload: preloadOf(categories[0]?.image, '(max-width: 768px) 100vw, 50vw'),
  };
}

async function collectionPage(slug: string, ctx: PageContext): Promise<Page> {
  if (slug !== slug.toLowerCase())
    return { status: 301, redirect: `/collection/${slug.toLowerCase()}`, namespaces: [], queries: [] };
  const body = parse<CategoryProductsResponse>(await ctx.catalog.categoryProducts(slug));
  if (!body)
    return {
      ...notFoundPage(ctx),
      namespaces: ['collection'],
      module: 'src/features/catalog/collection-page.tsx',
    };
  const { category } = body.data.data;
  return {
    status: 200,
    title: text(category.name, ctx.lang),
    description: text(category.description, ctx.lang),
    canonicalPath: `/collection/${category.slug}`,
    image: category.image?.url,
    namespaces: ['collection'],
    queries: [{ key: ['category', category.slug], data: body.data.data }],
    module: 'src/features/catalog/collection-page.tsx',
    preload: preloadOf(category.image, '(max-width: 940px) 50vw, 100vw'),
  };
}

async function productPage(slug: string, ctx: PageContext): Promise<Page> {
  const body = parse<ProductResponse>(await ctx.catalog.product(slug));
  if (!body)
    return { ...notFoundPage(ctx), namespaces: ['product'], module: 'src/features/catalog/product-page.tsx' };
  const { product } = body.data;
  if (product.slug !== slug)
    return { status: 301, redirect: `/product/${product.slug}`, namespaces: [], queries: [] };
  const name = text(product.name, ctx.lang);
  const description = text(product.description, ctx.lang);
  const path = `/product/${product.slug}`;
  return {
    status: 200,
    title: name,
    description,
    canonicalPath: path,
    image: product.images[0]?.url,
    namespaces: ['product'],
    queries: [{ key: ['product', product.slug], data: body.data }],
    module: 'src/features/catalog/product-page.tsx',
    preload: preloadOf(product.images[0], '(max-width: 940px) 100vw, 50vw'),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      description,
      sku: product.slug,
      // Absolute already when the pictures are served from S3_PUBLIC_URL.
      image: product.images.map((i) => new URL(i.url, ctx.publicUrl).toString()),
      brand: { '@type': 'Brand', name: ctx.shopName },
      category: text(product.category_name, ctx.lang),
      offers: {
        '@type': 'Offer',
        url: ctx.publicUrl + path,
        priceCurrency: 'AED',
        price: product.price,
        availability:
          product.status === 'active' && product.sizes.some((size) => size.in_stock)
            ? 'https://schema.org/InStock'
            : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    },
  };
}

/**
 * The account pages: never indexed, and rendered on the server in their loading state (the server does not
 * know who is signed in), with their translations inlined for when the browser knows.
 */
const ACCOUNT_PAGES: Record<string, { ns: string; title: string; extraNs?: string[] }> = {
  '/account/login': { ns: 'auth', title: 'meta.login' },
  '/account/register': { ns: 'auth', title: 'meta.register' },
  '/account/forgot-password': { ns: 'auth', title: 'meta.forgot' },
  '/account/reset-password': { ns: 'auth', title: 'meta.reset' },
  '/account/verify-email': { ns: 'auth', title: 'meta.verify' },
  '/account/two-factor': { ns: 'auth', title: 'meta.twoFactor' },
  '/account/security': { ns: 'account', title: 'security.title' },
  '/account/profile': { ns: 'account', title: 'profile.title' },
  '/account/addresses': { ns: 'account', title: 'addresses.title' },
  '/account/orders': { ns: 'orders', title: 'title', extraNs: ['account'] },
  '/checkout': { ns: 'checkout', title: 'title' },
  '/order-confirmation': { ns: 'orderConfirmation', title: 'title' },
};

/** Where social providers send the shopper back (through the API). */
export const SOCIAL_CALLBACK_PATH = /^\/auth\/(google|apple|facebook)\/callback$/;

/** An order's invoice (the confirmation e-mail links there). */
const INVOICE_PATH = /^\/account\/orders\/\d{1,12}\/invoice$/;

/** Pages whose address carries private, one-time values (`?token=`): rendered and cached without them. */
export const isAccountPath = (path: string) =>
  path in ACCOUNT_PAGES || SOCIAL_CALLBACK_PATH.test(path) || INVOICE_PATH.test(path);

/**
 * The cache key of an account page: every invoice address is one page (the server renders its loading state,
 * the same for any order), so no run through order numbers can fill the memory.
 */
export const accountPageKey = (path: string) =>
  INVOICE_PATH.test(path) ? '/account/orders/:id/invoice' : path;

function accountPage(path: string, ctx: PageContext): Page | undefined {
  const page = SOCIAL_CALLBACK_PATH.test(path)
    ? { ns: 'auth', title: 'meta.callback', extraNs: undefined }
    : INVOICE_PATH.test(path)
      ? { ns: 'orders', title: 'invoice.open', extraNs: undefined }
      : ACCOUNT_PAGES[path];
  if (!page) return undefined;
  return {
    status: 200,
    title: ctx.t(page.ns, page.title),
    noindex: true,
    namespaces: [page.ns, ...(page.extraNs ?? [])],
    queries: [],
    // All of them are one chunk of the storefront (apps/web/src/app/account-area.ts).
    module: 'src/app/account-area.ts',
  };
}

/** The page for a storefront path, or the not-found page. */
export async function resolvePage(path: string, ctx: PageContext): Promise<Page> {
  if (path === '/') return homePage(ctx);
  if (path === '/collections') return collectionsPage(ctx);
  if (path === '/cart')
    return { status: 200, title: ctx.t('cart', 'title'), noindex: true, namespaces: [], queries: [] };
  const account = accountPage(path, ctx);
  if (account) return account;
  const staticNs = STATIC_PAGES[path];
  if (staticNs) return staticPage(path, staticNs, ctx);
  const legal = LEGAL_PAGES[path];
  if (legal) return legalPage(path, legal, ctx);
  const collection = /^\/collection\/([A-Za-z0-9-]{1,120})$/.exec(path);
  if (collection?.[1]) return collectionPage(collection[1], ctx);
  const product = /^\/product\/([A-Za-z0-9-]{1,120})$/.exec(path);
  if (product?.[1]) return productPage(product[1], ctx);
  return notFoundPage(ctx);
}
