import { count } from 'drizzle-orm';
import type { DatabaseHandle } from '../client.js';
import { categories, colors, galleries, productColors, productImages, products } from '../schema/index.js';
import { searchDocument } from '../../lib/search-text.js';
import { GALLERY_WIDTHS, PRODUCT_WIDTHS, type DemoMediaInput } from '../../media/render.js';
import * as data from './catalog-data.js';

export const SEED_LOCK = 72_410_002;
const IMAGES_PER_PRODUCT = 3;
const DAY_MS = 86_400_000;

/** Artwork to render for the demo catalogue (see media/render.ts). */
export function demoMedia(): DemoMediaInput {
  const hex = new Map(data.colors.map((c) => [c.key, c.hex]));
  return {
    products: data.products.map((p) => ({
      slug: p.slug,
      images: IMAGES_PER_PRODUCT,
      artwork: {
        kind: p.category,
        colors: p.colors.map((key) => hex.get(key) ?? '#777777'),
        accent: p.accent,
        motif: p.motif,
        seed: p.slug,
      },
    })),
    galleries: data.galleries.map((g) => ({
      key: g.key,
      scene: { palette: g.palette, motif: g.motif, seed: g.key },
    })),
  };
}

/**
 * Fills an empty catalogue with the demo boutique, once: a catalogue that already has collections is the shop
 * owner's and is left alone. Runs under a cluster-wide lock so that instances starting together seed once.
 */
export async function seedDemoCatalog(handle: DatabaseHandle, now = new Date()): Promise<boolean> {
  return handle.withLock(SEED_LOCK, async () => {
    const [existing] = await handle.db.select({ n: count() }).from(categories);
    if ((existing?.n ?? 0) > 0) return false;

    await handle.db.transaction(async (tx) => {
      const categoryRows = await tx
        .insert(categories)
        .values(
          data.categories.map((c) => ({
            slug: c.slug,
            name: c.name,
            description: c.description,
            sortOrder: c.sortOrder,
            imagePath: `site/collection-${c.slug}`,
          })),
        )
        .returning({ id: categories.id, slug: categories.slug });
      const categoryId = new Map(categoryRows.map((c) => [c.slug, c.id]));

      const colorRows = await tx
        .insert(colors)
        .values(data.colors.map((c) => ({ key: c.key, hex: c.hex, name: c.name })))
        .returning({ id: colors.id, key: colors.key });
      const colorId = new Map(colorRows.map((c) => [c.key, c.id]));

      const positions = new Map<string, number>();
      const productRows = await tx
        .insert(products)
        .values(
          data.products.map((p) => {
            const position = (positions.get(p.category) ?? 0) + 1;
            positions.set(p.category, position);
            const createdAt = new Date(now.getTime() - p.createdDaysAgo * DAY_MS);
            return {
              slug: p.slug,
              categoryId: must(categoryId.get(p.category), p.category),
              name: p.name,
              description: p.description,
              details: p.details,
              careInstructions: p.care,
              price: p.price,
              oldPrice: p.oldPrice ?? null,
              sizes: p.sizes,
              status: p.status,
              featured: p.featured,
              bestSeller: p.bestSeller,
              sortOrder: position,
              searchName: searchDocument([p.name]),
              searchBody: searchDocument([p.description]),
              createdAt,
              updatedAt: createdAt,
            };
          }),
        )
        .returning({ id: products.id, slug: products.slug });
      const productId = new Map(productRows.map((p) => [p.slug, p.id]));

      await tx.insert(productImages).values(
        data.products.flatMap((p) =>
          Array.from({ length: IMAGES_PER_PRODUCT }, (_, index) => ({
            productId: must(productId.get(p.slug), p.slug),
            path: `products/${p.slug}/${index}`,
            widths: [...PRODUCT_WIDTHS],
            aspect: 1333,
            sortOrder: index,
          })),
        ),
      );
      await tx.insert(productColors).values(
        data.products.flatMap((p) =>
          p.colors.map((key, sortOrder) => ({
            productId: must(productId.get(p.slug), p.slug),
            colorId: must(colorId.get(key), key),
            sortOrder,
          })),
        ),
      );
      await tx.insert(galleries).values(
        data.galleries.map((g, sortOrder) => ({
          key: g.key,
          path: `gallery/${g.key}`,
          widths: [...GALLERY_WIDTHS],
          aspect: 1250,
          caption: g.caption,
          sortOrder,
        })),
      );
    });
    return true;
  });
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo catalogue refers to unknown ${what}`);
  return value;
}
