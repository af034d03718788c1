import { count, inArray } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../client.js';
import {
  categories,
  colors,
  galleries,
  productColors,
  productImages,
  productStock,
  products,
  searchSynonyms,
} from '../schema/index.js';
import type { GarmentArtwork } from '../../media/artwork.js';
import { GALLERY_WIDTHS, PRODUCT_WIDTHS, type DemoMediaInput } from '../../media/render.js';
import * as data from './catalog-data.js';

export const SEED_LOCK = 72_410_002;

/**
 * Pieces per size in the demo, where a story needs them known (the browser tests rely on these): a product with
 * a sold-out size and few left, sizes with one and two pieces, one active product sold out in every size.
 * Every other size gets 0 to 6 pieces, the same on every seed (demoStock).
 */
export const DEMO_STOCK: Record<string, Partial<Record<data.SizeName, number>>> = {
  'zahra-emerald-velvet-caftan': { S: 3, M: 6, L: 6, XL: 5 },
  'bahia-womens-embroidered-jellaba': { S: 0, M: 2, L: 1, XL: 6 },
  'kasbah-mens-eid-jellaba': { S: 4, M: 1, L: 1, XL: 3 },
  'tanja-mens-linen-jellaba': { S: 5, M: 2, L: 2, XL: 3 },
  'atlas-mens-hooded-wool-jellaba': { S: 0, M: 0, L: 0, XL: 0 },
};

/** The demo's pieces of a size: DEMO_STOCK's, else 0 to 6 drawn from the slug and size (FNV-1a). */
export function demoStock(slug: string, size: data.SizeName): number {
  const known = DEMO_STOCK[slug]?.[size];
  if (known !== undefined) return known;
  let hash = 0x811c9dc5;
  for (const ch of `${slug}/${size}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return hash % 7;
}

/**
 * Gives the demo products their pieces when no size of the shop has a count yet: on the first seed, and once
 * for a demo catalogue seeded before the shop counted stock. A shop whose owner has set any count is left alone.
 */
async function seedDemoStock(db: Database): Promise<boolean> {
  const [counted] = await db.select({ n: count() }).from(productStock);
  if ((counted?.n ?? 0) > 0) return false;
  const bySlug = new Map(data.products.map((p) => [p.slug, p]));
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, [...bySlug.keys()]));
  const values = rows.flatMap((r) =>
    (bySlug.get(r.slug)?.sizes ?? []).map((size) => ({
      productId: r.id,
      size,
      stock: demoStock(r.slug, size),
    })),
  );
  if (values.length === 0) return false;
  await db.insert(productStock).values(values).onConflictDoNothing();
  return true;
}
const IMAGES_PER_PRODUCT = 3;
const DAY_MS = 86_400_000;

/**
 * What a product's picture must show, read from what the shop says about it (its collection, its English name
 * and copy), so that a renamed or new demo piece is drawn as what it is: a takchita is named one, a caftan wears
 * a belt when its copy promises a mdamma or belt (and not "no belt"), and striped or two-tone pieces say so in
 * their names.
 */
export function garmentDrawing(
  p: Pick<data.SeedProduct, 'category' | 'name' | 'description' | 'details'>,
): Pick<GarmentArtwork, 'kind' | 'belt' | 'weave'> {
  const name = p.name.en.toLowerCase();
  const copy = [p.description.en, ...p.details.map((d) => d.en)].join(' ').toLowerCase();
  const kind = p.category === 'jellaba' ? 'jellaba' : /\btakchita\b/.test(name) ? 'takchita' : 'caftan';
  const belt = kind !== 'jellaba' && /\b(mdamma|belt)\b/.test(copy) && !/\bno belt\b/.test(copy);
  const weave = /\bstriped\b/.test(name) ? 'striped' : /\btwo-tone\b/.test(name) ? 'two-tone' : 'plain';
  return { kind, belt, weave };
}

/** Artwork to render for the demo catalogue (see media/render.ts). */
export function demoMedia(): DemoMediaInput {
  const hex = new Map(data.colors.map((c) => [c.key, c.hex]));
  return {
    products: data.products.map((p) => ({
      slug: p.slug,
      images: IMAGES_PER_PRODUCT,
      artwork: {
        ...garmentDrawing(p),
        colors: p.colors.map((key) => hex.get(key) ?? '#777777'),
        accent: p.accent,
        motif: p.motif,
        seed: p.slug,
      },
    })),
    galleries: data.galleries.map((g) => ({
      key: g.key,
      scene: { subject: g.subject, palette: g.palette, motif: g.motif, seed: g.key },
    })),
  };
}

/**
 * Fills an empty catalogue with the demo boutique, once: a catalogue that already has collections is the shop
 * owner's and is left alone (but for the demo products' stock, see seedDemoStock). Runs under a cluster-wide
 * lock so that instances starting together seed once.
 */
export async function seedDemoCatalog(handle: DatabaseHandle, now = new Date()): Promise<boolean> {
  return handle.withLock(SEED_LOCK, async () => {
    await seedSearchSynonyms(handle.db);
    const [existing] = await handle.db.select({ n: count() }).from(categories);
    if ((existing?.n ?? 0) > 0) return seedDemoStock(handle.db);

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
      await seedDemoStock(tx);
    });
    return true;
  });
}

/**
 * The trade's spellings as search synonyms, when the shop has none: on the first start, and once on a shop
 * that started before search synonyms existed. Emptying the list brings these back at the next start.
 */
async function seedSearchSynonyms(db: Database) {
  const [existing] = await db.select({ n: count() }).from(searchSynonyms);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(searchSynonyms).values(data.searchSynonyms.map((words) => ({ words })));
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo catalogue refers to unknown ${what}`);
  return value;
}
