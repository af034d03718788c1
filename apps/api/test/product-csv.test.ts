import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { zipSync } from 'fflate';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, CATALOGUE_CSV_COLUMNS } from '@boutique/contracts/admin';
import { startTestApp, type TestApp } from './helpers.js';
import { call, countRows, generousLimits, makeAdmin, newShopper, type Shopper } from './support/shop.js';

type Row = Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>;

let t: TestApp;
let admin: Shopper;
let customer: Shopper;
let photoServer: Server;
let photoHost: string;

const jpeg = (colour: string, width = 900, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  const photo = await jpeg('#8a2be2');
  photoServer = createServer((req, res) => {
    if (req.url === '/look.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(photo);
    } else if (req.url === '/away.jpg') {
      // A redirect to another host (same machine, another name): never followed.
      res.writeHead(302, {
        location: `http://localhost:${(photoServer.address() as AddressInfo).port}/look.jpg`,
      });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => photoServer.listen(0, '127.0.0.1', resolve));
  photoHost = `127.0.0.1:${(photoServer.address() as AddressInfo).port}`;
  t = await startTestApp({ ...generousLimits, IMPORT_URL_HOSTS: photoHost });
  admin = await newShopper(t, 'Lalla Owner');
  await makeAdmin(t, admin);
  customer = await newShopper(t, 'Noura Customer');
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => photoServer?.close(resolve));
});

const asAdmin = (method: string, path: string, body?: unknown) => call(t, method, path, admin.token, body);

