/**
 * A catalogue CSV brought in (docs/catalogue-csv.md): every line read and checked against the same schema the
 * product form and POST/PATCH use, then either nothing written (a dry run, or any line refused) or everything in
 * one transaction through the product service and the stock module's adjustments.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_IMPORT_LIMITS,
  ProductCreateSchema,
  type AdminProduct,
  type CatalogueCsvColumn,
  type CatalogueImportChange,
  type CatalogueImportError,
  type CatalogueImportReport,
  type ProductCreate,
  type ProductUpdate,
} from '@boutique/contracts/admin';
import { ERROR_CODES, fieldErrorCodeOf, parseWholeNumber } from '@boutique/contracts/constants';
import type { Database } from '../../../db/client.js';
import { categories, productImages, products } from '../../../db/schema/index.js';
import { claimVersion } from '../../../db/versions.js';
import { HttpError } from '../../../lib/http-error.js';
import { toFils } from '../../../lib/money.js';
import {
  deletePicture,
  newPicturePath,
  PictureError,
  preparePicture,
  storePicture,
  type PreparedPicture,
} from '../../../media/pictures.js';
import { PRODUCT_WIDTHS } from '../../../media/render.js';
import type { Storage } from '../../../storage/index.js';
import { recordAudit } from '../../audit/index.js';
import { adjustStock, type StockService } from '../../stock/index.js';
import { AdminProductService, PRODUCT_NOT_FOUND } from '../admin-products.js';
import { booleanOf, linesOf, picturesOf, restore, type PictureRef } from './cells.js';
import { pictureName, storedPictures } from './export.js';
import { fetchPicture, isAddress, photosOfZip, PictureSourceError } from './picture-sources.js';

type Cells = Record<CatalogueCsvColumn, string>;
interface Line {
  line: number;
  cells: Cells;
}

/** The columns a product repeats on each of its rows (they must agree). */
const PRODUCT_COLUMNS = CATALOGUE_CSV_COLUMNS.slice(0, CATALOGUE_CSV_COLUMNS.indexOf('pictures') + 1);
/** Without these a file cannot describe a product. */
const REQUIRED_COLUMNS: CatalogueCsvColumn[] = [
  'slug',
  'category',
  'price',
  'name_en',
  'name_fr',
  'name_ar',
  'description_en',
  'description_fr',
  'description_ar',
  'size',
  'stock',
];
const LANGS = ['en', 'fr', 'ar'] as const;
const UPLOADS = 'products/uploads';
const NOTE = 'CSV import';

export interface ImportSources {
  csv: Buffer;
  zip?: Buffer;
  dryRun: boolean;
}

export interface ImportOptions {
  db: Database;
  storage: Storage;
  stock: StockService;
  /** IMPORT_URL_HOSTS. */
  urlHosts: readonly string[];
}

interface Adjustment {
  line: number;
  hex: string;
  size: string;
  delta: number;
}

interface NewPicture {
  line: number;
  ref: PictureRef;
  prepared?: PreparedPicture;
  path?: string;
}

interface Plan {
  line: number;
  slug: string;
  input: ProductCreate;
  archive: boolean;
  current?: AdminProduct;
  /** The version the file names (existing products). */
  version?: number;
  update?: ProductUpdate;
  fields: string[];
  adjustments: Adjustment[];
  pictures: NewPicture[];
}

/** A refused import: every line's errors, nothing written. */
export class ImportRefused extends Error {
  constructor(readonly errors: CatalogueImportError[]) {
    super('The import was refused');
  }
}

const error = (
  line: number,
  column: string,
  code: CatalogueImportError['code'],
  message: string,
): CatalogueImportError => ({ line, column, code, message });

