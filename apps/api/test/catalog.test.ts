import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  CategoriesResponseSchema,
  CategoryProductsResponseSchema,
  ColorsResponseSchema,
  GalleriesResponseSchema,
  ProductPageResponseSchema,
  ProductResponseSchema,
  RecentProductsResponseSchema,
  ShippingMethodsResponseSchema,
  type ProductSummary,
} from '@boutique/contracts';
import * as demo from '@boutique/demo';
import { productImages, products } from '../src/db/schema/index.js';
import { demoNeeded, seedDemoCatalog } from '../src/db/seed/index.js';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const names = (list: ProductSummary[]) => list.map((p) => p.slug);

describe('collections', () => {
  it('lists a collection with every product, in stock first, matching the declared schema', async () => {
    const res = await t.json('/api/v1/products/filters/category/caftan');
    expect(res.status).toBe(200);
    const body = CategoryProductsResponseSchema.parse(res.body);
    const list = body.data.data.products;
    expect(list).toHaveLength(24);
    expect(body.data.data.category).toMatchObject({ slug: 'caftan', product_count: 24 });
    expect(new Set(list.map((p) => p.category_slug))).toEqual(new Set(['caftan']));
    const firstInactive = list.findIndex((p) => p.status === 'inactive');
    expect(firstInactive).toBeGreaterThan(0);
    expect(list.slice(firstInactive).every((p) => p.status === 'inactive')).toBe(true);
    for (const p of list) {
      expect(p.name_en && p.name_fr && p.name_ar).toBeTruthy();
      expect(p.name_ar).toMatch(/[\u0600-\u06ff]/);
      // The cover only: the product's own answer carries all its pictures.
      expect(p.images).toHaveLength(1);
      expect(p.images[0]?.url).toMatch(/^\/storage\/products\/[a-z0-9-]+\/0-800\.webp$/);
      expect(p.images[0]?.srcset).toContain('400w');
      expect(p.colors.length).toBeGreaterThan(0);
      expect(p.colors[0]?.value).toMatch(/^#[0-9a-f]{6}$/);
      expect(p.sizes.every((s) => ['S', 'M', 'L', 'XL'].includes(s.name))).toBe(true);
      expect(Number(p.price)).toBeGreaterThan(0);
      if (p.old_price) expect(Number(p.old_price)).toBeGreaterThan(Number(p.price));
    }
  });

  it('matches the collection slug case-insensitively', async () => {
    const lower = await t.json('/api/v1/products/filters/category/jellaba');
    const mixed = await t.json('/api/v1/products/filters/category/Jellaba');
    expect(lower.body.data.data.products).toHaveLength(18);
    expect(mixed.status).toBe(200);
    expect(mixed.body).toEqual(lower.body);
  });

  it('answers 404 for an unknown collection and 422 for a malformed slug', async () => {
    const unknown = await t.json('/api/v1/products/filters/category/sandals');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: 'Collection not found' });

    const injected = await t.json(
      `/api/v1/products/filters/category/${encodeURIComponent("caftan' OR '1'='1")}`,
    );
    expect(injected.status).toBe(422);
    expect(injected.body.errors.category[0]).toMatch(/letters, digits and dashes/);

    const tooLong = await t.json(`/api/v1/products/filters/category/${'a'.repeat(121)}`);
    expect(tooLong.status).toBe(422);
  });

  it('lists the collections with live counts, names and descriptions in three languages', async () => {
    const res = await t.json('/api/v1/categories');
    const { categories } = CategoriesResponseSchema.parse(res.body).data;
    expect(categories.map((c) => [c.slug, c.product_count])).toEqual([
      ['caftan', 24],
      ['jellaba', 18],
    ]);
    for (const c of categories) {
      expect(c.name.ar).toMatch(/[\u0600-\u06ff]/);
      expect(c.description.fr.length).toBeGreaterThan(20);
      expect(c.image?.url).toMatch(/^\/storage\/site\/collection-/);
    }
  });
});

