import { asc, eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { CATALOGUE_CSV_COLUMNS, type AdminProduct, type CatalogueCsvColumn } from '@boutique/contracts/admin';
import type { Database } from '../../../db/client.js';
import { categories, productImages, products } from '../../../db/schema/index.js';
import type { AdminProductService } from '../admin-products.js';
import { pictureCell, type PictureRef } from './cells.js';

type Row = Record<CatalogueCsvColumn, string>;

/** The file name a picture is known by in the CSV: the name it was imported as, else its storage name. */
export const pictureName = (row: { path: string; sourceName: string | null }) =>
  row.sourceName ?? row.path.slice(row.path.lastIndexOf('/') + 1);

/** The stored pictures of a product, as the CSV names them, in the shop's order. */
export async function storedPictures(db: Database, productId: number) {
  return db
    .select({ path: productImages.path, sourceName: productImages.sourceName, color: productImages.color })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
}

/** A product's rows: one per colour × size, its own fields on each (docs/catalogue-csv.md). */
export function productRows(product: AdminProduct, pictures: PictureRef[]): Row[] {
  const lines = (list: { en: string; fr: string; ar: string }[], lang: 'en' | 'fr' | 'ar') =>
    list.map((l) => l[lang]).join('\n');
  const status = product.archived_at ? 'archived' : product.status;
  const common = {
    slug: product.slug,
    version: String(product.version),
    category: product.category,
    status,
    featured: String(product.featured),
    best_seller: String(product.best_seller),
    price: product.price,
    old_price: product.old_price ?? '',
    name_en: product.name.en,
    name_fr: product.name.fr,
    name_ar: product.name.ar,
    description_en: product.description.en,
    description_fr: product.description.fr,
    description_ar: product.description.ar,
    details_en: lines(product.details, 'en'),
    details_fr: lines(product.details, 'fr'),
    details_ar: lines(product.details, 'ar'),
    care_en: lines(product.care, 'en'),
    care_fr: lines(product.care, 'fr'),
    care_ar: lines(product.care, 'ar'),
    pictures: pictureCell(pictures),
  };
  return product.variants.map((v) => {
    const colour = product.colors.find((c) => c.key === v.color);
    return {
      ...common,
      color_key: colour?.key ?? '',
      color_hex: colour?.value ?? '',
      color_en: colour?.name.en ?? '',
      color_fr: colour?.name.fr ?? '',
      color_ar: colour?.name.ar ?? '',
      size: v.size,
      stock: String(v.stock),
      stock_at_export: String(v.stock),
    };
  });
}

/**
 * The whole catalogue (active, inactive and archived products) as one CSV for Excel: UTF-8 with a BOM (Arabic
 * reads right), CRLF lines, cells quoted where needed, formula-like cells neutralised.
 */
export async function exportCatalogue(db: Database, service: AdminProductService): Promise<string> {
  const ids = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(categories.sortOrder), asc(products.sortOrder), asc(products.id));
  const rows: Row[] = [];
  for (const { id } of ids) {
    const product = await service.get(id);
    const hexOf = new Map(product.colors.map((c) => [c.key, c.value]));
    const pictures = (await storedPictures(db, id)).map((p) => ({
      name: pictureName(p),
      color: p.color ? (hexOf.get(p.color) ?? null) : null,
    }));
    rows.push(...productRows(product, pictures));
  }
  return stringify(rows, {
    bom: true,
    record_delimiter: 'windows',
    // `=HYPERLINK(…)` is written `'=HYPERLINK(…)`: shown as typed, never run.
    escape_formulas: true,
    header: true,
    columns: [...CATALOGUE_CSV_COLUMNS],
  });
}
