import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  CART_MAX_LINES,
  CartMergeResponseSchema,
  CartResponseSchema,
  type ServerCart,
  type Size,
} from '@boutique/contracts';
import { cartItems, colors, productColors, productStock, products } from '../src/db/schema/index.js';
import { toFils } from '../src/lib/money.js';
import { priceCart } from '../src/modules/cart/pricing.js';
import { addToLine } from '../src/modules/cart/repository.js';
import { signUp } from './support/shop.js';
import { startTestApp, type TestApp } from './helpers.js';
import { plentyOfStock } from './support/shop.js';

let t: TestApp;

/** Seeded products the stories use, read from the demo catalogue rather than assumed. */
interface Piece {
  id: number;
  slug: string;
  price: string;
  sizes: Size[];
  colors: string[];
  image: string;
}
let pieces: Piece[];
/** Active products with at least two colours and all four sizes, each used by one story at most where it matters. */
const piece = (n: number) => {
  const p = pieces.filter((x) => x.colors.length >= 2 && x.sizes.length === 4)[n];
  if (!p) throw new Error(`no piece ${n}`);
  return p;
};
let inactiveSlug: string;
/** An active product that does not come in every size, and the size it lacks. */
let partial: { piece: Piece; missing: Size };

beforeAll(async () => {
  t = await startTestApp({ REGISTER_LIMIT_PER_IP: '10000' });
  await plentyOfStock(t);
  const db = t.database.db;
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      price: products.price,
      sizes: products.sizes,
      status: products.status,
      colors: sql<string[]>`coalesce(array_agg(${colors.key} order by ${productColors.sortOrder})
        filter (where ${colors.key} is not null), '{}')`,
    })
    .from(products)
    .leftJoin(productColors, eq(productColors.productId, products.id))
    .leftJoin(colors, eq(colors.id, productColors.colorId))
    .groupBy(products.id)
    .orderBy(products.id);
  const inactive = rows.find((r) => r.status === 'inactive');
  if (!inactive) throw new Error('the demo catalogue has inactive products');
  inactiveSlug = inactive.slug;
  pieces = await Promise.all(
    rows
      .filter((r) => r.status === 'active')
      .map(async (r) => {
        const page = await t.json(`/api/v1/products/slug/${r.slug}`);
        // A cart line keeps the first picture's 400 px rendition: the smallest sharp at 90 px on any phone.
        const first = page.body.data.product.images[0] as { url: string; srcset: string };
        const image = /(\S+-400\.webp) 400w/.exec(first.srcset)?.[1];
        if (!image) throw new Error(`no 400 px rendition in ${first.srcset}`);
        return { ...r, image };
      }),
  );
  const withGap = pieces.find((p) => p.sizes.length < 4 && p.colors.length > 0);
  if (!withGap) throw new Error('the demo catalogue has a product missing a size');
  partial = {
    piece: withGap,
    missing: (['S', 'M', 'L', 'XL'] as const).find((s) => !withGap.sizes.includes(s))!,
  };
});
afterAll(() => t?.close());

// ---------------------------------------------------------------- helpers

let seq = 0;
/** A new customer, signed in: the bearer header of their calls. */
async function customer(): Promise<Record<string, string>> {
  seq += 1;
  const password = 'Jasmine-Eid-2025';
  const res = await signUp(t, { name: 'Mariam Al Suwaidi', email: `cart.${seq}@example.ae`, password });
  return { authorization: `Bearer ${res.body.data.tokens.accessToken}` };
}

type Auth = Record<string, string>;
const userIdOf = async (auth: Auth): Promise<number> =>
  (await t.json('/api/v1/auth/user', { headers: auth })).body.data.user.id;
