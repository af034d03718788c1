import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type {
  Category,
  Color,
  Gallery,
  Image,
  ProductDetail,
  ProductImage,
  ProductSummary,
  ProductTag,
  RelatedProduct,
} from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import type { PublicUrl } from '../../storage/index.js';
import {
  categories,
  collectionProducts,
  colors,
  galleries,
  productColors,
  productImages,
  products,
} from '../../db/schema/index.js';
import { WIDE_WIDTHS } from '../../media/render.js';
import { availableByVariant, publicSizes, publicVariants, type VariantLevels } from '../stock/index.js';
import { WIDE_ASPECT, toImage } from './images.js';

const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  price: products.price,
  oldPrice: products.oldPrice,
  sizes: products.sizes,
  status: products.status,
  featured: products.featured,
  bestSeller: products.bestSeller,
  createdAt: products.createdAt,
  categorySlug: categories.slug,
};

const activeFirst = sql`(${products.status} = 'active') desc`;
/** Archived products (the back office's DELETE) are in no public answer. */
const listed = isNull(products.archivedAt);

const toColor = (c: typeof colors.$inferSelect): Color => ({
  id: c.id,
  key: c.key,
  value: c.hex,
  name: c.name,
});
/** A product's picture where only the picture is shown (cards, related products): without its colour. */
const pictureOnly = ({ color: _color, ...image }: ProductImage): Image => image;

/** Images, colours and stock (per variant) of many products in three queries, grouped by product id. */
async function loadMedia(db: Database, publicUrl: PublicUrl, ids: number[]) {
  const images = new Map<number, ProductImage[]>();
  const swatches = new Map<number, Color[]>();
  if (ids.length === 0) return { images, swatches, stock: new Map<number, VariantLevels>() };
  const [imageRows, colorRows, stock] = await Promise.all([
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(productImages.productId, productImages.sortOrder, productImages.id),
    db
      .select({ productId: productColors.productId, color: colors })
      .from(productColors)
      .innerJoin(colors, eq(colors.id, productColors.colorId))
      .where(inArray(productColors.productId, ids))
      .orderBy(productColors.productId, productColors.sortOrder, productColors.colorId),
    availableByVariant(db, ids),
  ]);
  for (const r of imageRows) {
    const list = images.get(r.productId) ?? [];
    list.push({ ...toImage(publicUrl, r.path, r.widths, r.aspect, r.sortOrder), color: r.color });
    images.set(r.productId, list);
  }
  for (const r of colorRows) {
    const list = swatches.get(r.productId) ?? [];
    list.push(toColor(r.color));
    swatches.set(r.productId, list);
  }
  return { images, swatches, stock };
}

async function summaries(db: Database, publicUrl: PublicUrl, rows: ProductRow[]): Promise<ProductSummary[]> {
  const { images, swatches, stock } = await loadMedia(
    db,
    publicUrl,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    name_en: r.name.en,
    name_fr: r.name.fr,
    name_ar: r.name.ar,
    price: r.price,
    old_price: r.oldPrice,
    images: (images.get(r.id) ?? []).slice(0, 1).map(pictureOnly),
    category_slug: r.categorySlug,
    colors: swatches.get(r.id) ?? [],
    sizes: publicSizes(r.sizes, stock.get(r.id)),
    status: r.status,
    featured: r.featured,
    best_seller: r.bestSeller,
    created_at: r.createdAt.toISOString(),
  }));
}

function selectProducts(db: Database) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId));
}
type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

const NO_TEXT = { en: '', fr: '', ar: '' };

/** A collection's picture: the drawn artwork (every wide width) or the owner's upload (its own renditions). */
export function collectionImage(publicUrl: PublicUrl, c: typeof categories.$inferSelect) {
  if (!c.imagePath) return null;
  return toImage(publicUrl, c.imagePath, c.imageWidths ?? [...WIDE_WIDTHS], c.imageAspect ?? WIDE_ASPECT, 0);
}

/** A curated collection shows its active pieces only. */
const shownInCurated = and(eq(products.status, 'active'), listed);

async function categoryRows(db: Database, publicUrl: PublicUrl, where?: SQL) {
  const [rows, counts, curatedCounts] = await Promise.all([
    db.select().from(categories).where(where).orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .where(listed)
      .groupBy(products.categoryId),
    db
      .select({ collectionId: collectionProducts.collectionId, n: count() })
      .from(collectionProducts)
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(shownInCurated)
      .groupBy(collectionProducts.collectionId),
  ]);
  const countOf = new Map(counts.map((c) => [c.categoryId, c.n]));
  const curatedCountOf = new Map(curatedCounts.map((c) => [c.collectionId, c.n]));
  return rows.map((c) => ({
    kind: c.kind,
    category: {
      id: c.id,
      slug: c.slug,
      name: c.name,
      description: c.description,
      product_count: (c.kind === 'curated' ? curatedCountOf : countOf).get(c.id) ?? 0,
      image: collectionImage(publicUrl, c),
      seo_title: c.seoTitle ?? NO_TEXT,
      seo_description: c.seoDescription ?? NO_TEXT,
    } satisfies Category,
  }));
}

