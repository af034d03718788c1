import { queryOptions } from '@tanstack/react-query';
import type {
  CartAddInput,
  CartMergeInput,
  CartMergeResponse,
  CartResponse,
  ServerCart,
  ServerCartItem,
} from '@boutique/contracts';
import { CART_MAX_LINES } from '@boutique/contracts/constants';
import { apiRequest } from '@/lib/api-client';
import { MAX_QUANTITY, type CartItem, type NewCartItem } from './cart-model';

/** The signed-in customer's cart, kept by the server. */
export const CART_QUERY_KEY = ['cart'] as const;

const cartOf = (res: CartResponse) => res.data.cart;

export const serverCartApi = {
  get: (signal?: AbortSignal) => apiRequest<CartResponse>('/v1/cart', { signal }).then(cartOf),
  add: (input: CartAddInput) =>
    apiRequest<CartResponse>('/v1/cart/add', { method: 'POST', body: input }).then(cartOf),
  update: (id: number, quantity: number) =>
    apiRequest<CartResponse>(`/v1/cart/items/${id}`, { method: 'PUT', body: { quantity } }).then(cartOf),
  remove: (id: number) => apiRequest<CartResponse>(`/v1/cart/items/${id}`, { method: 'DELETE' }).then(cartOf),
  clear: () => apiRequest<CartResponse>('/v1/cart/clear', { method: 'DELETE' }).then(cartOf),
  /** Refused (422) with the reason's `code` in the answer (ERROR_CODES.discount*), and `minimum` for one. */
  applyDiscount: (code: string) =>
    apiRequest<CartResponse>('/v1/cart/discount', { method: 'POST', body: { code } }).then(cartOf),
  removeDiscount: () => apiRequest<CartResponse>('/v1/cart/discount', { method: 'DELETE' }).then(cartOf),
  /** Lines it could not take (a piece gone out of stock...) are listed in `skipped` and simply left out. */
  merge: (items: CartAddInput[]) =>
    apiRequest<CartMergeResponse>('/v1/cart/merge', {
      method: 'POST',
      body: { items } satisfies CartMergeInput,
    }).then((res) => res.data.cart),
};

export const serverCartQuery = () =>
  queryOptions({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) => serverCartApi.get(signal),
    // The cart changes in other tabs and on other devices: look again whenever it is shown afresh.
    staleTime: 0,
  });

export const emptyServerCart: ServerCart = {
  items: [],
  total_items: 0,
  total_amount: '0.00',
  currency: 'AED',
  discount: null,
  totals: { subtotal: '0.00', shipping: '0.00', discount: '0.00', total: '0.00' },
};

const fils = (amount: string) => Math.round(Number(amount) * 100);
const money = (f: number) => (f / 100).toFixed(2);

/**
 * Totals recomputed from the lines as the server does (every line counts in the items, only the available ones
 * in the amount); used only until its own answer arrives.
 */
export function withServerTotals(cart: ServerCart, items: ServerCartItem[]): ServerCart {
  const lines = items.map((i) => ({ ...i, line_total: money(fils(i.price) * i.quantity) }));
  const subtotal = lines.reduce((sum, i) => (i.product.available ? sum + fils(i.line_total) : sum), 0);
  const shipping = fils(cart.totals.shipping);
  // The discount as the server last priced it, never more than what is left: the server's answer corrects it.
  const discount = Math.min(fils(cart.totals.discount), subtotal + shipping);
  const total = subtotal + shipping - discount;
  return {
    ...cart,
    items: lines,
    total_items: lines.reduce((n, i) => n + i.quantity, 0),
    total_amount: money(total),
    totals: {
      subtotal: money(subtotal),
      shipping: money(shipping),
      discount: money(discount),
      total: money(total),
    },
  };
}

const colorKey = (key: string | null | undefined) => key ?? '';

/** Same product, colour and size: the server keeps these as one line. */
const sameServerLine = (i: ServerCartItem, slug: string, color: string | null | undefined, size: string) =>
  i.product.slug === slug && colorKey(i.options.color) === colorKey(color) && i.options.size === size;

/** What the cart looks like once `item` is added: more of the same line, or a new line not yet on the server. */
export function addToServerCart(cart: ServerCart, item: NewCartItem, tempId: number): ServerCart {
  const color = item.selectedColor;
  const existing = cart.items.find((i) => sameServerLine(i, item.slug, color?.key, item.selectedSize));
  const items = existing
    ? cart.items.map((i) =>
        i === existing ? { ...i, quantity: Math.min(MAX_QUANTITY, i.quantity + item.quantity) } : i,
      )
    : [
        ...cart.items,
        {
          id: tempId,
          product: {
            id: 0,
            slug: item.slug,
            name: item.name,
            name_en: item.name.en,
            name_fr: item.name.fr,
            name_ar: item.name.ar,
            available: true,
          },
          price: item.price,
          quantity: Math.min(MAX_QUANTITY, item.quantity),
          product_image: item.image,
          options: {
            color: color?.key ?? null,
            color_value: color?.value ?? null,
            color_name: color?.name ?? null,
            size: item.selectedSize,
          },
          line_total: item.price,
          // Until the server answers with what it knows of the stock.
          left: null,
          exceeds_stock: false,
        },
      ];
  return withServerTotals(cart, items);
}

export function setServerQuantity(cart: ServerCart, id: number, quantity: number): ServerCart {
  return withServerTotals(
    cart,
    cart.items.map((i) => (i.id === id ? { ...i, quantity } : i)),
  );
}

export function removeFromServerCart(cart: ServerCart, id: number): ServerCart {
  return withServerTotals(
    cart,
    cart.items.filter((i) => i.id !== id),
  );
}

/**
 * The guest lines to hand to the server on sign-in: those the server cart does not already hold (same product,
 * colour and size), each once. The server applies the same rule; asking only for what is missing keeps a
 * second tab's merge from adding the lines twice.
 */
export function toMergeLines(local: CartItem[], server: ServerCartItem[] = []): CartAddInput[] {
  const lines: CartAddInput[] = [];
  const seen = new Set<string>();
  for (const item of local) {
    if (item.quantity < 1) continue;
    const color = item.selectedColor?.key ?? null;
    const key = `${item.slug}\u0000${colorKey(color)}\u0000${item.selectedSize}`;
    if (seen.has(key) || server.some((i) => sameServerLine(i, item.slug, color, item.selectedSize))) continue;
    seen.add(key);
    if (lines.length === CART_MAX_LINES) break;
    lines.push({
      slug: item.slug,
      quantity: Math.min(MAX_QUANTITY, item.quantity),
      product_image: item.image,
      options: { color, size: item.selectedSize },
    });
  }
  return lines;
}
