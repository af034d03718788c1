import { count, inArray, sql } from 'drizzle-orm';
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
import type * as Demo from '@boutique/demo';
import { GALLERY_WIDTHS, PRODUCT_WIDTHS } from '../../media/render.js';

export const SEED_LOCK = 72_410_002;

/** The demo boutique (`@boutique/demo`): its catalogue, stock and pictures. */
export type DemoContent = typeof Demo;

/**
 * The demo package, loaded only at a start that seeds or draws it; undefined in a shop built without it
 * (the production image: see the Dockerfile), which then starts with an empty catalogue.
 */
export async function loadDemo(): Promise<DemoContent | undefined> {
  try {
    return await import('@boutique/demo');
  } catch (err) {
    if (isMissing(err, '@boutique/demo')) return undefined;
    throw err;
  }
}

function isMissing(err: unknown, name: string): boolean {
  return (
    err instanceof Error && 'code' in err && err.code === 'ERR_MODULE_NOT_FOUND' && err.message.includes(name)
  );
}

/**
 * Whether this start needs the demo package: to fill an empty catalogue when the demo is wanted (SEED_DEMO), or
 * because the shop still shows demo products, whose pictures are drawn again when missing from the storage
 * (a first start stopped while rendering) and whose stock is counted once. Their pictures are the ones named
 * `products/{slug}/{n}` by the seed below; the owner's uploads live elsewhere.
 */
export async function demoNeeded(db: Database, seedDemo: boolean): Promise<boolean> {
  if (seedDemo) {
    const [existing] = await db.select({ n: count() }).from(categories);
    if ((existing?.n ?? 0) === 0) return true;
  }
  const [drawn] = await db
    .select({ n: count() })
    .from(productImages)
    .where(sql`${productImages.path} ~ '^products/[a-z0-9-]+/[0-9]+$'`);
  return (drawn?.n ?? 0) > 0;
}

/**
 * Gives the demo products their pieces, per colour × size, when no variant of the shop has a count yet: on the
 * first seed, and once for a demo catalogue seeded before the shop counted stock. A shop whose owner has set any
 * count is left alone.
 */
async function seedDemoStock(db: Database, demo: DemoContent): Promise<boolean> {
  const [counted] = await db.select({ n: count() }).from(productStock);
  if ((counted?.n ?? 0) > 0) return false;
  const bySlug = new Map(demo.products.map((p) => [p.slug, p]));
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, [...bySlug.keys()]));
  const values = rows.flatMap((r) => {
    const p = bySlug.get(r.slug);
    const colours = p?.colors.length ? p.colors : [''];
    return colours.flatMap((color) =>
      (p?.sizes ?? []).map((size) => ({
        productId: r.id,
        color,
        size,
        stock: demo.demoStock(r.slug, size, color),
      })),
    );
  });
  if (values.length === 0) return false;
  await db.insert(productStock).values(values).onConflictDoNothing();
  return true;
}
const DAY_MS = 86_400_000;

/**
 * Fills an empty catalogue with the demo boutique, once: a catalogue that already has collections is the shop
 * owner's and is left alone (but for the demo products' stock, see seedDemoStock). Without the demo package
 * only the search synonyms are seeded. Runs under a cluster-wide lock so that instances starting together seed
 * once.
 */
export async function seedDemoCatalog(
  handle: DatabaseHandle,
  demo: DemoContent | undefined,
  now = new Date(),
): Promise<boolean> {
  return handle.withLock(SEED_LOCK, async () => {
    await seedSearchSynonyms(handle.db);
    if (!demo) return false;
    const [existing] = await handle.db.select({ n: count() }).from(categories);
    if ((existing?.n ?? 0) > 0) return seedDemoStock(handle.db, demo);

    await handle.db.transaction(async (tx) => {
      const categoryRows = await tx
        .insert(categories)
        .values(
          demo.categories.map((c) => ({
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
        .values(demo.colors.map((c) => ({ key: c.key, hex: c.hex, name: c.name })))
        .returning({ id: colors.id, key: colors.key });
      const colorId = new Map(colorRows.map((c) => [c.key, c.id]));

      const positions = new Map<string, number>();
      const productRows = await tx
        .insert(products)
        .values(
          demo.products.map((p) => {
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
        demo.products.flatMap((p) =>
          demo.demoPictures(p).map((picture, index) => ({
            productId: must(productId.get(p.slug), p.slug),
            path: `products/${p.slug}/${index}`,
            widths: [...PRODUCT_WIDTHS],
            aspect: 1333,
            sortOrder: index,
            color: picture.color,
          })),
        ),
      );
      await tx.insert(productColors).values(
        demo.products.flatMap((p) =>
          p.colors.map((key, sortOrder) => ({
            productId: must(productId.get(p.slug), p.slug),
            colorId: must(colorId.get(key), key),
            sortOrder,
          })),
        ),
      );
      await tx.insert(galleries).values(
        demo.galleries.map((g, sortOrder) => ({
          key: g.key,
          path: `gallery/${g.key}`,
          widths: [...GALLERY_WIDTHS],
          aspect: 1250,
          caption: g.caption,
          sortOrder,
        })),
      );
      await seedDemoStock(tx, demo);
    });
    return true;
  });
}

/** Spellings of the trade's words that shoppers type (the owner adds more in the back office). */
const SEARCH_SYNONYMS: string[][] = [
  ['caftan', 'kaftan', 'qaftan', 'kaftane', 'قفطان'],
  [
    'jellaba',
    'djellaba',
    'jelaba',
    'jellabah',
    'djellabah',
    'jilbab',
    'jalabiya',
    'jellabiya',
    'جلابة',
    'جلابية',
    'جلباب',
  ],
  ['takchita', 'takshita', 'tackchita', 'tekchita', 'تكشيطة'],
  ['grey', 'gray'],
  ['colour', 'color', 'couleur', 'لون'],
];

/**
 * The trade's spellings as search synonyms, when the shop has none: on the first start, and once on a shop
 * that started before search synonyms existed. Emptying the list brings these back at the next start.
 */
async function seedSearchSynonyms(db: Database) {
  const [existing] = await db.select({ n: count() }).from(searchSynonyms);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(searchSynonyms).values(SEARCH_SYNONYMS.map((words) => ({ words })));
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo catalogue refers to unknown ${what}`);
  return value;
}