describe('product page', () => {
  it('gives the product with texts, details, care, images in order and related products with slugs', async () => {
    const { body: list } = await t.json('/api/v1/products/filters/category/caftan');
    const first = list.data.data.products[0] as ProductSummary;
    const res = await t.json(`/api/v1/products/slug/${first.slug}`);
    expect(res.status).toBe(200);
    const { product, relatedProducts } = ProductResponseSchema.parse(res.body).data;
    expect(product).toMatchObject({
      slug: first.slug,
      price: first.price,
      category: 'caftan',
      category_en: 'Caftans',
    });
    expect(product.description.ar).toMatch(/[\u0600-\u06ff]/);
    expect(product.details.length).toBeGreaterThanOrEqual(4);
    expect(product.care_instructions.length).toBeGreaterThanOrEqual(3);
    // Every picture the demo draws for it (a front, a detail and a back in its first colour, a front and a detail
    // in each other colour), in order.
    const drawn = demo.demoPictures(demo.products.find((p) => p.slug === first.slug)!);
    expect(product.images.map((i) => i.sort_order)).toEqual(drawn.map((_, index) => index));
    expect(product.images.map((i) => i.color)).toEqual(drawn.map((picture) => picture.color));
    expect(relatedProducts.length).toBeGreaterThan(0);
    expect(relatedProducts.length).toBeLessThanOrEqual(8);
    expect(relatedProducts.map((r) => r.slug)).not.toContain(first.slug);
    for (const r of relatedProducts) {
      const related = await t.json(`/api/v1/products/slug/${r.slug}`);
      expect(related.body.data.product.category).toBe('caftan');
    }
  });

  it('shows an inactive product with its status, finds a product by numeric id, and 404s an unknown slug', async () => {
    const { body: list } = await t.json('/api/v1/products/filters/category/caftan');
    const inactive = (list.data.data.products as ProductSummary[]).find((p) => p.status === 'inactive');
    const res = await t.json(`/api/v1/products/slug/${inactive?.slug}`);
    expect(res.body.data.product.status).toBe('inactive');

    const byId = await t.json(`/api/v1/products/slug/${inactive?.id}`);
    expect(byId.body.data.product.slug).toBe(inactive?.slug);

    const missing = await t.json('/api/v1/products/slug/no-such-caftan');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      success: false,
      message: 'Product not found',
      requestId: expect.any(String),
    });
  });
});