/** Reads the file into lines (header: line 1), with the columns it names; a file it cannot read is refused. */
function readLines(csv: Buffer, errors: CatalogueImportError[]): Line[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: false });
  } catch (err) {
    const at = (err as { lines?: number }).lines;
    errors.push(
      error(at ?? 1, '', 'invalid', 'The file is not a CSV that can be read (a quote left open?).'),
    );
    return [];
  }
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const known = new Set<string>(CATALOGUE_CSV_COLUMNS);
  for (const name of header) {
    if (name && !known.has(name)) {
      errors.push(
        error(1, name, 'invalid', `Unknown column "${name.slice(0, 60)}" (see the export's columns).`),
      );
    }
  }
  for (const name of REQUIRED_COLUMNS) {
    if (!header.includes(name)) errors.push(error(1, name, 'required', `The column "${name}" is missing.`));
  }
  if (errors.length > 0) return [];
  if (records.length - 1 > CATALOGUE_IMPORT_LIMITS.rows) {
    errors.push(error(1, '', 'too_long', `Import at most ${CATALOGUE_IMPORT_LIMITS.rows} rows at once.`));
    return [];
  }
  const lines: Line[] = [];
  for (const [i, record] of records.entries()) {
    if (i === 0 || record.every((c) => c.trim() === '')) continue;
    const cells = Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((c) => [c, ''])) as Cells;
    for (const [j, name] of header.entries()) {
      if (known.has(name)) cells[name as CatalogueCsvColumn] = restore(record[j] ?? '');
    }
    lines.push({ line: i + 1, cells });
  }
  return lines;
}

/** One item of a three-language list per line of its cells (details, care instructions). */
function listOf(c: Cells, prefix: 'details' | 'care') {
  const by = LANGS.map((l) => linesOf(c[`${prefix}_${l}`]));
  const n = Math.max(...by.map((b) => b.length));
  return Array.from({ length: n }, (_, i) => ({
    en: by[0]![i] ?? '',
    fr: by[1]![i] ?? '',
    ar: by[2]![i] ?? '',
  }));
}

/** The product a group of lines describes, as POST /admin/products would receive it. */
function productInput(rows: Line[], errors: CatalogueImportError[]) {
  const c = rows[0]!.cells;
  const colours: { value: string; name: { en: string; fr: string; ar: string }; line: number }[] = [];
  const sizes: { name: string; line: number }[] = [];
  const hasColours = rows.some((r) => r.cells.color_hex.trim() !== '');
  for (const { line, cells } of rows) {
    const hex = cells.color_hex.trim().toLowerCase();
    if (hasColours && !hex) {
      errors.push(
        error(line, 'color_hex', 'required', 'Give each row of a product with colours its colour.'),
      );
    }
    const name = { en: cells.color_en, fr: cells.color_fr, ar: cells.color_ar };
    const seen = colours.find((x) => x.value === hex);
    if (hex && !seen) colours.push({ value: hex, name, line });
    else if (seen && LANGS.some((l) => seen.name[l].trim() !== name[l].trim())) {
      for (const l of LANGS.filter((l) => seen.name[l].trim() !== name[l].trim())) {
        errors.push(
          error(line, `color_${l}`, 'mismatch', `The colour ${hex} has another name on line ${seen.line}.`),
        );
      }
    }
    const size = cells.size.trim().toUpperCase();
    if (!sizes.some((s) => s.name === size)) sizes.push({ name: size, line });
  }
  const status = c.status.trim().toLowerCase();
  const input = {
    category: c.category,
    slug: c.slug,
    name: { en: c.name_en, fr: c.name_fr, ar: c.name_ar },
    description: { en: c.description_en, fr: c.description_fr, ar: c.description_ar },
    details: listOf(c, 'details'),
    care: listOf(c, 'care'),
    price: c.price.trim(),
    old_price: c.old_price.trim() === '' ? null : c.old_price.trim(),
    status: status === 'archived' ? 'inactive' : status === '' ? 'active' : status,
    featured: booleanOf(c.featured),
    best_seller: booleanOf(c.best_seller),
    colors: colours.map(({ value, name }) => ({ value, name })),
    sizes: sizes.map((s) => ({ name: s.name })),
    variants: rows.map((r) => ({
      color_value: r.cells.color_hex.trim().toLowerCase(),
      size: r.cells.size.trim().toUpperCase(),
      stock: r.cells.stock,
    })),
  };
  return { input, archive: status === 'archived', colours, sizes };
}

