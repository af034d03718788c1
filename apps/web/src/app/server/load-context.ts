import type { CatalogAnswer, SiteServices } from '@boutique/contracts';
import type { TFunction } from 'i18next';
import type { LoadContext, PageCatalog } from '@/lib/page';

const utf8 = new TextDecoder();
const parse = <T>(cached: CatalogAnswer): T | undefined =>
  cached ? (JSON.parse(utf8.decode(cached.body)) as T) : undefined;

/** A catalogue slug as the API accepts it: anything else is not asked for. */
const isSlug = (value: string) => /^[A-Za-z0-9-]{1,120}$/.test(value);

/** The catalogue the API lends, read as the pages read it. */
export function pageCatalog({ catalog }: SiteServices): PageCatalog {
  return {
    categories: async () => parse(await catalog.categories()),
    categoryProducts: async (slug) =>
      isSlug(slug) ? parse(await catalog.categoryProducts(slug)) : undefined,
    product: async (slug) => (isSlug(slug) ? parse(await catalog.product(slug)) : undefined),
    products: async (page, perPage, tag) => parse(await catalog.products(page, perPage, tag)),
    galleries: async () => parse(await catalog.galleries()),
  };
}

/** What a page's loader is given: its parameters, the catalogue, translations and two small helpers. */
export function loadContext(
  params: LoadContext['params'],
  search: LoadContext['search'],
  lang: LoadContext['lang'],
  services: SiteServices,
  t: TFunction,
): LoadContext {
  return {
    params,
    search,
    lang,
    shop: services.shop,
    catalog: pageCatalog(services),
    t,
    notFound: () => ({
      status: 404,
      head: { title: t('notFound:meta.title'), description: t('notFound:meta.description'), noindex: true },
    }),
    preload: (image, sizes) => (image ? [{ href: image.url, srcset: image.srcset, sizes }] : undefined),
  };
}