const send = (auth: Auth, method: string, path: string, body?: unknown) =>
  t.json(`/api/v1/cart${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const getCart = async (auth: Auth): Promise<ServerCart> => {
  const res = await send(auth, 'GET', '');
  expect(res.status).toBe(200);
  return CartResponseSchema.parse(res.body).data.cart;
};
const add = (auth: Auth, body: unknown) => send(auth, 'POST', '/add', body);
const merge = (auth: Auth, items: unknown) => send(auth, 'POST', '/merge', { items });
const update = (auth: Auth, id: number | string, quantity: unknown) =>
  send(auth, 'PUT', `/items/${id}`, { quantity });
const remove = (auth: Auth, id: number | string) => send(auth, 'DELETE', `/items/${id}`);

/** An add that must succeed; the cart it answers. */
async function added(auth: Auth, body: unknown): Promise<ServerCart> {
  const res = await add(auth, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CartResponseSchema.parse(res.body).data.cart;
}
const item = (p: Piece, size: Size = 'M', quantity = 1, color: string | undefined = p.colors[0]) => ({
  slug: p.slug,
  quantity,
  options: { color, size },
});
/** Lines as (slug, colour, size, quantity), the shape the stories compare. */
const linesOf = (cart: ServerCart) =>
  cart.items.map((i) => [i.product.slug, i.options.color, i.options.size, i.quantity] as const);
const fils = (amount: string) => toFils(amount);

async function setProduct(slug: string, values: Partial<typeof products.$inferInsert>) {
  await t.database.db.update(products).set(values).where(eq(products.slug, slug));
}

/** A 422 naming exactly these fields, and a cart left as it was. */
async function expectRefused(
  auth: Auth,
  res: { status: number; body: any; headers: Headers },
  errors: Record<string, string[]>,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toMatchObject({ success: false });
  expect(res.body.errors).toEqual(errors);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return getCart(auth);
}

// ---------------------------------------------------------------- stories

describe('signed-out callers', () => {
  it('hear 401 on every cart route, whatever they send', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['POST', '/add', { slug: 'x', options: { size: 'M' } }],
      ['POST', '/merge', { items: [] }],
      ['PUT', '/items/1', { quantity: 2 }],
      ['DELETE', '/items/1'],
      ['DELETE', '/clear'],
    ];
    const callers: Auth[] = [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic YTpi' }];
    for (const auth of callers) {
      for (const [method, path, body] of routes) {
        const res = await send(auth, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body).toMatchObject({ success: false, message: 'Unauthenticated.' });
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
  });
});

describe('the cart of a new customer', () => {
  it('is empty, in AED, and never cached', async () => {
    const auth = await customer();
    const res = await send(auth, 'GET', '');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      data: {
        cart: {
          items: [],
          total_items: 0,
          total_amount: '0.00',
          currency: 'AED',
          discount: null,
          totals: { subtotal: '0.00', shipping: '0.00', discount: '0.00', total: '0.00' },
        },
      },
    });
  });
});

describe('adding to the cart', () => {
  it('adds a line priced from the catalogue, with the product, its image and the colour shown', async () => {
    const auth = await customer();
    const p = piece(0);
    const cart = await added(auth, item(p, 'M', 2));
    const [color] = await t.database.db.select().from(colors).where(eq(colors.key, p.colors[0]!));
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p.id));
    expect(cart).toEqual({
      items: [
        {
          id: expect.any(Number),
          product: {
            id: p.id,
            slug: p.slug,
            name: row!.name,
            name_en: row!.name.en,
            name_fr: row!.name.fr,
            name_ar: row!.name.ar,
            available: true,
          },
          price: p.price,
          quantity: 2,
          product_image: p.image,
          options: { color: p.colors[0], color_value: color!.hex, color_name: color!.name, size: 'M' },
          line_total: ((fils(p.price) * 2) / 100).toFixed(2),
          // Plenty of pieces (plentyOfStock): nothing to say.
          left: null,
          exceeds_stock: false,
        },
      ],
      total_items: 2,
      total_amount: ((fils(p.price) * 2) / 100).toFixed(2),
      currency: 'AED',
      discount: null,
      totals: {
        subtotal: ((fils(p.price) * 2) / 100).toFixed(2),
        shipping: '0.00',
        discount: '0.00',
        total: ((fils(p.price) * 2) / 100).toFixed(2),
      },
    });
    expect(p.image).toMatch(/^\/storage\/.+-400\.webp$/);
  });

  it('sums the same product, colour and size into one line, keeps others apart, in the order first added', async () => {
    const auth = await customer();
    const a = piece(0);
    const b = piece(1);
    await added(auth, item(a, 'M', 2));
    await added(auth, item(b, 'L', 1));
    await added(auth, item(a, 'M', 3, a.colors[1]));
    const cart = await added(auth, item(a, 'M', 3));
    expect(linesOf(cart)).toEqual([
      [a.slug, a.colors[0], 'M', 5],
      [b.slug, b.colors[0], 'L', 1],
      [a.slug, a.colors[1], 'M', 3],
    ]);
    expect(cart.total_items).toBe(9);
    expect(fils(cart.total_amount)).toBe(fils(a.price) * 8 + fils(b.price));
    for (const line of cart.items) expect(fils(line.line_total)).toBe(fils(line.price) * line.quantity);
  });

  it('takes a quantity of 1 by default, and the slug and colour in any case', async () => {
    const auth = await customer();
    const p = piece(2);
    const cart = await added(auth, {
      slug: ` ${p.slug.toUpperCase()} `,
      options: { color: p.colors[0]!.toUpperCase(), size: 'S' },
    });
    expect(linesOf(cart)).toEqual([[p.slug, p.colors[0], 'S', 1]]);
  });

  it('ignores any price or image the client sends: the catalogue decides', async () => {
    const auth = await customer();
    const p = piece(3);
    const cart = await added(auth, {
      ...item(p, 'L', 3),
      price: '1.00',
      total_amount: '3.00',
      product_image: 'https://evil.example/cheap.png',
    });
    expect(cart.items[0]).toMatchObject({ price: p.price, product_image: p.image });
    expect(cart.total_amount).toBe(((fils(p.price) * 3) / 100).toFixed(2));
  });

  it('shows the current price once the shop changes it', async () => {
    const auth = await customer();
    const p = piece(4);
    const other = piece(5);
    await added(auth, item(p, 'M', 2));
    await added(auth, item(other, 'S', 1));
    try {
      await setProduct(p.slug, { price: '1234.50' });
      const cart = await getCart(auth);
      expect(cart.items[0]).toMatchObject({ price: '1234.50', line_total: '2469.00' });
      expect(fils(cart.total_amount)).toBe(246_900 + fils(other.price));
    } finally {
      await setProduct(p.slug, { price: p.price });
    }
  });

  it('works for a product without colour choice, which takes no colour', async () => {
    const auth = await customer();
    const p = piece(6);
    const db = t.database.db;
    const saved = await db.select().from(productColors).where(eq(productColors.productId, p.id));
    await db.delete(productColors).where(eq(productColors.productId, p.id));
    // A product without colours counts its pieces under the colour '' (as the back office writes them).
    await db.insert(productStock).values({ productId: p.id, color: '', size: 'M', stock: 10 });
    try {
      const cart = await added(auth, { slug: p.slug, quantity: 2, options: { size: 'M', color: null } });
      expect(cart.items[0]?.options).toEqual({ color: null, color_value: null, color_name: null, size: 'M' });
      expect(cart.items[0]?.product.available).toBe(true);
      const again = await added(auth, { slug: p.slug, options: { size: 'M', color: '' } });
      expect(linesOf(again)).toEqual([[p.slug, null, 'M', 3]]);

      const before = await getCart(auth);
      const refused = await add(auth, item(p, 'M', 1, 'emerald'));
      expect(
        await expectRefused(auth, refused, {
          'options.color': ['This product does not come in a choice of colours.'],
        }),
      ).toEqual(before);
    } finally {
      await db.insert(productColors).values(saved);
      await db.delete(productStock).where(and(eq(productStock.productId, p.id), eq(productStock.color, '')));
    }
  });
});

describe('refused additions change nothing', () => {
  let auth: Auth;
  let before: ServerCart;
  beforeAll(async () => {
    auth = await customer();
    before = await added(auth, item(piece(7), 'M', 2));
  });

  // Bodies and errors are built when the story runs: the catalogue is read in beforeAll.
  const cases: [string, () => unknown, () => Record<string, string[]>][] = [
    [
      'an unknown product',
      () => ({ slug: 'no-such-caftan', options: { size: 'M' } }),
      () => ({
        slug: ['This product does not exist.'],
      }),
    ],
    [
      'an inactive product',
      () => ({ slug: inactiveSlug, options: { size: 'M' } }),
      () => ({
        slug: ['This product is no longer available.'],
      }),
    ],
    [
      'a colour the product does not come in',
      () => item(piece(7), 'M', 1, 'no-such-colour'),
      () => ({
        'options.color': ['This product does not come in that colour.'],
      }),
    ],
    [
      'a colour of the catalogue the product does not come in',
      () => {
        const p = piece(7);
        const elsewhere = pieces.flatMap((x) => x.colors).find((c) => !p.colors.includes(c));
        return item(p, 'M', 1, elsewhere);
      },
      () => ({ 'options.color': ['This product does not come in that colour.'] }),
    ],
    [
      'no colour for a product that has colours',
      () => ({ slug: piece(7).slug, options: { size: 'M' } }),
      () => ({
        'options.color': ['Choose a colour.'],
      }),
    ],
    [
      'a size the product does not offer',
      () => item(partial.piece, partial.missing),
      () => ({
        'options.size': [`This product does not come in size ${partial.missing}.`],
      }),
    ],
    [
      'a size and a colour it does not offer',
      () => item(partial.piece, partial.missing, 1, 'nope'),
      () => ({
        'options.color': ['This product does not come in that colour.'],
        'options.size': [`This product does not come in size ${partial.missing}.`],
      }),
    ],
    [
      'a size outside S, M, L, XL',
      () => item(piece(7), 'XXL' as Size),
      () => ({
        'options.size': ['Choose one of the sizes S, M, L or XL.'],
      }),
    ],
    [
      'a quantity of 0',
      () => item(piece(7), 'M', 0),
      () => ({ quantity: ['The quantity must be at least 1.'] }),
    ],
    [
      'a negative quantity',
      () => item(piece(7), 'M', -3),
      () => ({ quantity: ['The quantity must be at least 1.'] }),
    ],
    [
      'a fractional quantity',
      () => item(piece(7), 'M', 1.5),
      () => ({
        quantity: ['The quantity must be a whole number.'],
      }),
    ],
    [
      // Digits typed as text (Western, Arabic-Indic or Persian) are a number (contracts' numbers.ts); words are not.
      'a quantity in words',
      () => ({ ...item(piece(7)), quantity: 'two' }),
      () => ({
        quantity: ['The quantity must be a whole number.'],
      }),
    ],
    [
      'a quantity above 99',
      () => item(piece(7), 'M', 100),
      () => ({
        quantity: ['The quantity may not be greater than 99.'],
      }),
    ],
    ['no slug', () => ({ options: { size: 'M' } }), () => ({ slug: ['The slug field is required.'] })],
    ['no options', () => ({ slug: piece(7).slug }), () => ({ options: ['The options field is required.'] })],
  ];

  it.each(cases)('refuses %s with 422 and the field at fault', async (_label, body, errors) => {
    const res = await add(auth, body());
    expect(await expectRefused(auth, res, errors())).toEqual(before);
  });

  it('refuses a sum above 99 of one line, leaving the line as it was', async () => {
    const own = await customer();
    const p = piece(8);
    await added(own, item(p, 'L', 60));
    const cart = await added(own, item(p, 'L', 39));
    expect(linesOf(cart)).toEqual([[p.slug, p.colors[0], 'L', 99]]);
    const res = await add(own, item(p, 'L', 1));
    expect(res.body.message).toBe('The given data was invalid');
    expect(
      await expectRefused(own, res, {
        quantity: ['You can have at most 99 of one item in your cart.'],
      }),
    ).toEqual(cart);
  });

  it(`holds at most ${CART_MAX_LINES} different lines, and still sums into an existing one`, async () => {
    const own = await customer();
    const lines = pieces.flatMap((p) => p.sizes.map((size) => item(p, size, 1))).slice(0, CART_MAX_LINES + 1);
    const merged = await merge(own, lines.slice(0, CART_MAX_LINES));
    expect(merged.status).toBe(200);
    const full = await getCart(own);
    expect(full.items).toHaveLength(CART_MAX_LINES);

    const refused = await add(own, lines[CART_MAX_LINES]);
    expect(refused.body.message).toBe(`Your cart can hold at most ${CART_MAX_LINES} different items.`);
    expect(
      await expectRefused(own, refused, {
        cart: [`Your cart can hold at most ${CART_MAX_LINES} different items.`],
      }),
    ).toEqual(full);

    const more = await added(own, lines[0]);
    expect(more.items[0]?.quantity).toBe(2);
    expect(more.items).toHaveLength(CART_MAX_LINES);
  });
});

describe('concurrent additions', () => {
  it('sum every one of 20 simultaneous adds of the same line into exactly one line', async () => {
    const auth = await customer();
    const p = piece(9);
    const quantities = Array.from({ length: 20 }, (_, i) => (i % 4) + 1);
    const answers = await Promise.all(quantities.map((q) => add(auth, item(p, 'XL', q))));
    expect(answers.map((a) => a.status)).toEqual(quantities.map(() => 200));
    const cart = await getCart(auth);
    const total = quantities.reduce((a, b) => a + b, 0);
    expect(linesOf(cart)).toEqual([[p.slug, p.colors[0], 'XL', total]]);
    expect(fils(cart.total_amount)).toBe(fils(p.price) * total);
  });

  it('never push a line above 99: the adds that would are refused, the others all count', async () => {
    const auth = await customer();
    const p = piece(9);
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(auth, item(p, 'S', 7))));
    const ok = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 422);
    expect(ok + refused.length).toBe(20);
    expect(ok).toBe(14);
    for (const r of refused)
      expect(r.body.errors.quantity).toEqual(['You can have at most 99 of one item in your cart.']);
    const cart = await getCart(auth);
    expect(linesOf(cart)).toEqual([[p.slug, p.colors[0], 'S', 98]]);
  });

  it('sum in the one upsert statement itself, even without the cart lock around it', async () => {
    const userId = await userIdOf(await customer());
    const p = piece(9);
    const db = t.database.db;
    const line = { productId: p.id, color: p.colors[0]!, size: 'M', quantity: 3 };
    const sums = await Promise.all(Array.from({ length: 20 }, () => addToLine(db, userId, line)));
    expect(sums.every(Boolean)).toBe(true);
    const over = { ...line, size: 'L', quantity: 7 };
    const capped = await Promise.all(Array.from({ length: 20 }, () => addToLine(db, userId, over)));
    expect(capped.filter(Boolean)).toHaveLength(14);
    const rows = await db
      .select({ size: cartItems.size, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .orderBy(cartItems.id);
    expect(rows).toEqual([
      { size: 'M', quantity: 60 },
      { size: 'L', quantity: 98 },
    ]);
  });

  it('keep the line cap under simultaneous adds of different lines', async () => {
    const auth = await customer();
    const all = pieces.flatMap((p) => p.sizes.map((size) => item(p, size, 1)));
    await merge(auth, all.slice(0, CART_MAX_LINES - 3));
    const answers = await Promise.all(
      all.slice(CART_MAX_LINES - 3, CART_MAX_LINES + 7).map((i) => add(auth, i)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect((await getCart(auth)).items).toHaveLength(CART_MAX_LINES);
  });
});

describe('the login merge', () => {
  it('adds the missing lines, leaves the existing ones, skips and reports the rest, in one answer', async () => {
    const auth = await customer();
    const [a, b, c, d] = [piece(10), piece(11), piece(12), piece(13)];
    await added(auth, item(a, 'M', 2));

    const res = await merge(auth, [
      item(a, 'M', 5), // on the server already: left at 2
      item(b, 'L', 3), // missing: added
      { slug: 'no-such-caftan', options: { size: 'M' } },
      { slug: inactiveSlug, quantity: 1, options: { size: 'M' } },
      item(c, 'M', 1, 'no-such-colour'),
      { slug: '', options: { size: 'M' } },
      42,
      { ...item(d, 'S', 2), product_image: 'x', price: '0.01' },
      item(d, 'S', 4), // the same line twice in the browser cart: summed
      item(c, 'M', 120),
      item(partial.piece, partial.missing),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = CartMergeResponseSchema.parse(res.body);
    expect(body.data.skipped).toEqual([
      { index: 2, slug: 'no-such-caftan', reason: 'not_found', message: 'This product does not exist.' },
      {
        index: 3,
        slug: inactiveSlug,
        reason: 'unavailable',
        message: 'This product is no longer available.',
      },
      { index: 4, slug: c.slug, reason: 'option', message: 'This product does not come in that colour.' },
      { index: 5, slug: null, reason: 'invalid', message: 'The slug field is required.' },
      { index: 6, slug: null, reason: 'invalid', message: expect.any(String) },
      { index: 9, slug: c.slug, reason: 'invalid', message: 'The quantity may not be greater than 99.' },
      {
        index: 10,
        slug: partial.piece.slug,
        reason: 'option',
        message: `This product does not come in size ${partial.missing}.`,
      },
    ]);
    const cart = body.data.cart;
    expect(linesOf(cart)).toEqual([
      [a.slug, a.colors[0], 'M', 2],
      [b.slug, b.colors[0], 'L', 3],
      [d.slug, d.colors[0], 'S', 6],
    ]);
    expect(cart.items[2]?.price).toBe(d.price);
    expect(fils(cart.total_amount)).toBe(fils(a.price) * 2 + fils(b.price) * 3 + fils(d.price) * 6);
    expect(cart).toEqual(await getCart(auth));
  });

  it('changes nothing for an empty browser cart, or when every line is already there', async () => {
    const auth = await customer();
    const cart = await added(auth, item(piece(10), 'M', 2));
    for (const items of [[], [item(piece(10), 'M', 9)]]) {
      const res = await merge(auth, items);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ cart, skipped: [] });
    }
  });

  it('reports the lines that no longer fit in a full cart', async () => {
    const auth = await customer();
    const all = pieces.flatMap((p) => p.sizes.map((size) => item(p, size, 1)));
    await merge(auth, all.slice(0, CART_MAX_LINES - 1));
    const res = await merge(auth, all.slice(CART_MAX_LINES - 1, CART_MAX_LINES + 1));
    expect(res.body.data.skipped).toEqual([
      {
        index: 1,
        slug: all[CART_MAX_LINES]!.slug,
        reason: 'cart_full',
        message: `Your cart can hold at most ${CART_MAX_LINES} different items.`,
      },
    ]);
    expect(res.body.data.cart.items).toHaveLength(CART_MAX_LINES);
  });

  it(`refuses more than ${CART_MAX_LINES} items, or no list at all, and changes nothing`, async () => {
    const auth = await customer();
    const before = await added(auth, item(piece(10), 'M', 1));
    const tooMany = await merge(
      auth,
      Array.from({ length: CART_MAX_LINES + 1 }, () => item(piece(11))),
    );
    expect(
      await expectRefused(auth, tooMany, {
        items: [`At most ${CART_MAX_LINES} items can be merged at once.`],
      }),
    ).toEqual(before);
    const notAList = await send(auth, 'POST', '/merge', { items: 'everything' });
    expect(await expectRefused(auth, notAList, { items: ['The items field must be a list.'] })).toEqual(
      before,
    );
  });
});

describe('changing and removing lines', () => {
  it('sets a quantity, removes a line, clears the cart, each answering the whole cart', async () => {
    const auth = await customer();
    const [a, b] = [piece(14), piece(15)];
    await added(auth, item(a, 'M', 1));
    const both = await added(auth, item(b, 'S', 2));
    const [lineA, lineB] = both.items;

    const updated = await update(auth, lineA!.id, 7);
    expect(updated.status).toBe(200);
    const afterUpdate = CartResponseSchema.parse(updated.body).data.cart;
    expect(linesOf(afterUpdate)).toEqual([
      [a.slug, a.colors[0], 'M', 7],
      [b.slug, b.colors[0], 'S', 2],
    ]);
    expect(fils(afterUpdate.total_amount)).toBe(fils(a.price) * 7 + fils(b.price) * 2);
    expect(afterUpdate.total_items).toBe(9);

    const removed = await remove(auth, lineB!.id);
    expect(removed.status).toBe(200);
    expect(linesOf(removed.body.data.cart)).toEqual([[a.slug, a.colors[0], 'M', 7]]);
    expect(removed.body.data.cart.total_amount).toBe(((fils(a.price) * 7) / 100).toFixed(2));

    const again = await remove(auth, lineB!.id);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, message: 'Cart item not found.' });

    // The spec's client sends its JSON content type on bodiless calls too.
    const cleared = await t.json('/api/v1/cart/clear', {
      method: 'DELETE',
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.headers.get('cache-control')).toBe('no-store');
    expect(cleared.body.data.cart).toEqual({
      items: [],
      total_items: 0,
      total_amount: '0.00',
      currency: 'AED',
      discount: null,
      totals: { subtotal: '0.00', shipping: '0.00', discount: '0.00', total: '0.00' },
    });
    expect((await send(auth, 'DELETE', '/clear')).status).toBe(200);
  });

  it('refuses a bad quantity with 422 and changes nothing', async () => {
    const auth = await customer();
    const before = await added(auth, item(piece(14), 'L', 3));
    const id = before.items[0]!.id;
    for (const [quantity, message] of [
      [0, 'The quantity must be at least 1.'],
      [100, 'The quantity may not be greater than 99.'],
      [2.5, 'The quantity must be a whole number.'],
      ['four', 'The quantity must be a whole number.'],
      [null, 'The quantity must be a whole number.'],
    ] as const) {
      const res = await update(auth, id, quantity);
      expect(await expectRefused(auth, res, { quantity: [message] })).toEqual(before);
    }
  });

  it('answers 422 for a malformed id and 404 for one that is no line, on update and removal alike', async () => {
    const auth = await customer();
    const before = await added(auth, item(piece(14), 'L', 3));
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%20']) {
      for (const res of [await update(auth, id, 2), await remove(auth, id)]) {
        expect(
          await expectRefused(auth, res, {
            id: ['The cart item id must be a positive whole number.'],
          }),
        ).toEqual(before);
      }
    }
    for (const res of [await update(auth, 2_147_483_647, 2), await remove(auth, 2_147_483_647)]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Cart item not found.');
    }
    expect(await getCart(auth)).toEqual(before);
  });
});

describe("one customer cannot reach another one's cart", () => {
  it("answers 404 to updates and removals of another customer's line, and shows nothing of it", async () => {
    const amina = await customer();
    const bilal = await customer();
    const aminas = await added(amina, item(piece(16), 'M', 2));
    const line = aminas.items[0]!.id;

    for (const res of [await update(bilal, line, 50), await remove(bilal, line)]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'Cart item not found.' });
    }
    expect((await getCart(bilal)).items).toEqual([]);
    expect((await send(bilal, 'DELETE', '/clear')).status).toBe(200);
    // Bilal adding the very same line makes a line of his own.
    const bilals = await added(bilal, item(piece(16), 'M', 1));
    expect(bilals.items[0]!.id).not.toBe(line);
    expect(await getCart(amina)).toEqual(aminas);
  });
});

describe('lines that can no longer be bought', () => {
  it('stay listed but unavailable, and out of the total amount', async () => {
    const auth = await customer();
    const [a, b, c] = [piece(17), piece(18), piece(19)];
    await added(auth, item(a, 'M', 2));
    await added(auth, item(b, 'L', 1));
    await added(auth, item(c, 'S', 1, c.colors[1]));
    const db = t.database.db;
    const [cColor] = await db.select().from(colors).where(eq(colors.key, c.colors[1]!));
    try {
      await setProduct(a.slug, { status: 'inactive' });
      await setProduct(b.slug, { sizes: ['M', 'XL'] });
      await db
        .delete(productColors)
        .where(and(eq(productColors.productId, c.id), eq(productColors.colorId, cColor!.id)));
      const cart = await getCart(auth);
      expect(cart.items.map((i) => [i.product.slug, i.product.available])).toEqual([
        [a.slug, false],
        [b.slug, false],
        [c.slug, false],
      ]);
      expect(cart.items[0]).toMatchObject({
        price: a.price,
        line_total: ((fils(a.price) * 2) / 100).toFixed(2),
      });
      expect(cart.total_items).toBe(4);
      expect(cart.total_amount).toBe('0.00');

      await setProduct(b.slug, { sizes: b.sizes });
      const partlyBack = await getCart(auth);
      expect(partlyBack.items[1]?.product.available).toBe(true);
      expect(partlyBack.total_amount).toBe(b.price);

      // An unavailable line can still be changed and removed.
      expect((await update(auth, cart.items[0]!.id, 1)).status).toBe(200);
      expect((await remove(auth, cart.items[0]!.id)).status).toBe(200);
    } finally {
      await setProduct(a.slug, { status: 'active' });
      await setProduct(b.slug, { sizes: b.sizes });
      await db
        .insert(productColors)
        .values({ productId: c.id, colorId: cColor!.id, sortOrder: 1 })
        .onConflictDoNothing();
    }
  });
});

describe('pricing for checkout', () => {
  it('prices a cart inside a transaction, as the cart shows it', async () => {
    const auth = await customer();
    const userId = await userIdOf(auth);
    const [a, b] = [piece(20), piece(21)];
    await added(auth, item(a, 'M', 3));
    const shown = await added(auth, item(b, 'XL', 1, b.colors[1]));
    const priced = await t.database.db.transaction((tx) => priceCart(tx, userId, { lock: true }));
    expect(priced).toMatchObject({
      totalItems: 4,
      totalFils: fils(shown.total_amount),
      allAvailable: true,
      lines: [
        {
          productId: a.id,
          slug: a.slug,
          color: a.colors[0],
          size: 'M',
          quantity: 3,
          price: a.price,
          available: true,
        },
        {
          productId: b.id,
          slug: b.slug,
          color: b.colors[1],
          size: 'XL',
          quantity: 1,
          price: b.price,
          available: true,
        },
      ],
    });
    expect(priced.lines[0]?.lineFils).toBe(fils(a.price) * 3);
    expect((await priceCart(t.database.db, userId)).totalFils).toBe(priced.totalFils);
  });
});

describe('what the platform refuses', () => {
  it('answers malformed JSON with 400 and a wrong content type with 415, writing nothing', async () => {
    const auth = await customer();
    const malformed = await t.json('/api/v1/cart/add', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"slug": "x",',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, message: 'Malformed JSON body' });
    const form = await t.json('/api/v1/cart/add', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: `slug=${piece(0).slug}&options[size]=M`,
    });
    expect(form.status).toBe(415);
    const empty = await t.json('/api/v1/cart/add', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(422);
    expect((await getCart(auth)).items).toEqual([]);
  });

  it('documents every cart route in the OpenAPI document', async () => {
    const doc = await t.json('/api/docs/json');
    const paths = doc.body.paths;
    expect(Object.keys(paths['/api/v1/cart'])).toEqual(['get']);
    for (const [path, method] of [
      ['/api/v1/cart/add', 'post'],
      ['/api/v1/cart/merge', 'post'],
      ['/api/v1/cart/items/{id}', 'put'],
      ['/api/v1/cart/items/{id}', 'delete'],
      ['/api/v1/cart/clear', 'delete'],
    ] as const) {
      expect(paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['cart']);
    }
    const mergeBody = paths['/api/v1/cart/merge'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(mergeBody)).toContain('"slug"');
  });
});
