import {
  SEARCH_MAX_RESULTS,
  type CategoriesResponse,
  type CategoryProductsResponse,
  type ColorsResponse,
  type GalleriesResponse,
  type ProductPageResponse,
  type ProductResponse,
  type ProductTag,
  type RecentProductsResponse,
  type SearchResponse,
} from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import type { PublicUrl } from '../../storage/index.js';
import { ResponseCache } from '../../lib/response-cache.js';
import { searchTerms } from '../../lib/search-text.js';
import * as repo from './repository.js';

const RECENT_LIMIT = 12;

/**
 * Catalogue answers, cached whole and serialised. The cache is dropped when the database announces a
 * catalogue change (see migrations/0001), so every instance sharing the database serves fresh data.
 */
export class CatalogService {
  readonly cache: ResponseCache;
  readonly #changeListeners = new Set<() => void>();

  constructor(
    private readonly db: Database,
    ttlMs: number,
    /** Makes the pictures' addresses (the API's /storage, or S3_PUBLIC_URL). */
    private readonly publicUrl: PublicUrl,
  ) {
    this.cache = new ResponseCache(ttlMs);
  }

  invalidate() {
    this.cache.clear();
    for (const listener of this.#changeListeners) listener();
  }

  /** Called whenever the catalogue changes, for caches built on top of these answers. */
  onChange(listener: () => void) {
    this.#changeListeners.add(listener);
  }

  categoryProducts(slug: string) {
    return this.cache.get(
      `category:${slug.toLowerCase()}`,
      async (): Promise<CategoryProductsResponse | undefined> => {
        const found = await repo.findCategoryWithProducts(this.db, this.publicUrl, slug);
        return found && { success: true, data: { data: found } };
      },
    );
  }

  product(slugOrId: string) {
    return this.cache.get(
      `product:${slugOrId.toLowerCase()}`,
      async (): Promise<ProductResponse | undefined> => {
        const found = await repo.findProduct(this.db, this.publicUrl, slugOrId);
        return found && { success: true, data: found };
      },
    );
  }

  products(page: number, perPage: number, tag: ProductTag | undefined) {
    return this.cache.get(
      `products:${page}:${perPage}:${tag ?? ''}`,
      async (): Promise<ProductPageResponse> => ({
        success: true,
        data: { products: await repo.listProducts(this.db, this.publicUrl, page, perPage, tag) },
      }),
    );
  }

  recent() {
    return this.cache.get('recent', async (): Promise<RecentProductsResponse> => ({
      success: true,
      data: { products: await repo.recentProducts(this.db, this.publicUrl, RECENT_LIMIT) },
    }));
  }

  search(query: string) {
    const terms = searchTerms(query);
    return this.cache.get(`search:${terms.join(' ')}`, async (): Promise<SearchResponse> => ({
      success: true,
      data: { data: await repo.searchProducts(this.db, this.publicUrl, terms, SEARCH_MAX_RESULTS) },
    }));
  }

  categories() {
    return this.cache.get('categories', async (): Promise<CategoriesResponse> => ({
      success: true,
      data: { categories: await repo.listCategories(this.db, this.publicUrl) },
    }));
  }

  colors() {
    return this.cache.get('colors', async (): Promise<ColorsResponse> => ({
      success: true,
      data: { data: { colors: await repo.listColors(this.db) } },
    }));
  }

  galleries() {
    return this.cache.get('galleries', async (): Promise<GalleriesResponse> => ({
      success: true,
      data: { data: { galleries: await repo.listGalleries(this.db, this.publicUrl) } },
    }));
  }
}