/** Where a schema issue about a group's product lies: its line and column. */
function placeOf(
  path: readonly PropertyKey[],
  rows: Line[],
  colours: { line: number }[],
  sizes: { line: number }[],
): { line: number; column: string } {
  const first = rows[0]!.line;
  const [key, i, sub, lang] = path;
  const head = typeof key === 'string' ? key : '';
  switch (head) {
    case 'name':
    case 'description':
      return { line: first, column: `${head}_${typeof i === 'string' ? i : 'en'}` };
    case 'details':
    case 'care':
      return { line: first, column: `${head}_${typeof sub === 'string' ? sub : 'en'}` };
    case 'colors': {
      const line = typeof i === 'number' ? (colours[i]?.line ?? first) : first;
      return { line, column: sub === 'name' && typeof lang === 'string' ? `color_${lang}` : 'color_hex' };
    }
    case 'sizes':
      return { line: typeof i === 'number' ? (sizes[i]?.line ?? first) : first, column: 'size' };
    case 'variants': {
      const line = typeof i === 'number' ? (rows[i]?.line ?? first) : first;
      return { line, column: sub === 'color_value' ? 'color_hex' : sub === 'size' ? 'size' : 'stock' };
    }
    default:
      return { line: first, column: head };
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key as string];
  }
  return value;
}

const sameText = (a: { en: string; fr: string; ar: string }, b: { en: string; fr: string; ar: string }) =>
  a.en === b.en && a.fr === b.fr && a.ar === b.ar;
const sameList = (a: { en: string; fr: string; ar: string }[], b: { en: string; fr: string; ar: string }[]) =>
  a.length === b.length && a.every((x, i) => sameText(x, b[i]!));
const sameMoney = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : toFils(a) === toFils(b);

/** The fields of `input` that differ from the product as it is, as a PATCH would send them. */
function changesOf(input: ProductCreate, archive: boolean, cur: AdminProduct, version: number) {
  const update: ProductUpdate = { version };
  if (input.category !== cur.category) update.category = input.category;
  if (!sameText(input.name, cur.name)) update.name = input.name;
  if (!sameText(input.description, cur.description)) update.description = input.description;
  if (!sameList(input.details, cur.details)) update.details = input.details;
  if (!sameList(input.care, cur.care)) update.care = input.care;
  if (!sameMoney(input.price, cur.price)) update.price = input.price;
  if (!sameMoney(input.old_price, cur.old_price)) update.old_price = input.old_price;
  // An archived product comes back with `active`; `inactive` leaves it archived.
  if (cur.archived_at ? input.status === 'active' : !archive && input.status !== cur.status) {
    update.status = input.status;
  }
  if (input.featured !== cur.featured) update.featured = input.featured;
  if (input.best_seller !== cur.best_seller) update.best_seller = input.best_seller;
  const colourList = (list: { value: string; name: { en: string; fr: string; ar: string } }[]) =>
    JSON.stringify(list.map((c) => [c.value, c.name.en, c.name.fr, c.name.ar]));
  if (colourList(input.colors) !== colourList(cur.colors)) update.colors = input.colors;
  const sizeSet = (list: { name: string }[]) => JSON.stringify(list.map((s) => s.name).sort());
  if (sizeSet(input.sizes) !== sizeSet(cur.sizes)) update.sizes = input.sizes.map((s) => ({ name: s.name }));
  if (update.colors || update.sizes) {
    const keyOf = new Map(cur.colors.map((c) => [c.value, c.key]));
    update.variants = (input.variants ?? []).filter(
      (v) => !cur.variants.some((x) => x.size === v.size && x.color === (keyOf.get(v.color_value) ?? '')),
    );
  }
  const fields = Object.keys(update).filter((k) => k !== 'version' && k !== 'variants');
  if (archive && !cur.archived_at) fields.push('status');
  return { update, fields };
}

