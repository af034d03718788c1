import {
  type CategoriesResponse,
  type CategoryProductsResponse,
  type ColorsResponse,
  type GalleriesResponse,
  type ProductPageResponse,
  type ProductResponse,
  type ProductTag,
  type RecentProductsResponse,
  type SearchQuery,
} from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import type { PublicUrl } from '../../storage/index.js';
import { ResponseCache, type CachedResponse } from '../../lib/response-cache.js';
import { searchCacheKey } from '../../lib/search-text.js';
import { searchCatalog } from './search/service.js';
import { SearchIndexHolder } from './search/search-index.js';
import * as repo from './repository.js';

const RECENT_LIMIT = 12;

/** The products an answer shows: their stock is in it, so a change of it drops the answer. */
const ids = (products: { id: number }[]) => products.map((p) => p.id);
const none = () => [];

/** The catalogue's answers, as the pages built on them read them. */
export type CatalogReader = Pick<
  CatalogService,
  'categoryProducts' | 'product' | 'products' | 'recent' | 'search' | 'categories' | 'colors' | 'galleries'
>;

/**
 * Told of a change: `productIds` when only the stock of those products changed (only what shows them is
 * stale), undefined when anything may have.
 */
export type CatalogChangeListener = (productIds?: ReadonlySet<number>) => void;

/**
 * Catalogue answers, cached whole and serialised. The cache is dropped when the database announces a
 * catalogue change (see migrations/0001), so every instance sharing the database serves fresh data; a change
 * of stock a shopper can see drops only the answers that show that product (migrations/0008).
 */
export class CatalogService {
  readonly cache: ResponseCache;
  /** The search's in-memory copy of the catalogue, kept as fresh as the cached answers. */
  readonly searchIndex: SearchIndexHolder;
  readonly #changeListeners = new Set<CatalogChangeListener>();

  constructor(
    private readonly db: Database,
    ttlMs: number,
    /** Makes the pictures' addresses (the API's /storage, or S3_PUBLIC_URL). */
    private readonly publicUrl: PublicUrl,
  ) {
    this.cache = new ResponseCache(ttlMs);
    this.searchIndex = new SearchIndexHolder(db, publicUrl);
  }

  invalidate() {
    this.cache.clear();
    this.searchIndex.invalidate();
    for (const listener of this.#changeListeners) listener();
  }

  /** The stock of these products changed as shoppers see it: only the answers showing them go. */
  stockChanged(productIds: Iterable<number>) {
    const changed = new Set(productIds);
    this.cache.dropTagged(changed);
    this.searchIndex.stockChanged(changed);
    for (const listener of this.#changeListeners) listener(changed);
  }

  /** Called whenever the catalogue changes, for caches built on top of these answers. */
  onChange(listener: CatalogChangeListener) {
    this.#changeListeners.add(listener);
  }

  /**
   * A reader of these answers that remembers which products they showed, for what is built of them (a
   * rendered page): `tags()` is undefined once an answer did not say.
   */
  recording(): { reader: CatalogReader; tags: () => ReadonlySet<number> | undefined } {
    const seen = new Set<number>();
    let untagged = false;
    const note = (cached: CachedResponse | undefined) => {
      if (cached?.tags) for (const id of cached.tags) seen.add(id);
      else if (cached) untagged = true;
      return cached;
    };
    const reader: CatalogReader = {
      categoryProducts: async (slug) => note(await this.categoryProducts(slug)),
      product: async (slugOrId) => note(await this.product(slugOrId)),
      products: async (page, perPage, tag) => note(await this.products(page, perPage, tag)),
      recent: async () => note(await this.recent()),
      search: async (query) => note(await this.search(query)),
      categories: async () => note(await this.categories()),
      colors: async () => note(await this.colors()),
      galleries: async () => note(await this.galleries()),
    };
    return { reader, tags: () => (untagged ? undefined : seen) };
  }

  categoryProducts(slug: string) {
    return this.cache.get(
      `category:${slug.toLowerCase()}`,
      async (): Promise<CategoryProductsResponse | undefined> => {
        const found = await repo.findCategoryWithProducts(this.db, this.publicUrl, slug);
        return found && { success: true, data: { data: found } };
      },
      (answer) => ids(answer.data.data.products),
    );
  }

  product(slugOrId: string) {
    return this.cache.get(
      `product:${slugOrId.toLowerCase()}`,
      async (): Promise<ProductResponse | undefined> => {
        const found = await repo.findProduct(this.db, this.publicUrl, slugOrId);
        return found && { success: true, data: found };
      },
      // Related products show no stock.
      (answer) => [answer.data.product.id],
    );
  }

  products(page: number, perPage: number, tag: ProductTag | undefined) {
    return this.cache.get(
      `products:${page}:${perPage}:${tag ?? ''}`,
      async (): Promise<ProductPageResponse> => ({
        success: true,
        data: { products: await repo.listProducts(this.db, this.publicUrl, page, perPage, tag) },
      }),
      (answer) => ids(answer.data.products.data),
    );
  }

  recent() {
    return this.cache.get(
      'recent',
      async (): Promise<RecentProductsResponse> => ({
        success: true,
        data: { products: await repo.recentProducts(this.db, this.publicUrl, RECENT_LIMIT) },
      }),
      (answer) => ids(answer.data.products),
    );
  }

  /**
   * Search answers are cached like the rest: a product or synonym change drops them all (on every instance);
   * a stock change drops those that matched the product, since stock orders the results and counts sizes.
   */
  search(query: SearchQuery) {
    const key = [searchCacheKey(query.q), query.category ?? '', query.color ?? '', query.size ?? ''];
    let matched: number[] = [];
    return this.cache.get(
      `search:${JSON.stringify(key)}`,
      async () => {
        const { answer, productIds } = searchCatalog(await this.searchIndex.get(), query);
        matched = productIds;
        return answer;
      },
      () => matched,
    );
  }

  categories() {
    return this.cache.get(
      'categories',
      async (): Promise<CategoriesResponse> => ({
        success: true,
        data: { categories: await repo.listCategories(this.db, this.publicUrl) },
      }),
      none,
    );
  }

  colors() {
    return this.cache.get(
      'colors',
      async (): Promise<ColorsResponse> => ({
        success: true,
        data: { data: { colors: await repo.listColors(this.db) } },
      }),
      none,
    );
  }

  galleries() {
    return this.cache.get(
      'galleries',
      async (): Promise<GalleriesResponse> => ({
        success: true,
        data: { data: { galleries: await repo.listGalleries(this.db, this.publicUrl) } },
      }),
      none,
    );
  }
}
