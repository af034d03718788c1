import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ServerCart, ServerCartItem, Size } from '@boutique/contracts';

const name = { en: 'Zahra Caftan', fr: 'Caftan Zahra', ar: 'قفطان زهرة' };
const line = (id: number, quantity: number, size: Size = 'M'): ServerCartItem => ({
  id,
  product: {
    id: 3,
    slug: 'zahra',
    name,
    name_en: name.en,
    name_fr: name.fr,
    name_ar: name.ar,
    available: true,
  },
  price: '1250.00',
  quantity,
  product_image: '/z.webp',
  options: { color: null, color_value: null, color_name: null, size },
  line_total: (1250 * quantity).toFixed(2),
  left: null,
  exceeds_stock: false,
});
const cartOf = (...items: ServerCartItem[]): ServerCart => ({
  items,
  total_items: items.reduce((n, i) => n + i.quantity, 0),
  total_amount: items.reduce((n, i) => n + 1250 * i.quantity, 0).toFixed(2),
  currency: 'AED',
  discount: null,
  totals: {
    subtotal: items.reduce((n, i) => n + 1250 * i.quantity, 0).toFixed(2),
    shipping: '0.00',
    discount: '0.00',
    total: items.reduce((n, i) => n + 1250 * i.quantity, 0).toFixed(2),
  },
});
const ok = (cart: ServerCart) =>
  new Response(JSON.stringify({ success: true, data: { cart, skipped: [] } }), { status: 200 });

let server: ServerCart;
const calls: { route: string; body: unknown }[] = [];
let failNext: string | null = null;
/** The next quantity change is refused as the API refuses more than is left. */
let refuseStock: number | null = null;
/** Holds the answer to adds until released, to look at the cart in between. */
let addGate: Promise<void> = Promise.resolve();

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const route = `${init?.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}`;
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ route, body });
  await new Promise((r) => setTimeout(r, 5));
  if (failNext === route) {
    failNext = null;
    return new Response(JSON.stringify({ success: false, message: 'Server error' }), { status: 500 });
  }
  if (route === 'GET /cart') return ok(server);
  if (route.startsWith('PUT /cart/items/') && refuseStock !== null) {
    const left = refuseStock;
    refuseStock = null;
    server = { ...server, items: server.items.map((i) => ({ ...i, left })) };
    return new Response(
      JSON.stringify({
        success: false,
        message: `Only ${left} left in size M.`,
        errors: { quantity: [`Only ${left} left in size M.`] },
        shortages: [{ slug: 'zahra', color: server.items[0]?.options.color ?? '', size: 'M', left }],
      }),
      { status: 422 },
    );
  }
  if (route.startsWith('PUT /cart/items/')) {
    const id = Number(route.split('/').pop());
    const { quantity } = body as { quantity: number };
    server = cartOf(...server.items.map((i) => (i.id === id ? line(i.id, quantity, i.options.size) : i)));
    return ok(server);
  }
  if (route === 'POST /cart/merge') {
    const items = (body as { items: { quantity: number; options: { size: 'M' | 'L' } }[] }).items;
    server = cartOf(...server.items, ...items.map((i, n) => line(100 + n, i.quantity, i.options.size)));
    return ok(server);
  }
  if (route === 'POST /cart/add') {
    await addGate;
    server = cartOf(...server.items, line(200, 1, 'L'));
    return ok(server);
  }
  return new Response('{}', { status: 404 });
});