/**
 * Reads, checks and (unless a dry run, or any line is refused) writes a catalogue CSV. Answers the report; a
 * refused real run throws ImportRefused with the same errors.
 */
export async function importCatalogue(
  actorId: number,
  sources: ImportSources,
  options: ImportOptions,
): Promise<CatalogueImportReport> {
  const { db } = options;
  const errors: CatalogueImportError[] = [];
  const lines = readLines(sources.csv, errors);
  let photos = new Map<string, Uint8Array>();
  if (sources.zip) {
    try {
      photos = photosOfZip(sources.zip);
    } catch (err) {
      if (!(err instanceof PictureSourceError)) throw err;
      errors.push(error(0, 'pictures', 'not_allowed', err.message));
    }
  }

  const groups = new Map<string, Line[]>();
  for (const l of lines) {
    const slug = l.cells.slug.trim().toLowerCase();
    if (!slug) {
      errors.push(error(l.line, 'slug', 'required', 'Each row names its product by its slug.'));
      continue;
    }
    groups.set(slug, [...(groups.get(slug) ?? []), l]);
  }
  const slugs = [...groups.keys()];
  const existing = new Map<string, number>();
  for (let i = 0; i < slugs.length; i += 500) {
    const part = slugs.slice(i, i + 500);
    for (const r of await db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(inArray(products.slug, part))) {
      existing.set(r.slug, r.id);
    }
  }
  const categorySlugs = new Set(
    (await db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug),
  );
  const service = new AdminProductService(db, options.storage, options.stock);

  const plans: Plan[] = [];
  for (const [slug, rows] of groups) {
    const first = rows[0]!;
    const before = errors.length;
    for (const r of rows.slice(1)) {
      for (const column of PRODUCT_COLUMNS) {
        if (r.cells[column].trim() !== first.cells[column].trim()) {
          errors.push(
            error(
              r.line,
              column,
              'mismatch',
              `Differs from line ${first.line}: a product's own fields are the same on each of its rows.`,
            ),
          );
        }
      }
    }
    const { input: raw, archive, colours, sizes } = productInput(rows, errors);
    const parsed = ProductCreateSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const { line, column } = placeOf(issue.path, rows, colours, sizes);
        const code = fieldErrorCodeOf(issue, valueAt(raw, issue.path));
        errors.push(error(line, column, code, issue.message));
      }
      continue;
    }
    if (errors.length > before) continue;
    const input = parsed.data;
    if (!categorySlugs.has(input.category)) {
      errors.push(
        error(first.line, 'category', 'not_found', `There is no category "${input.category.slice(0, 60)}".`),
      );
      continue;
    }
    const id = existing.get(slug);
    const refs = picturesOf(first.cells.pictures);
    const colourValues = new Set(input.colors.map((c) => c.value));
    for (const ref of refs) {
      if (ref.color && !colourValues.has(ref.color)) {
        errors.push(
          error(
            first.line,
            'pictures',
            'unavailable',
            `The picture ${ref.name.slice(0, 120)} shows ${ref.color}, which is not one of the product's colours.`,
          ),
        );
      }
    }
    if (id === undefined) {
      if (archive) {
        errors.push(
          error(
            first.line,
            'status',
            'not_allowed',
            'A new product cannot be archived: import it as inactive.',
          ),
        );
        continue;
      }
      plans.push({
        line: first.line,
        slug,
        input,
        archive,
        fields: ['product'],
        adjustments: [],
        pictures: refs.map((ref) => ({ line: first.line, ref })),
      });
      continue;
    }
    const current = await service.get(id);
    const version = parseWholeNumber(first.cells.version);
    const { update, fields } = changesOf(input, archive, current, version ?? 0);
    const have = new Set((await storedPictures(db, id)).map(pictureName));
    const pictures = refs.filter((ref) => !have.has(ref.name)).map((ref) => ({ line: first.line, ref }));
    if (pictures.length > 0) fields.push('pictures');
    if (fields.length > 0 && version === undefined) {
      errors.push(
        error(
          first.line,
          'version',
          'required',
          'Give the version the export wrote: it says which state of the product you changed.',
        ),
      );
      continue;
    }
    if (fields.length > 0 && version !== current.version) {
      errors.push(
        error(
          first.line,
          'version',
          ERROR_CODES.stale,
          `This product changed since the export (version ${current.version} now, ${version} in the file): nothing of it was overwritten. Export again and redo the change.`,
        ),
      );
      continue;
    }
    const keyOf = new Map(current.colors.map((c) => [c.value, c.key]));
    const adjustments: Adjustment[] = [];
    for (const [i, r] of rows.entries()) {
      const v = input.variants?.[i];
      if (!v) continue;
      const variant = current.variants.find(
        (x) =>
          x.size === v.size && x.color === (v.color_value === '' ? '' : (keyOf.get(v.color_value) ?? '\0')),
      );
      if (!variant) continue;
      const exported = r.cells.stock_at_export.trim();
      const base = exported === '' ? variant.stock : parseWholeNumber(exported);
      if (base === undefined) {
        errors.push(
          error(
            r.line,
            'stock_at_export',
            'invalid',
            'The stock at export must be a whole number, as the export wrote it.',
          ),
        );
        continue;
      }
      const delta = v.stock - base;
      if (delta === 0) continue;
      if (variant.stock + delta < Math.max(variant.reserved, 0)) {
        errors.push(
          error(
            r.line,
            'stock',
            'too_small',
            variant.reserved > 0
              ? `Payments under way hold ${variant.reserved} of this colour and size: its count cannot go below that (it is ${variant.stock} now).`
              : `This would take the count below 0 (it is ${variant.stock} now).`,
          ),
        );
        continue;
      }
      adjustments.push({ line: r.line, hex: v.color_value, size: v.size, delta });
    }
    if (adjustments.length > 0) fields.push('stock');
    plans.push({
      line: first.line,
      slug,
      input,
      archive: archive && !current.archived_at,
      current,
      version,
      update: Object.keys(update).length > 1 ? update : undefined,
      fields,
      adjustments,
      pictures,
    });
  }

  // Every picture named is read and checked now: a dry run says which ones would be refused.
  const prepared = new Map<string, PreparedPicture>();
  for (const plan of plans) {
    for (const pic of plan.pictures) {
      const { name } = pic.ref;
      try {
        let picture = prepared.get(name);
        if (!picture) {
          let bytes: Uint8Array;
          if (isAddress(name)) bytes = await fetchPicture(name, options.urlHosts);
          else {
            const found = photos.get(name.slice(name.lastIndexOf('/') + 1));
            if (!found) {
              errors.push(
                error(
                  pic.line,
                  'pictures',
                  'not_found',
                  sources.zip
                    ? `${JSON.stringify(name.slice(0, 120))} is not in the zip of pictures.`
                    : `${JSON.stringify(name.slice(0, 120))} is not a picture of this product: send it in a zip (field "pictures").`,
                ),
              );
              continue;
            }
            bytes = found;
          }
          picture = await preparePicture(
            Buffer.from(bytes),
            name.slice(name.lastIndexOf('/') + 1),
            PRODUCT_WIDTHS,
          );
          prepared.set(name, picture);
        }
        pic.prepared = picture;
      } catch (err) {
        if (!(err instanceof PictureSourceError) && !(err instanceof PictureError)) throw err;
        errors.push(error(pic.line, 'pictures', isAddress(name) ? 'not_allowed' : 'invalid', err.message));
      }
    }
  }

  errors.sort((a, b) => a.line - b.line);
  const changing = plans.filter((p) => p.fields.length > 0);
  const report: CatalogueImportReport = {
    dry_run: sources.dryRun,
    created: changing.filter((p) => !p.current).length,
    updated: changing.filter((p) => p.current).length,
    unchanged: plans.length - changing.length,
    errors,
    changes: changing.map((p): CatalogueImportChange => ({
      line: p.line,
      slug: p.slug,
      action: p.current ? 'update' : 'create',
      fields: p.fields,
    })),
  };
  if (errors.length > 0) {
    if (sources.dryRun) return report;
    throw new ImportRefused(errors);
  }
  if (sources.dryRun || changing.length === 0) return report;
  await writePlans(actorId, changing, options);
  return report;
}

