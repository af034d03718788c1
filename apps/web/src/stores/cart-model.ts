import type { LocalizedText } from '@boutique/contracts';
import { SIZES, type Size } from '@boutique/contracts/constants';

/** A line of the guest cart as kept in browser storage (key `cart`). */
export interface CartItem {
  cartItemId: string;
  slug: string;
  name: LocalizedText;
  /** AED, two decimals, e.g. "1250.00". */
  price: string;
  quantity: number;
  selectedColor: { key: string; value: string; name: LocalizedText } | null;
  selectedSize: Size;
  image: string;
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isLocalized = (v: unknown): v is LocalizedText => {
  const o = v as Record<string, unknown> | null;
  return typeof o === 'object' && o !== null && isText(o.en) && isText(o.fr) && isText(o.ar);
};

/**
 * Whether a saved line is still well-formed. Hand-written rather than a zod schema: the cart is on every page,
 * and the schema library would weigh on the first load.
 */
export function isCartItem(v: unknown): v is CartItem {
  const o = v as Record<string, unknown> | null;
  if (typeof o !== 'object' || o === null) return false;
  const color = o.selectedColor as Record<string, unknown> | null;
  return (
    isText(o.cartItemId) &&
    isText(o.slug) &&
    isLocalized(o.name) &&
    isText(o.price) &&
    /^\d{1,10}\.\d{2}$/.test(o.price) &&
    Number.isInteger(o.quantity) &&
    (o.quantity as number) >= 1 &&
    (o.quantity as number) <= MAX_QUANTITY &&
    (color === null ||
      (typeof color === 'object' && isText(color.key) && isText(color.value) && isLocalized(color.name))) &&
    (SIZES as readonly unknown[]).includes(o.selectedSize) &&
    isText(o.image)
  );
}

export interface CartState {
  items: CartItem[];
  totalItems: number;
  /** AED, computed in fils so sums never drift. */
  totalPrice: number;
  isOpen: boolean;
}

export const MAX_QUANTITY = 99;
export const emptyCart: CartState = { items: [], totalItems: 0, totalPrice: 0, isOpen: false };

const fils = (price: string) => Math.round(Number(price) * 100);

function withTotals(items: CartItem[], isOpen: boolean): CartState {
  return {
    items,
    isOpen,
    totalItems: items.reduce((n, i) => n + i.quantity, 0),
    totalPrice: items.reduce((sum, i) => sum + fils(i.price) * i.quantity, 0) / 100,
  };
}

const sameLine = (a: Pick<CartItem, 'slug' | 'selectedColor' | 'selectedSize'>, b: typeof a) =>
  a.slug === b.slug &&
  (a.selectedColor?.key ?? '') === (b.selectedColor?.key ?? '') &&
  a.selectedSize === b.selectedSize;

export type NewCartItem = Omit<CartItem, 'cartItemId'>;

/** Adds a line, or adds to the quantity of the same product, colour and size. */
export function addItem(state: CartState, item: NewCartItem, now = Date.now()): CartState {
  if (item.quantity < 1) return state;
  const existing = state.items.find((i) => sameLine(i, item));
  const items = existing
    ? state.items.map((i) =>
        i === existing
          ? { ...i, quantity: Math.min(MAX_QUANTITY, i.quantity + item.quantity), price: item.price }
          : i,
      )
    : [
        ...state.items,
        {
          ...item,
          quantity: Math.min(MAX_QUANTITY, item.quantity),
          cartItemId: `${item.slug}-${item.selectedColor?.key ?? 'none'}-${item.selectedSize}-${now}`,
        },
      ];
  return withTotals(items, state.isOpen);
}

/** A quantity below 1 changes nothing, as the spec says; removing is its own action. */
export function updateQuantity(state: CartState, cartItemId: string, quantity: number): CartState {
  if (!Number.isInteger(quantity) || quantity < 1) return state;
  const items = state.items.map((i) =>
    i.cartItemId === cartItemId ? { ...i, quantity: Math.min(MAX_QUANTITY, quantity) } : i,
  );
  return withTotals(items, state.isOpen);
}

export function removeItem(state: CartState, cartItemId: string): CartState {
  return withTotals(
    state.items.filter((i) => i.cartItemId !== cartItemId),
    state.isOpen,
  );
}

export function setOpen(state: CartState, isOpen: boolean): CartState {
  return state.isOpen === isOpen ? state : { ...state, isOpen };
}

/** Reads what was saved, keeping only lines that are still well-formed; totals are recomputed, never trusted. */
export function parseSavedCart(text: string | null): CartState {
  if (!text) return emptyCart;
  try {
    const raw = JSON.parse(text) as { items?: unknown };
    const items = Array.isArray(raw.items)
      ? raw.items.flatMap((i) => {
          return isCartItem(i) ? [i] : [];
        })
      : [];
    return withTotals(items, false);
  } catch {
    return emptyCart;
  }
}