async function setup({ guestItems = 0 } = {}) {
  vi.resetModules();
  const { session } = await import('@/lib/session/session');
  const { cart } = await import('./cart-store');
  const shop = await import('./shop-cart');
  for (let i = 0; i < guestItems; i++)
    cart.add({
      slug: 'zahra',
      name,
      price: '1250.00',
      quantity: 2,
      selectedColor: null,
      selectedSize: 'L',
      image: '/z.webp',
    });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const seen: { current: ReturnType<typeof shop.useShopCart> | null } = { current: null };
  const actions: { current: ReturnType<typeof shop.useCartActions> | null } = { current: null };
  function Probe() {
    shop.useCartSync();
    seen.current = shop.useShopCart();
    actions.current = shop.useCartActions();
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return { session, cart, seen, actions, client };
}

const user = {
  id: 7,
  name: 'Salma',
  email: 'salma@example.ae',
  avatar: null,
  role: 'customer' as const,
  email_verified: true,
  created_at: '2025-01-01T00:00:00.000Z',
};
const tokens = { accessToken: 'a', refreshToken: 'r', expiresIn: 900 };

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  failNext = null;
  refuseStock = null;
  server = cartOf(line(1, 1));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the cart of a signed-in customer', () => {
  it("hands the guest lines to the server on sign-in, empties the browser's cart and shows the server's", async () => {
    const { session, cart, seen } = await setup({ guestItems: 1 });
    expect(seen.current?.totalItems).toBe(2);
    act(() => session.signIn({ user, tokens }));
    await waitFor(() => expect(seen.current?.totalItems).toBe(3));
    expect(calls.find((c) => c.route === 'POST /cart/merge')?.body).toEqual({
      items: [{ slug: 'zahra', quantity: 2, product_image: '/z.webp', options: { color: null, size: 'L' } }],
    });
    expect(cart.get().items).toEqual([]);
    expect(JSON.parse(localStorage.getItem('cart') ?? '{}')).toMatchObject({ items: [] });
  });

  it('says what is left when a quantity is refused for want of pieces, and blocks checkout on a flagged line', async () => {
    const { session, seen, actions } = await setup();
    act(() => session.signIn({ user, tokens }));
    await waitFor(() => expect(seen.current?.lines).toHaveLength(1));
    expect(seen.current?.blocked).toBe(false);

    refuseStock = 2;
    await act(() => actions.current?.updateQuantity('1', 3));
    expect(seen.current?.failure).toBe('stock');
    expect(seen.current?.shortage).toEqual({ slug: 'zahra', color: '', size: 'M', left: 2, colorName: null });

    // Pieces are counted per colour × size: a shortage of an emerald line names the colour.
    const emerald = { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' };
    server = cartOf({
      ...line(1, 1),
      options: { color: 'emerald', color_value: '#1f6b4f', color_name: emerald, size: 'M' },
    });
    act(() => seen.current?.retry());
    await waitFor(() => expect(seen.current?.lines[0]?.color?.name).toEqual(emerald));
    refuseStock = 2;
    await act(() => actions.current?.updateQuantity('1', 3));
    expect(seen.current?.shortage).toEqual({
      slug: 'zahra',
      color: 'emerald',
      size: 'M',
      left: 2,
      colorName: emerald,
    });
    await waitFor(() => expect(seen.current?.lines[0]).toMatchObject({ quantity: 1, left: 2 }));

    // The stock falls under the line: flagged, and checkout waits.
    server = cartOf({ ...line(1, 3), left: 1, exceeds_stock: true });
    act(() => seen.current?.retry());
    await waitFor(() => expect(seen.current?.lines[0]).toMatchObject({ exceedsStock: true, left: 1 }));
    expect(seen.current?.blocked).toBe(true);
  });

  it('shows a change at once, then what the server says', async () => {
    const { session, seen, actions } = await setup();
    act(() => session.signIn({ user, tokens }));
    await waitFor(() => expect(seen.current?.lines).toHaveLength(1));
    let done: Promise<void> | undefined;
    act(() => {
      done = actions.current?.updateQuantity('1', 4);
    });
    await waitFor(() => expect(seen.current?.totalItems).toBe(4));
    await act(() => done);
    // Then the cart is fetched again, after the change.
    await waitFor(() =>
      expect(calls.map((c) => c.route)).toEqual(['GET /cart', 'PUT /cart/items/1', 'GET /cart']),
    );
    expect(seen.current?.totalPrice).toBe(5000);
  });

  it('ignores a quantity below 1: nothing changes, nothing is sent', async () => {
    const { session, seen, actions } = await setup();
    act(() => session.signIn({ user, tokens }));
    await waitFor(() => expect(seen.current?.lines).toHaveLength(1));
    await act(() => actions.current?.updateQuantity('1', 0));
    expect(calls.some((c) => c.route.startsWith('PUT'))).toBe(false);
    expect(seen.current?.totalItems).toBe(1);
  });

  it('puts the cart back and names the failure when the server refuses the change', async () => {
    const { session, seen, actions } = await setup();
    act(() => session.signIn({ user, tokens }));
    await waitFor(() => expect(seen.current?.lines).toHaveLength(1));
    failNext = 'PUT /cart/items/1';
    await act(() => actions.current?.updateQuantity('1', 3));
    expect(seen.current?.failure).toBe('update');
    await waitFor(() => expect(seen.current?.totalItems).toBe(1));
  });

  it('says so when the cart cannot be loaded', async () => {
    failNext = 'GET /cart';
    const { session, seen } = await setup();
    act(() => session.signIn({ user, tokens }));
    await waitFor(() => expect(seen.current?.loadFailed).toBe(true));
  });

  it('adds to the server cart and opens the drawer', async () => {
    const { session, cart, seen, actions } = await setup();
    act(() => session.signIn({ user, tokens }));
    await waitFor(() => expect(seen.current?.lines).toHaveLength(1));
    let release = () => {};
    addGate = new Promise((resolve) => (release = resolve));
    let done: Promise<void> | undefined;
    act(() => {
      done = actions.current?.add({
        slug: 'zahra',
        name,
        price: '1250.00',
        quantity: 1,
        selectedColor: null,
        selectedSize: 'L',
        image: '/z.webp',
      });
    });
    await waitFor(() => expect(seen.current?.lines.some((l) => l.pending)).toBe(true));
    expect(cart.get().isOpen).toBe(true);
    release();
    await act(() => done);
    await waitFor(() => expect(seen.current?.lines.map((l) => l.id)).toEqual(['1', '200']));
    expect(cart.get().items).toEqual([]);
  });

  it('shows the guest cart again after signing out', async () => {
    const { session, seen } = await setup();
    act(() => session.signIn({ user, tokens }));
    await waitFor(() => expect(seen.current?.lines).toHaveLength(1));
    await act(() => session.signOut());
    expect(seen.current?.lines).toEqual([]);
  });
});