/** Writes every change in one transaction; a product changed meanwhile refuses the whole import. */
async function writePlans(actorId: number, plans: Plan[], options: ImportOptions) {
  const { db, storage, stock } = options;
  const stored: { path: string; picture: PreparedPicture }[] = [];
  try {
    for (const plan of plans) {
      for (const pic of plan.pictures) {
        pic.path = newPicturePath(UPLOADS, 'import');
        await storePicture(storage, pic.path, pic.prepared!);
        stored.push({ path: pic.path, picture: pic.prepared! });
      }
    }
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const service = new AdminProductService(tx, storage, stock);
      for (const plan of plans) {
        try {
          await writePlan(actorId, plan, tx, service, stock);
        } catch (err) {
          if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
          const stale = err.statusCode === 409;
          throw new ImportRefused([
            error(
              plan.line,
              stale ? 'version' : '',
              stale ? ERROR_CODES.stale : 'invalid',
              stale
                ? 'This product changed while the import ran: nothing was imported. Export again and redo the change.'
                : `${err.message}${
                    err.errors
                      ? `: ${Object.values(err.errors)
                          .flat()
                          .map((e) => e.message)
                          .join(' ')}`
                      : ''
                  }`,
            ),
          ]);
        }
      }
    });
  } catch (err) {
    await Promise.all(
      stored.map(({ path, picture }) =>
        deletePicture(
          storage,
          path,
          picture.renditions.map((r) => r.width),
        ).catch(() => {}),
      ),
    );
    throw err;
  }
}