async function exportCsv(app = t, token = admin.token) {
  const res = await app.fetch(ADMIN_API.productsExport, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.text();
}

const rowsOf = (csv: string): Row[] => parse(csv, { bom: true, columns: true });
const csvOf = (rows: Partial<Row>[]) =>
  stringify(rows, {
    header: true,
    columns: [...CATALOGUE_CSV_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
  });

function importCsv(
  csv: string,
  {
    dryRun = false,
    zip,
    app = t,
    token = admin.token,
  }: { dryRun?: boolean; zip?: Uint8Array; app?: TestApp; token?: string } = {},
) {
  const form = new FormData();
  form.append('dry_run', String(dryRun));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
  if (zip)
    form.append('pictures', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'photos.zip');
  return app.json(ADMIN_API.productsImport, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** A new two-colour caftan, one row per colour × size, as an owner would type it. */
function newPiece(slug: string, overrides: Partial<Row> = {}): Row[] {
  const base: Row = {
    slug,
    version: '',
    category: 'caftan',
    status: 'active',
    featured: 'false',
    best_seller: 'false',
    price: '1850.00',
    old_price: '',
    name_en: `Amal ${slug} Caftan`,
    name_fr: `Caftan Amal ${slug}`,
    name_ar: 'قفطان أمل',
    description_en: 'Velvet with hand-made sfifa.',
    description_fr: 'Velours et sfifa faite main.',
    description_ar: 'مخمل مع سفيفة يدوية.',
    details_en: 'Hand-sewn buttons\nLined',
    details_fr: 'Boutons cousus main\nDoublé',
    details_ar: 'أزرار مخيطة يدويا\nمبطن',
    care_en: 'Dry clean only',
    care_fr: 'Nettoyage à sec',
    care_ar: 'تنظيف جاف فقط',
    pictures: '',
    color_key: '',
    color_hex: '#1f6b4f',
    color_en: 'Emerald',
    color_fr: 'Émeraude',
    color_ar: 'زمردي',
    size: 'M',
    stock: '3',
    stock_at_export: '',
    ...overrides,
  };
  return [
    base,
    { ...base, size: 'L', stock: '2' },
    {
      ...base,
      color_hex: '#7b1e3a',
      color_en: 'Burgundy',
      color_fr: 'Bordeaux',
      color_ar: 'عنابي',
      size: 'M',
      stock: '1',
    },
    {
      ...base,
      color_hex: '#7b1e3a',
      color_en: 'Burgundy',
      color_fr: 'Bordeaux',
      color_ar: 'عنابي',
      size: 'L',
      stock: '0',
    },
  ];
}

const productBySlug = async (slug: string) => {
  const list = await asAdmin('GET', `${ADMIN_API.products}?q=${slug}&per_page=100`);
  const row = list.body.data.products.data.find((p: { slug: string }) => p.slug === slug);
  if (!row) return undefined;
  return (await asAdmin('GET', ADMIN_API.product(row.id))).body.data.product;
};

describe('who may', () => {
  it('answers a guest 401 and a customer 403, reading no file', async () => {
    expect((await t.fetch(ADMIN_API.productsExport)).status).toBe(401);
    expect(
      (await t.fetch(ADMIN_API.productsExport, { headers: { authorization: `Bearer ${customer.token}` } }))
        .status,
    ).toBe(403);
    const csv = csvOf(newPiece('guest-piece'));
    expect((await importCsv(csv, { token: '' })).status).toBe(401);
    expect((await importCsv(csv, { token: customer.token })).status).toBe(403);
    expect(await productBySlug('guest-piece')).toBeUndefined();
  });
});

describe('the export', () => {
  it('is a CSV for Excel: BOM, CRLF, every product (archived ones too) with its variants, pictures and version', async () => {
    const res = await t.fetch(ADMIN_API.productsExport, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.split('\r\n')[0]).toBe(`\ufeff${CATALOGUE_CSV_COLUMNS.join(',')}`);
    const rows = rowsOf(text);
    const products = (await asAdmin('GET', `${ADMIN_API.products}?per_page=100`)).body.data.products;
    expect(new Set(rows.map((r) => r.slug)).size).toBe(products.total);
    const one = await productBySlug(products.data[0].slug);
    const itsRows = rows.filter((r) => r.slug === one.slug);
    expect(itsRows).toHaveLength(one.variants.length);
    expect(itsRows[0]).toMatchObject({
      version: String(one.version),
      name_ar: one.name.ar,
      price: one.price,
    });
    expect(itsRows.map((r) => Number(r.stock))).toEqual(one.variants.map((v: { stock: number }) => v.stock));
    expect(rows.some((r) => r.pictures !== '')).toBe(true);
  });
});

describe('the demo catalogue round trip', () => {
  it('changes nothing: the dry run says all unchanged, the import writes nothing, no version moves, no audit row', async () => {
    const before = await exportCsv();
    const products = new Set(rowsOf(before).map((r) => r.slug)).size;
    const audits = await countRows(t, 'audit_log');
    const moves = await countRows(t, 'stock_movements');
    const dry = await importCsv(before, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toEqual({
      dry_run: true,
      created: 0,
      updated: 0,
      unchanged: products,
      errors: [],
      changes: [],
    });
    const real = await importCsv(before);
    expect(real.status).toBe(200);
    expect(real.body.data).toMatchObject({ created: 0, updated: 0, unchanged: products, errors: [] });
    expect(await countRows(t, 'audit_log')).toBe(audits);
    expect(await countRows(t, 'stock_movements')).toBe(moves);
    expect(await exportCsv()).toBe(before);
  });
});

describe('a file with mistakes', () => {
  it('lists exactly its 3 bad lines (as Excel numbers them) and writes nothing, dry run or not', async () => {
    const rows = [
      ...newPiece('faultless-one').slice(0, 1),
      { ...newPiece('bad-price')[0]!, price: '12.345' },
      ...newPiece('faultless-two').slice(0, 1),
      { ...newPiece('bad-category')[0]!, category: 'no-such-collection' },
      { ...newPiece('bad-arabic')[0]!, name_ar: '' },
    ];
    const csv = csvOf(rows);
    const productsBefore = await countRows(t, 'products');
    for (const dryRun of [true, false]) {
      const res = await importCsv(csv, { dryRun });
      expect(res.status).toBe(dryRun ? 200 : 422);
      const { errors } = res.body.data;
      expect(
        errors.map((e: { line: number; column: string; code: string }) => [e.line, e.column, e.code]),
      ).toEqual([
        [3, 'price', 'invalid'],
        [5, 'category', 'not_found'],
        [6, 'name_ar', 'required'],
      ]);
      if (dryRun) expect(res.body.data.created).toBe(2);
    }
    expect(await countRows(t, 'products')).toBe(productsBefore);
    expect(await productBySlug('faultless-one')).toBeUndefined();
  });
});

describe('a new product with its photos in a zip', () => {
  it('is created with its variants, counts and pictures (each colour its own), and not twice', async () => {
    const zip = zipSync({
      'photos/amal-emerald.jpg': await jpeg('#1f6b4f'),
      'amal-burgundy.jpg': await jpeg('#7b1e3a'),
    });
    const rows = newPiece('amal-zip', { pictures: '#1f6b4f amal-emerald.jpg\n#7b1e3a amal-burgundy.jpg' });
    const dry = await importCsv(csvOf(rows), { dryRun: true, zip });
    expect(dry.body.data).toMatchObject({
      created: 1,
      errors: [],
      changes: [{ line: 2, slug: 'amal-zip', action: 'create' }],
    });
    expect(await productBySlug('amal-zip')).toBeUndefined();
    const res = await importCsv(csvOf(rows), { zip });
    expect(res.status).toBe(200);
    const product = await productBySlug('amal-zip');
    expect(product).toMatchObject({ price: '1850.00', status: 'active', version: 1 });
    expect(product.details).toHaveLength(2);
    const keyOf = Object.fromEntries(
      product.colors.map((c: { value: string; key: string }) => [c.value, c.key]),
    );
    expect(
      product.variants.map((v: { color: string; size: string; stock: number }) => [v.color, v.size, v.stock]),
    ).toEqual([
      [keyOf['#1f6b4f'], 'M', 3],
      [keyOf['#1f6b4f'], 'L', 2],
      [keyOf['#7b1e3a'], 'M', 1],
      [keyOf['#7b1e3a'], 'L', 0],
    ]);
    expect(product.images.map((i: { color: string }) => i.color)).toEqual([
      keyOf['#1f6b4f'],
      keyOf['#7b1e3a'],
    ]);
    const history = await asAdmin('GET', ADMIN_API.stockAdjustments(product.id));
    expect(history.body.data.adjustments.every((a: { reason: string }) => a.reason === 'received')).toBe(
      true,
    );
    // The same file and zip again: the pictures are there already by their names.
    const again = await importCsv(csvOf(rows.map((r) => ({ ...r, version: '1' }))), { zip });
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, errors: [] });
    expect((await productBySlug('amal-zip')).images).toHaveLength(2);
    // And its own export lists them by those names.
    const exported = rowsOf(await exportCsv()).filter((r) => r.slug === 'amal-zip');
    expect(exported[0]!.pictures).toBe('#1f6b4f amal-emerald.jpg\n#7b1e3a amal-burgundy.jpg');
  });

  it('refuses a picture missing from the zip, and a zip naming ../ (nothing written)', async () => {
    const missing = await importCsv(csvOf(newPiece('amal-missing', { pictures: 'nowhere.jpg' })), {
      zip: zipSync({ 'other.jpg': await jpeg('#222222') }),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.data.errors).toMatchObject([{ line: 2, column: 'pictures', code: 'not_found' }]);
    const evil = await importCsv(csvOf(newPiece('amal-evil', { pictures: 'a.jpg' })), {
      zip: zipSync({
        'a.jpg': await jpeg('#222222'),
        '../../etc/cron.d/x': new TextEncoder().encode('* * * * * boom'),
      }),
    });
    expect(evil.status).toBe(422);
    expect(evil.body.data.errors[0]).toMatchObject({ line: 0, column: 'pictures', code: 'not_allowed' });
    expect(evil.body.data.errors[0].message).toMatch(/points outside its folder/);
    expect(await productBySlug('amal-missing')).toBeUndefined();
    expect(await productBySlug('amal-evil')).toBeUndefined();
  });
});

describe('changes to existing products', () => {
  it('a changed price updates that product only: its version +1, an audit row', async () => {
    const rows = rowsOf(await exportCsv());
    const slug = rows[0]!.slug;
    const before = await productBySlug(slug);
    const others = rows.filter((r) => r.slug !== slug);
    const changed = rows.map((r) => (r.slug === slug ? { ...r, price: '9999.00', old_price: '' } : r));
    const audits = await countRows(t, 'audit_log');
    const dry = await importCsv(csvOf(changed), { dryRun: true });
    expect(dry.body.data.changes).toEqual([
      { line: 2, slug, action: 'update', fields: expect.arrayContaining(['price']) },
    ]);
    const res = await importCsv(csvOf(changed));
    expect(res.body.data).toMatchObject({ updated: 1, created: 0, errors: [] });
    const after = await productBySlug(slug);
    expect(after).toMatchObject({ price: '9999.00', old_price: null, version: before.version + 1 });
    expect(await countRows(t, 'audit_log')).toBe(audits + 1);
    const audit = (await asAdmin('GET', ADMIN_API.product(before.id))).body.data.audit;
    expect(audit[0]).toMatchObject({ action: 'product.update' });
    expect(rowsOf(await exportCsv()).filter((r) => r.slug !== slug)).toEqual(others);
  });

  it('refuses a line whose product changed since the export (stale), overwriting nothing', async () => {
    const rows = rowsOf(await exportCsv());
    const slug =
      rows[1]!.slug === rows[0]!.slug ? rows.find((r) => r.slug !== rows[0]!.slug)!.slug : rows[1]!.slug;
    const product = await productBySlug(slug);
    const patched = await asAdmin('PATCH', ADMIN_API.product(product.id), {
      featured: !product.featured,
      version: product.version,
    });
    expect(patched.status).toBe(200);
    const line = rows.findIndex((r) => r.slug === slug) + 2;
    const changed = rows.map((r) => (r.slug === slug ? { ...r, price: '7777.00', old_price: '' } : r));
    const res = await importCsv(csvOf(changed));
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual([
      expect.objectContaining({ line, column: 'version', code: 'stale' }),
    ]);
    expect(await productBySlug(slug)).toMatchObject({ price: product.price, version: product.version + 1 });
  });

  it('a changed count is a stock adjustment (correction, "CSV import") in the history, not an overwrite', async () => {
    await importCsv(csvOf(newPiece('amal-stock')));
    const rows = rowsOf(await exportCsv());
    const at = rows.findIndex((r) => r.slug === 'amal-stock' && r.size === 'M' && r.color_hex === '#1f6b4f');
    expect(rows[at]).toMatchObject({ stock: '3', stock_at_export: '3' });
    const product = await productBySlug('amal-stock');
    // A sale meanwhile (made here as an adjustment): the file's +2 lands on the count as it is now.
    await asAdmin('POST', ADMIN_API.stockAdjustments(product.id), {
      color: product.colors[0].key,
      size: 'M',
      delta: -1,
      reason: 'damaged',
    });
    rows[at] = { ...rows[at]!, stock: '٥' };
    const res = await importCsv(csvOf(rows));
    expect(res.body.data).toMatchObject({
      updated: 1,
      errors: [],
      changes: [{ slug: 'amal-stock', fields: ['stock'] }],
    });
    const history = await asAdmin(
      'GET',
      `${ADMIN_API.stockAdjustments(product.id)}?size=M&color=${product.colors[0].key}`,
    );
    expect(history.body.data.adjustments[0]).toMatchObject({
      reason: 'correction',
      note: 'CSV import',
      delta: 2,
      stock_after: 4,
    });
    expect((await productBySlug('amal-stock')).version).toBe(product.version);
    // Below zero is refused for its line.
    const fresh = rowsOf(await exportCsv());
    const i = fresh.findIndex((r) => r.slug === 'amal-stock' && r.size === 'L' && r.color_hex === '#7b1e3a');
    fresh[i] = { ...fresh[i]!, stock: '0', stock_at_export: '5' };
    const refused = await importCsv(csvOf(fresh));
    expect(refused.body.data.errors).toEqual([
      expect.objectContaining({ line: i + 2, column: 'stock', code: 'too_small' }),
    ]);
  });
});

describe('cells and pictures by address', () => {
  it('a formula-like cell is written with an apostrophe and read back as typed', async () => {
    const rows = newPiece('amal-formula', { name_en: '=1+1 Caftan', details_en: '-20% this week\nLined' });
    expect((await importCsv(csvOf(rows))).status).toBe(200);
    const product = await productBySlug('amal-formula');
    expect(product.name.en).toBe('=1+1 Caftan');
    expect(product.details[0].en).toBe('-20% this week');
    const raw = await exportCsv();
    expect(raw).toContain("'=1+1 Caftan");
    expect(rowsOf(raw).find((r) => r.slug === 'amal-formula')!.name_en).toBe("'=1+1 Caftan");
    const again = await importCsv(raw, { dryRun: true });
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, errors: [] });
  });

  it('fetches a picture from a host IMPORT_URL_HOSTS names, and refuses other hosts and redirects to them', async () => {
    const other = `http://localhost:${photoHost.split(':')[1]}/look.jpg`;
    const refused = await importCsv(
      csvOf(newPiece('amal-away', { pictures: `http://${photoHost}/away.jpg` })),
    );
    expect(refused.body.data.errors).toMatchObject([{ column: 'pictures', code: 'not_allowed' }]);
    const elsewhere = await importCsv(csvOf(newPiece('amal-elsewhere', { pictures: other })), {
      dryRun: true,
    });
    expect(elsewhere.body.data.errors[0].message).toMatch(/IMPORT_URL_HOSTS/);
    const res = await importCsv(
      csvOf(newPiece('amal-url', { pictures: `#7b1e3a http://${photoHost}/look.jpg` })),
    );
    expect(res.status).toBe(200);
    const product = await productBySlug('amal-url');
    expect(product.images).toHaveLength(1);
    expect(product.images[0].color).toBe(product.colors[1].key);
  });

  it('a shop without IMPORT_URL_HOSTS refuses pictures by address, naming the setting; imports are rate-limited', async () => {
    const plain = await startTestApp({ ...generousLimits, IMPORT_LIMIT_PER_ADMIN: '2' });
    try {
      const owner = await newShopper(plain, 'Other Owner');
      await makeAdmin(plain, owner);
      const csv = csvOf(newPiece('amal-off', { pictures: `http://${photoHost}/look.jpg` }));
      const res = await importCsv(csv, { app: plain, token: owner.token, dryRun: true });
      expect(res.body.data.errors).toMatchObject([{ line: 2, column: 'pictures', code: 'not_allowed' }]);
      expect(res.body.data.errors[0].message).toMatch(/set IMPORT_URL_HOSTS/);
      expect((await importCsv(csv, { app: plain, token: owner.token })).status).toBe(422);
      const third = await importCsv(csv, { app: plain, token: owner.token, dryRun: true });
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await plain.close();
    }
  });
});