export async function listCategories(db: Database, publicUrl: PublicUrl) {
  return (await categoryRows(db, publicUrl)).map((r) => r.category);
}

/**
 * A collection in its "featured" order: a category's products in stock first, then the shop's own order; a
 * curated collection's active pieces in the owner's order.
 */
export async function findCategoryWithProducts(db: Database, publicUrl: PublicUrl, slug: string) {
  const [found] = await categoryRows(db, publicUrl, eq(categories.slug, slug.toLowerCase()));
  if (!found) return undefined;
  const { category } = found;
  const rows =
    found.kind === 'curated'
      ? await selectProducts(db)
          .innerJoin(collectionProducts, eq(collectionProducts.productId, products.id))
          .where(and(eq(collectionProducts.collectionId, category.id), shownInCurated))
          .orderBy(asc(collectionProducts.position), asc(products.id))
      : await selectProducts(db)
          .where(and(eq(products.categoryId, category.id), listed))
          .orderBy(activeFirst, asc(products.sortOrder), asc(products.id));
  return { category, products: await summaries(db, publicUrl, rows) };
}

/** A product by slug, or by numeric id (old links), with up to 8 related products of its collection. */
export async function findProduct(db: Database, publicUrl: PublicUrl, slugOrId: string) {
  const where = /^\d{1,9}$/.test(slugOrId)
    ? eq(products.id, Number(slugOrId))
    : eq(products.slug, slugOrId.toLowerCase());
  const [row] = await db
    .select({ product: products, category: categories })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(where, listed))
    .limit(1);
  if (!row) return undefined;
  const { product: p, category: c } = row;

  const relatedRows = await selectProducts(db)
    .where(and(eq(products.categoryId, p.categoryId), ne(products.id, p.id), listed))
    .orderBy(activeFirst, desc(products.bestSeller), desc(products.featured), asc(products.sortOrder))
    .limit(8);
  const { images, swatches, stock } = await loadMedia(db, publicUrl, [p.id, ...relatedRows.map((r) => r.id)]);

  const product: ProductDetail = {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    details: p.details.map((detail) => ({ detail })),
    care_instructions: p.careInstructions.map((instruction) => ({ instruction })),
    price: p.price,
    old_price: p.oldPrice,
    images: images.get(p.id) ?? [],
    colors: swatches.get(p.id) ?? [],
    sizes: publicSizes(p.sizes, stock.get(p.id)),
    variants: publicVariants(
      (swatches.get(p.id) ?? []).map((c) => c.key),
      p.sizes,
      stock.get(p.id),
    ),
    status: p.status,
    category: c.slug,
    category_en: c.name.en,
    category_name: c.name,
    created_at: p.createdAt.toISOString(),
    seo_title: p.seoTitle ?? NO_TEXT,
    seo_description: p.seoDescription ?? NO_TEXT,
  };
  const relatedProducts: RelatedProduct[] = relatedRows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    image: images.get(r.id)?.[0] ? pictureOnly(images.get(r.id)![0]!) : null,
    price: r.price,
    old_price: r.oldPrice,
    status: r.status,
  }));
  return { product, relatedProducts };
}

const tagFilter = (tag: ProductTag | undefined) =>
  tag === 'best_seller'
    ? eq(products.bestSeller, true)
    : tag === 'featured'
      ? eq(products.featured, true)
      : undefined;

/** Products in stock, newest first, one page at a time. */
export async function listProducts(
  db: Database,
  publicUrl: PublicUrl,
  page: number,
  perPage: number,
  tag?: ProductTag,
) {
  const where = and(eq(products.status, 'active'), listed, tagFilter(tag));
  const [totalRow] = await db.select({ total: count() }).from(products).where(where);
  const total = totalRow?.total ?? 0;
  const rows = await selectProducts(db)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: await summaries(db, publicUrl, rows),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

export async function recentProducts(db: Database, publicUrl: PublicUrl, limit: number) {
  const rows = await selectProducts(db)
    .where(and(eq(products.status, 'active'), listed))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return summaries(db, publicUrl, rows);
}

/** Products as listed, in the order of `ids` (ids of no product are left out). */
export async function productSummaries(db: Database, publicUrl: PublicUrl, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db).where(inArray(products.id, ids));
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return summaries(db, publicUrl, rows);
}

export async function listColors(db: Database): Promise<Color[]> {
  const rows = await db.select().from(colors).orderBy(asc(colors.id));
  return rows.map(toColor);
}

export async function listGalleries(db: Database, publicUrl: PublicUrl): Promise<Gallery[]> {
  const rows = await db.select().from(galleries).orderBy(asc(galleries.sortOrder), asc(galleries.id));
  return rows.map((g) => {
    const image = toImage(publicUrl, g.path, g.widths, g.aspect, g.sortOrder);
    return { id: g.id, photo: image.url, image, caption: g.caption };
  });
}