describe('latest and recent products', () => {
  it('pages through products in stock, newest first', async () => {
    const first = ProductPageResponseSchema.parse((await t.json('/api/v1/products?per_page=10')).body).data
      .products;
    expect(first).toMatchObject({ current_page: 1, per_page: 10, total: 38, last_page: 4 });
    const seen: ProductSummary[] = [];
    for (let page = 1; page <= 4; page++) {
      const { body } = await t.json(`/api/v1/products?per_page=10&page=${page}`);
      seen.push(...body.data.products.data);
    }
    expect(seen).toHaveLength(38);
    expect(new Set(names(seen)).size).toBe(38);
    expect(seen.every((p) => p.status === 'active')).toBe(true);
    const dates = seen.map((p) => p.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const beyond = await t.json('/api/v1/products?per_page=10&page=5');
    expect(beyond.body.data.products.data).toEqual([]);
  });

  it('filters best sellers and featured products', async () => {
    for (const tag of ['best_seller', 'featured'] as const) {
      const { body } = await t.json(`/api/v1/products?tag=${tag}&per_page=48`);
      expect(body.data.products.total).toBeGreaterThan(0);
      expect(body.data.products.data.every((p: ProductSummary) => p[tag])).toBe(true);
    }
  });

  it('refuses bad paging with field errors', async () => {
    for (const query of ['per_page=49', 'per_page=0', 'page=0', 'page=abc', 'tag=cheap']) {
      const res = await t.json(`/api/v1/products?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.success).toBe(false);
      expect(Object.keys(res.body.errors)).toHaveLength(1);
    }
  });

  it('lists the newest products', async () => {
    const { body } = await t.json('/api/v1/recent-products');
    const list = RecentProductsResponseSchema.parse(body).data.products;
    expect(list).toHaveLength(12);
    const { body: page } = await t.json('/api/v1/products?per_page=12');
    expect(names(list)).toEqual(names(page.data.products.data));
  });
});

describe('colours, galleries and shipping', () => {
  it('lists colours with hex values and names', async () => {
    const { colors } = ColorsResponseSchema.parse((await t.json('/api/v1/colors')).body).data.data;
    expect(colors.length).toBeGreaterThanOrEqual(12);
    expect(new Set(colors.map((c) => c.key)).size).toBe(colors.length);
  });

  it('lists the gallery photos', async () => {
    const { galleries } = GalleriesResponseSchema.parse((await t.json('/api/v1/galleries')).body).data.data;
    expect(galleries).toHaveLength(8);
    expect(galleries[0]?.photo).toMatch(/^\/storage\/gallery\/.+\.webp$/);
  });

  it('offers free worldwide shipping until the owner sets rates', async () => {
    const { methods } = ShippingMethodsResponseSchema.parse(
      (await t.json('/api/checkout/shipping-methods')).body,
    ).data;
    expect(methods).toEqual([
      expect.objectContaining({
        name: expect.objectContaining({ en: 'Free worldwide shipping' }),
        price: '0.00',
        currency: 'AED',
      }),
    ]);
  });
});

describe('caching', () => {
  it('answers 304 to a client that holds the current version', async () => {
    const first = await t.fetch('/api/v1/products/filters/category/caftan');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await t.fetch('/api/v1/products/filters/category/caftan', {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('serves a price change at once, on every cached answer', async () => {
    const { body: before } = await t.json('/api/v1/products/filters/category/caftan');
    const target = before.data.data.products[0] as ProductSummary;
    await t.json(`/api/v1/products/slug/${target.slug}`);
    await t.database.db.update(products).set({ price: '1234.50' }).where(eq(products.slug, target.slug));

    await expect
      .poll(async () => (await t.json(`/api/v1/products/slug/${target.slug}`)).body.data.product.price, {
        timeout: 3000,
      })
      .toBe('1234.50');
    const { body: after } = await t.json('/api/v1/products/filters/category/caftan');
    expect(after.data.data.products[0].price).toBe('1234.50');
  });

  it('does not seed twice', async () => {
    expect(await seedDemoCatalog(t.database, demo)).toBe(false);
    const { body } = await t.json('/api/v1/categories');
    expect(body.data.categories.map((c: { product_count: number }) => c.product_count)).toEqual([24, 18]);
  });
});

describe('the demo package', () => {
  it('is loaded at start for an empty catalogue with SEED_DEMO on, and while the shop shows demo pictures', async () => {
    const shop = await startTestApp({ SEED_DEMO: 'false' });
    try {
      const db = shop.database.db;
      expect(await demoNeeded(db, true)).toBe(true);
      expect(await demoNeeded(db, false)).toBe(false);
      expect(await seedDemoCatalog(shop.database, undefined)).toBe(false);
      expect((await shop.json('/api/v1/categories')).body.data.categories).toEqual([]);

      expect(await seedDemoCatalog(shop.database, demo)).toBe(true);
      // Its pictures may need drawing again, whatever SEED_DEMO says now.
      expect(await demoNeeded(db, false)).toBe(true);
      // Once the owner's uploads have replaced them, the shop is the owner's: the package stays unloaded.
      await db.update(productImages).set({ path: sql`'products/uploads/' || ${productImages.id} || '-a1'` });
      expect(await demoNeeded(db, true)).toBe(false);
    } finally {
      await shop.close();
    }
  });
});
