import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import sharp from 'sharp';
import {
  CartResponseSchema,
  OrderListResponseSchema,
  ProductResponseSchema,
  type Order,
} from '@boutique/contracts';
import { ADMIN_API, AdminProductResponseSchema, type ProductCreateInput } from '@boutique/contracts/admin';
import { colors as demoColors } from '@boutique/demo';
import { openDatabase } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { productStock, stockMovements } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import { deliveredOrder, moveOrder, newAdmin, paidOrder, piecesOf, refund } from './support/after-sale.js';
import {
  call,
  confirmCard,
  createIntent,
  fillCart,
  generousLimits,
  newShopper,
  orderPayload,
  totalOf,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';

/**
 * Pieces are counted per colour × size (DESIGN 17, Variants): each variant sells its own pieces, a size is in
 * stock when any colour is, a cart line is checked against its own variant, pieces coming back go to the colour
 * they left from, and upgrading moved the per-size counts to each product's first colour.
 */
let t: TestApp;
let admin: Shopper;

beforeAll(async () => {
  t = await startTestApp({ ...generousLimits });
  admin = await newAdmin(t);
});
afterAll(() => t?.close());

const asAdmin = (method: string, path: string, body?: unknown) => call(t, method, path, admin.token, body);

const colourInput = (key: string) => {
  const c = demoColors.find((x) => x.key === key)!;
  return { name: c.name, value: c.hex };
};
const EMERALD = colourInput('emerald');
const BORDEAUX = colourInput('bordeaux');

let made = 0;
/** A caftan in emerald and bordeaux (the demo's colours: keys `emerald`, `bordeaux`) with these first counts. */
async function caftan(counts: Record<'emerald' | 'bordeaux', Partial<Record<'M' | 'L', number>>>) {
  made += 1;
  const body: ProductCreateInput = {
    category: 'caftan',
    name: { en: `Yasmine Caftan ${made}`, fr: `Caftan Yasmine ${made}`, ar: `قفطان ياسمين ${made}` },
    description: { en: 'Velvet.', fr: 'Velours.', ar: 'مخمل.' },
    price: '1500',
    colors: [EMERALD, BORDEAUX],
    sizes: [{ name: 'M' }, { name: 'L' }],
    variants: (['emerald', 'bordeaux'] as const).flatMap((key) =>
      (['M', 'L'] as const).map((size) => ({
        color_value: (key === 'emerald' ? EMERALD : BORDEAUX).value,
        size,
        stock: counts[key][size] ?? 0,
      })),
    ),
  };
  const res = await asAdmin('POST', ADMIN_API.products, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { product } = AdminProductResponseSchema.parse(res.body).data;
  const article = (color: string, size: 'M' | 'L' = 'M'): Article => ({
    productId: product.id,
    slug: product.slug,
    price: product.price,
    color,
    size,
  });
  return { product, article };
}

const publicProduct = async (slug: string) =>
  ProductResponseSchema.parse((await t.json(`/api/v1/products/slug/${slug}`)).body).data.product;
const cartOf = async (shopper: Shopper) =>
  CartResponseSchema.parse((await call(t, 'GET', '/api/v1/cart', shopper.token)).body).data.cart;
const add = (shopper: Shopper, a: Article, quantity = 1) =>
  call(t, 'POST', '/api/v1/cart/add', shopper.token, {
    slug: a.slug,
    quantity,
    options: { color: a.color, size: a.size },
  });
const count = (a: Article, size: string = a.size) => piecesOf(t, a, size);

/** One shopper's whole checkout of one piece: cart, intent (held or refused), card, order. */
async function tryToBuy(a: Article): Promise<'bought' | 'refused'> {
  const shopper = await newShopper(t);
  const lines: CartLine[] = [{ ...a, quantity: 1 }];
  await fillCart(t, shopper, lines);
  const intent = await createIntent(t, shopper, Number(totalOf(lines)));
  if (intent.status === 409) return 'refused';
  expect(intent.status, JSON.stringify(intent.body)).toBe(201);
  const confirmed = await confirmCard(t, shopper, intent.body.data.clientSecret as string);
  expect(confirmed.status).toBe(200);
  const placed = await call(
    t,
    'POST',
    '/api/v1/orders',
    shopper.token,
    orderPayload(lines, intent.body.data.paymentIntentId as string),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return 'bought';
}

describe('each colour of a size sells its own pieces', () => {
  it('shoppers racing for emerald M and bordeaux M buy exactly the pieces of each', async () => {
    const { product, article } = await caftan({ emerald: { M: 3 }, bordeaux: { M: 2 } });
    const emerald = article('emerald');
    const bordeaux = article('bordeaux');
    const racers = [...Array(7).fill(emerald), ...Array(7).fill(bordeaux)] as Article[];
    const outcomes = await Promise.all(racers.map((a) => tryToBuy(a)));
    const bought = (color: string) =>
      outcomes.filter((o, i) => o === 'bought' && racers[i]!.color === color).length;
    expect(bought('emerald')).toBe(3);
    expect(bought('bordeaux')).toBe(2);
    expect(await count(emerald)).toEqual({ stock: 0, reserved: 0 });
    expect(await count(bordeaux)).toEqual({ stock: 0, reserved: 0 });
    // Each sale is in the history under its own colour.
    const sales = await t.database.db
      .select({ color: stockMovements.color, delta: stockMovements.delta })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.reason, 'sale')));
    expect(sales.filter((s) => s.color === 'emerald').reduce((n, s) => n - s.delta, 0)).toBe(3);
    expect(sales.filter((s) => s.color === 'bordeaux').reduce((n, s) => n - s.delta, 0)).toBe(2);
  });

  it('emerald M sold out leaves bordeaux M for sale: the size stays in stock, the variant says which', async () => {
    const { product, article } = await caftan({ emerald: { M: 1, L: 4 }, bordeaux: { M: 1 } });
    const emerald = article('emerald');
    const bordeaux = article('bordeaux');
    expect(await tryToBuy(emerald)).toBe('bought');

    const shown = await publicProduct(product.slug);
    expect(shown.variants).toEqual([
      { color: 'emerald', size: 'M', in_stock: false, left: 0 },
      { color: 'emerald', size: 'L', in_stock: true },
      { color: 'bordeaux', size: 'M', in_stock: true, left: 1 },
      { color: 'bordeaux', size: 'L', in_stock: false, left: 0 },
    ]);
    expect(shown.sizes).toEqual([
      { name: 'M', in_stock: true, left: 1 },
      { name: 'L', in_stock: true },
    ]);

    const shopper = await newShopper(t);
    const refused = await add(shopper, emerald);
    expect(refused.status).toBe(422);
    expect(refused.body.shortages).toEqual([{ slug: product.slug, color: 'emerald', size: 'M', left: 0 }]);
    expect((await add(shopper, bordeaux)).status).toBe(200);
    expect(await tryToBuy(bordeaux)).toBe('bought');
    expect((await publicProduct(product.slug)).sizes[0]).toEqual({ name: 'M', in_stock: false, left: 0 });
  });

  it('a cart line of a variant the product has no count for is unavailable, and checkout refuses it', async () => {
    const { product, article } = await caftan({ emerald: { M: 2 }, bordeaux: { M: 2 } });
    const shopper = await newShopper(t);
    const lines: CartLine[] = [{ ...article('bordeaux'), quantity: 1 }];
    await fillCart(t, shopper, lines);
    expect((await cartOf(shopper)).items[0]?.product.available).toBe(true);

    await t.database.db
      .delete(productStock)
      .where(
        and(
          eq(productStock.productId, product.id),
          eq(productStock.color, 'bordeaux'),
          eq(productStock.size, 'M'),
        ),
      );
    // The colour and the size are still offered; the variant is not.
    const [line] = (await cartOf(shopper)).items;
    expect(line?.product.available).toBe(false);
    expect((await createIntent(t, shopper, Number(totalOf(lines)))).status).not.toBe(201);
    expect((await publicProduct(product.slug)).variants).toContainEqual({
      color: 'bordeaux',
      size: 'M',
      in_stock: false,
      left: 0,
    });
  });
});