async function writePlan(
  actorId: number,
  plan: Plan,
  tx: Database,
  service: AdminProductService,
  stock: StockService,
) {
  let product: AdminProduct;
  let claimed = false;
  if (!plan.current) {
    product = await service.create(actorId, plan.input);
    claimed = true;
  } else {
    product = plan.current;
    if (plan.update) {
      product = await service.update(actorId, product.id, plan.update, plan.version!);
      claimed = true;
    }
    if (plan.archive) {
      product = await service.archive(actorId, product.id, claimed ? product.version : plan.version!);
      claimed = true;
    }
  }
  const keyOf = new Map(product.colors.map((c) => [c.value, c.key]));
  for (const a of plan.adjustments) {
    await adjustStock(tx, stock, actorId, product.id, {
      color: a.hex === '' ? '' : (keyOf.get(a.hex) ?? ''),
      size: a.size as 'S',
      delta: a.delta,
      reason: 'correction',
      note: NOTE,
    });
  }
  if (plan.pictures.length === 0) return;
  if (!claimed) {
    await claimVersion(tx, products, product.id, plan.version!, {
      notFound: new HttpError(404, PRODUCT_NOT_FOUND),
    });
  }
  const [{ next } = { next: 0 }] = await tx
    .select({ next: sql<number>`coalesce(max(${productImages.sortOrder}) + 1, 0)::int` })
    .from(productImages)
    .where(eq(productImages.productId, product.id));
  const rows = await tx
    .insert(productImages)
    .values(
      plan.pictures.map((pic, i) => ({
        productId: product.id,
        path: pic.path!,
        widths: pic.prepared!.renditions.map((r) => r.width),
        aspect: pic.prepared!.aspect,
        sortOrder: next + i,
        color: pic.ref.color ? (keyOf.get(pic.ref.color) ?? null) : null,
        sourceName: pic.ref.name,
      })),
    )
    .returning({ id: productImages.id, sourceName: productImages.sourceName });
  await tx
    .update(products)
    .set({ updatedAt: new Date() })
    .where(and(eq(products.id, product.id)));
  await recordAudit(tx, {
    actorId,
    action: 'product.image.add',
    entity: 'product',
    entityId: product.id,
    after: { images: rows.map((r) => ({ id: r.id, name: r.sourceName })), source: NOTE },
  });
}