describe('pieces coming back go to the colour they left from', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await newShopper(t);
  });
  const itemOf = (order: Order) => order.items[0]!;

  it('a cancelled order', async () => {
    const { article } = await caftan({ emerald: { M: 5 }, bordeaux: { M: 5 } });
    const order = await paidOrder(t, shopper, [{ ...article('bordeaux'), quantity: 2 }]);
    expect(await count(article('bordeaux'))).toEqual({ stock: 3, reserved: 0 });
    expect((await moveOrder(t, admin, order.id, 'cancelled')).status).toBe(200);
    expect(await count(article('bordeaux'))).toEqual({ stock: 5, reserved: 0 });
    expect(await count(article('emerald'))).toEqual({ stock: 5, reserved: 0 });
  });

  it('a refund with its pieces put back', async () => {
    const { article } = await caftan({ emerald: { M: 5 }, bordeaux: { M: 5 } });
    const order = await paidOrder(t, shopper, [{ ...article('bordeaux'), quantity: 2 }]);
    const res = await refund(t, admin, order.id, {
      lines: [{ line_id: itemOf(order).id, quantity: 1 }],
      restock: true,
      reason: 'One came back unworn',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await count(article('bordeaux'))).toEqual({ stock: 4, reserved: 0 });
    expect(await count(article('emerald'))).toEqual({ stock: 5, reserved: 0 });
  });

  it('a return received in good condition', async () => {
    const { article } = await caftan({ emerald: { M: 5 }, bordeaux: { M: 5 } });
    const order = await deliveredOrder(t, admin, shopper, [{ ...article('bordeaux'), quantity: 1 }]);
    const asked = await call(t, 'POST', `/api/v1/orders/${order.id}/returns`, shopper.token, {
      type: 'return',
      reason: 'changed_mind',
      lines: [{ line_id: itemOf(order).id, quantity: 1 }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.data.return.id as number;
    const step = (body: unknown) => call(t, 'PATCH', `/api/v1/admin/returns/${id}`, admin.token, body);
    expect((await step({ status: 'approved' })).status).toBe(200);
    expect((await step({ status: 'received', restock: true })).status).toBe(200);
    expect(await count(article('bordeaux'))).toEqual({ stock: 5, reserved: 0 });
    expect(await count(article('emerald'))).toEqual({ stock: 5, reserved: 0 });
  });

  it('an exchange holds and sends the piece of the colour and size asked for', async () => {
    const { article } = await caftan({ emerald: { M: 5, L: 2 }, bordeaux: { M: 5, L: 2 } });
    const order = await deliveredOrder(t, admin, shopper, [{ ...article('bordeaux'), quantity: 1 }]);
    const asked = await call(t, 'POST', `/api/v1/orders/${order.id}/returns`, shopper.token, {
      type: 'exchange',
      reason: 'too_small',
      lines: [{ line_id: itemOf(order).id, quantity: 1, size: 'L' }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.data.return.id as number;
    const step = (body: unknown) => call(t, 'PATCH', `/api/v1/admin/returns/${id}`, admin.token, body);
    expect((await step({ status: 'approved' })).status).toBe(200);
    expect(await count(article('bordeaux'), 'L')).toEqual({ stock: 2, reserved: 1 });
    expect(await count(article('emerald'), 'L')).toEqual({ stock: 2, reserved: 0 });
    expect((await step({ status: 'received', restock: true })).status).toBe(200);
    expect((await step({ status: 'exchanged' })).status).toBe(200);
    expect(await count(article('bordeaux'), 'L')).toEqual({ stock: 1, reserved: 0 });
    expect(await count(article('bordeaux'), 'M')).toEqual({ stock: 5, reserved: 0 });
    expect(await count(article('emerald'), 'L')).toEqual({ stock: 2, reserved: 0 });
  });
});

describe('the back office counts per colour and size', () => {
  it('answers each variant, adds a colour with its first counts, and refuses a count for a variant that exists', async () => {
    const { product } = await caftan({ emerald: { M: 2 }, bordeaux: { L: 1 } });
    expect(product.variants).toEqual([
      { color: 'emerald', size: 'M', stock: 2, reserved: 0 },
      { color: 'emerald', size: 'L', stock: 0, reserved: 0 },
      { color: 'bordeaux', size: 'M', stock: 0, reserved: 0 },
      { color: 'bordeaux', size: 'L', stock: 1, reserved: 0 },
    ]);
    expect(product.sizes).toEqual([
      { name: 'M', stock: 2, reserved: 0 },
      { name: 'L', stock: 1, reserved: 0 },
    ]);
    const ivory = colourInput('ivory');
    const existing = await asAdmin('PATCH', ADMIN_API.product(product.id), {
      colors: [EMERALD, BORDEAUX, ivory],
      variants: [{ color_value: EMERALD.value, size: 'M', stock: 9 }],
      version: product.version,
    });
    expect(existing.status).toBe(422);
    expect(Object.keys(existing.body.errors)).toEqual(['variants']);

    const added = await asAdmin('PATCH', ADMIN_API.product(product.id), {
      colors: [EMERALD, BORDEAUX, ivory],
      variants: [{ color_value: ivory.value, size: 'L', stock: 3 }],
      version: product.version,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const after = AdminProductResponseSchema.parse(added.body).data.product;
    expect(after.variants.filter((v) => v.color === 'ivory')).toEqual([
      { color: 'ivory', size: 'M', stock: 0, reserved: 0 },
      { color: 'ivory', size: 'L', stock: 3, reserved: 0 },
    ]);
    const history = (await asAdmin('GET', `${ADMIN_API.stockAdjustments(product.id)}?color=ivory`)).body.data;
    expect(history.adjustments).toEqual([
      expect.objectContaining({ color: 'ivory', size: 'L', delta: 3, reason: 'received', stock_after: 3 }),
    ]);
    expect(history.variants).toEqual(after.variants);

    // Taking the colour away again writes its unsold pieces to the history.
    const removed = await asAdmin('PATCH', ADMIN_API.product(product.id), {
      colors: [EMERALD, BORDEAUX],
      version: after.version,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.product.variants.map((v: { color: string }) => v.color)).not.toContain('ivory');
    const gone = (await asAdmin('GET', `${ADMIN_API.stockAdjustments(product.id)}?color=ivory`)).body.data;
    expect(gone.adjustments[0]).toMatchObject({
      delta: -3,
      stock_after: 0,
      note: 'colour removed from the product',
    });
  });

  it('a colour renamed in the form keeps its pieces under its new key', async () => {
    const { product } = await caftan({ emerald: { M: 2 }, bordeaux: { M: 3, L: 1 } });
    const wine = { ...BORDEAUX, name: { en: 'Wine', fr: 'Lie-de-vin', ar: 'نبيذي' } };
    const res = await asAdmin('PATCH', ADMIN_API.product(product.id), {
      colors: [EMERALD, wine],
      version: product.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = AdminProductResponseSchema.parse(res.body).data.product;
    const key = after.colors[1]!.key;
    expect(key).not.toBe('bordeaux');
    expect(after.variants).toEqual([
      { color: 'emerald', size: 'M', stock: 2, reserved: 0 },
      { color: 'emerald', size: 'L', stock: 0, reserved: 0 },
      { color: key, size: 'M', stock: 3, reserved: 0 },
      { color: key, size: 'L', stock: 1, reserved: 0 },
    ]);
    const moves = (await asAdmin('GET', ADMIN_API.stockAdjustments(product.id))).body.data.adjustments;
    expect(moves.filter((m: { note: string }) => m.note === `colour renamed from bordeaux`)).toHaveLength(2);
  });

  it('adjusts one variant only, and refuses a variant the product does not come in', async () => {
    const { product, article } = await caftan({ emerald: { M: 2 }, bordeaux: { M: 2 } });
    const path = ADMIN_API.stockAdjustments(product.id);
    const done = await asAdmin('POST', path, { color: 'bordeaux', size: 'M', delta: 3, reason: 'received' });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.data.adjustment).toMatchObject({ color: 'bordeaux', size: 'M', stock_after: 5 });
    expect(await count(article('bordeaux'))).toEqual({ stock: 5, reserved: 0 });
    expect(await count(article('emerald'))).toEqual({ stock: 2, reserved: 0 });

    for (const [body, field] of [
      [{ color: 'ivory', size: 'M', delta: 1, reason: 'received' }, 'color'],
      [{ size: 'M', delta: 1, reason: 'received' }, 'color'],
      [{ color: 'emerald', size: 'XL', delta: 1, reason: 'received' }, 'size'],
    ] as const) {
      const res = await asAdmin('POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    // A colour and size the product offers but has no count for is not one of its variants.
    await t.database.db
      .delete(productStock)
      .where(
        and(
          eq(productStock.productId, product.id),
          eq(productStock.color, 'emerald'),
          eq(productStock.size, 'L'),
        ),
      );
    const missing = await asAdmin('POST', path, {
      color: 'emerald',
      size: 'L',
      delta: 1,
      reason: 'received',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.color).toEqual(['This product does not come in emerald, size L.']);
  });

  it('names the colour a picture shows; the shop answers it, and refuses a colour the product has not', async () => {
    const slug = 'zahra-emerald-velvet-caftan';
    const before = await publicProduct(slug);
    // The demo draws each colour's pictures: the first colour's front, detail and back, then each other
    // colour's front and detail.
    const drawn = ['emerald', 'emerald', 'emerald', 'midnight-blue', 'midnight-blue', 'bordeaux', 'bordeaux'];
    expect(before.images.map((i) => i.color)).toEqual(drawn);
    const { product } = AdminProductResponseSchema.parse(
      (await asAdmin('GET', ADMIN_API.product(before.id))).body,
    ).data;
    const image = product.images[1]!;

    const bad = await asAdmin('PATCH', ADMIN_API.productImage(product.id, image.id), {
      color: 'ivory',
      version: product.version,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['color']);
    const named = await asAdmin('PATCH', ADMIN_API.productImage(product.id, image.id), {
      color: 'Bordeaux',
      version: product.version,
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.data.images[1]).toMatchObject({ id: image.id, color: 'bordeaux' });
    const stale = await asAdmin('PATCH', ADMIN_API.productImage(product.id, image.id), {
      color: 'emerald',
      version: product.version,
    });
    expect(stale.status).toBe(409);
    await expect
      .poll(async () => (await publicProduct(slug)).images.map((i) => i.color), { timeout: 3000 })
      .toEqual(drawn.map((color, i) => (i === 1 ? 'bordeaux' : color)));
    const cleared = await asAdmin('PATCH', ADMIN_API.productImage(product.id, image.id), {
      color: null,
      version: named.body.data.version,
    });
    expect(cleared.body.data.images[1].color).toBeNull();
    const { audit } = (await asAdmin('GET', ADMIN_API.product(product.id))).body.data;
    expect(audit[0]).toMatchObject({ action: 'product.image.color', after: { image: { color: null } } });
  });
});

describe('a line shows the picture of its colour', () => {
  /** A plain photo of one colour, as the owner uploads it. */
  const photo = async (hex: string, name: string) => {
    const bytes = await sharp({ create: { width: 300, height: 400, channels: 3, background: hex } })
      .jpeg()
      .toBuffer();
    return [new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name] as const;
  };

  it('the cart and the order show a bordeaux line with the bordeaux photo, not the emerald one leading the product', async () => {
    const { product, article } = await caftan({ emerald: { M: 3 }, bordeaux: { M: 3 } });
    const form = new FormData();
    form.append('file', ...(await photo(EMERALD.value, 'emerald.jpg')));
    form.append('file', ...(await photo(BORDEAUX.value, 'bordeaux.jpg')));
    const up = await t.json(ADMIN_API.productImages(product.id), {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const [emeraldPhoto, bordeauxPhoto] = up.body.data.uploaded as { id: number; srcset: string }[];
    const named = await asAdmin('PATCH', ADMIN_API.productImage(product.id, bordeauxPhoto!.id), {
      color: 'bordeaux',
      version: up.body.data.version,
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    // The thumbnail a line shows is one of its photo's renditions.
    const showsPhoto = (image: string | null | undefined, of: { srcset: string }) =>
      Boolean(image) && of.srcset.split(', ').some((entry) => entry.startsWith(`${image} `));

    const shopper = await newShopper(t);
    const lines: CartLine[] = [
      { ...article('bordeaux'), quantity: 1 },
      { ...article('emerald'), quantity: 1 },
    ];
    for (const line of lines) expect((await add(shopper, line)).status).toBe(200);
    const cart = await cartOf(shopper);
    const inCart = (color: string) => cart.items.find((i) => i.options.color === color)?.product_image;
    expect(showsPhoto(inCart('bordeaux'), bordeauxPhoto!)).toBe(true);
    // A colour without a photo of its own shows the product's first.
    expect(showsPhoto(inCart('emerald'), emeraldPhoto!)).toBe(true);

    const intent = await createIntent(t, shopper, Number(totalOf(lines)));
    expect(intent.status, JSON.stringify(intent.body)).toBe(201);
    expect((await confirmCard(t, shopper, intent.body.data.clientSecret as string)).status).toBe(200);
    const placed = await call(
      t,
      'POST',
      '/api/v1/orders',
      shopper.token,
      orderPayload(lines, intent.body.data.paymentIntentId as string),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const list = await call(t, 'GET', '/api/v1/orders/my-orders', shopper.token);
    const [order] = OrderListResponseSchema.parse(list.body).data.orders;
    const ordered = (color: string) => order!.items.find((i) => i.options?.color === color)?.product_image;
    expect(showsPhoto(ordered('bordeaux'), bordeauxPhoto!)).toBe(true);
    expect(showsPhoto(ordered('emerald'), emeraldPhoto!)).toBe(true);
  });
});

describe('upgrading to counts per colour and size', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'boutique-variants-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("moves each size's count and holds to the product's first colour; a product without colours keeps ''", async () => {
    // The migrations up to the one before counts per colour, applied to an empty database.
    const source = fileURLToPath(new URL('../migrations', import.meta.url));
    const journal = JSON.parse(readFileSync(join(source, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const at = journal.entries.findIndex((e) => e.tag.endsWith('_variant_stock'));
    expect(at).toBeGreaterThan(0);
    const before = join(dir, 'before');
    cpSync(source, before, { recursive: true });
    writeFileSync(
      join(before, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
    );
    for (const file of readdirSync(before)) {
      if (file.endsWith('.sql') && !journal.entries.slice(0, at).some((e) => `${e.tag}.sql` === file)) {
        rmSync(join(before, file));
      }
    }
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    try {
      const db = handle.db as unknown as PgliteDatabase;
      await migrate(db, { migrationsFolder: before });
      const run = (q: ReturnType<typeof sql>) => handle.db.execute(q);
      await run(sql`insert into categories (slug, name, description) values
        ('caftan', '{"en":"C","fr":"C","ar":"C"}', '{"en":"C","fr":"C","ar":"C"}')`);
      await run(sql`insert into colors (key, hex, name) values
        ('emerald', '#1f6b4f', '{"en":"E","fr":"E","ar":"E"}'),
        ('bordeaux', '#6d1a2a', '{"en":"B","fr":"B","ar":"B"}')`);
      const text = '{"en":"x","fr":"x","ar":"x"}';
      await run(sql`insert into products (slug, category_id, name, description, price, sizes) values
        ('two-colours', 1, ${text}::jsonb, ${text}::jsonb, '100.00', '{M,L}'),
        ('no-colour', 1, ${text}::jsonb, ${text}::jsonb, '100.00', '{M}')`);
      // Bordeaux was added first but is shown first: the first colour is product_colors' order.
      await run(
        sql`insert into product_colors (product_id, color_id, sort_order) values (1, 1, 1), (1, 2, 0)`,
      );
      await run(sql`insert into product_stock (product_id, size, stock, reserved) values
        (1, 'M', 4, 1), (1, 'L', 2, 0), (2, 'M', 3, 0)`);
      await run(sql`insert into users (name, email) values ('A', 'a@example.ae')`);
      await run(sql`insert into payments (intent_id, gateway, user_id, amount, lines)
        values ('pi_1', 'sandbox', 1, '100.00', '[]')`);
      await run(sql`insert into stock_holds (payment_id, user_id, product_id, size, quantity, expires_at)
        values (1, 1, 1, 'M', 1, now() + interval '10 minutes')`);

      await migrate(db, { migrationsFolder: source });
      const stock = rowsOf<{
        product_id: number;
        color: string;
        size: string;
        stock: number;
        reserved: number;
      }>(
        await run(sql`select product_id, color, size, stock, reserved from product_stock
          order by product_id, color, size`),
      );
      expect(stock).toEqual([
        { product_id: 1, color: 'bordeaux', size: 'L', stock: 2, reserved: 0 },
        { product_id: 1, color: 'bordeaux', size: 'M', stock: 4, reserved: 1 },
        { product_id: 1, color: 'emerald', size: 'L', stock: 0, reserved: 0 },
        { product_id: 1, color: 'emerald', size: 'M', stock: 0, reserved: 0 },
        { product_id: 2, color: '', size: 'M', stock: 3, reserved: 0 },
      ]);
      const holds = rowsOf<{ color: string; size: string }>(
        await run(sql`select color, size from stock_holds`),
      );
      expect(holds).toEqual([{ color: 'bordeaux', size: 'M' }]);
    } finally {
      await handle.close();
    }
  });
});
