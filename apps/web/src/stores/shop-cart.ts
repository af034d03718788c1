import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CartDiscount,
  LocalizedText,
  ServerCart,
  ServerCartItem,
  Size,
  StockShortage,
} from '@boutique/contracts';
import { shortagesOf } from '@/lib/stock';
import { session, useSession } from '@/lib/session/session';
import { cart, useCart } from './cart-store';
import type { CartItem, NewCartItem } from './cart-model';
import {
  CART_QUERY_KEY,
  addToServerCart,
  emptyServerCart,
  removeFromServerCart,
  serverCartApi,
  serverCartQuery,
  setServerQuantity,
  toMergeLines,
} from './server-cart';

/**
 * One cart for the drawer, the badge and the cart page: the guest cart in browser storage for visitors, the
 * server's cart for signed-in customers. Changes to the server cart show at once, then the server's cart is
 * fetched again to replace the guess.
 */

/** A line as the cart's screens show it, whoever keeps it. */
export interface CartLineView {
  /** The guest line's id, or the server line's id as text. */
  id: string;
  slug: string;
  name: LocalizedText;
  /** Unit price, AED with two decimals. */
  price: string;
  quantity: number;
  color: { value: string; name: LocalizedText } | null;
  size: Size;
  image: string;
  /** False when the piece went out of stock after it was added. */
  available: boolean;
  /**
   * Pieces of this size the shopper can still have, when few (3 or fewer) or fewer than the line asks for;
   * null when plenty, or unknown (the guest cart: checked when it reaches the server).
   */
  left: number | null;
  /** The line asks for more than is left: checkout waits until it is lowered or removed. */
  exceedsStock: boolean;
  /** Shown before the server has it: its controls wait. */
  pending: boolean;
}

/**
 * The failures the spec names, each shown with its own translated message (cart:errors.*), and `stock`: an
 * add or a quantity refused because fewer pieces are left (`stockShortage` says how many).
 */
export type CartFailure = 'add' | 'remove' | 'update' | 'clear' | 'stock';

/** What is left of the colour × size a refused change asked for, with the colour's name to say it. */
export type CartShortage = StockShortage & { colorName: LocalizedText | null };

let failure: CartFailure | null = null;
let shortage: CartShortage | null = null;
const failureListeners = new Set<() => void>();
function setFailure(next: CartFailure | null, nextShortage: CartShortage | null = null) {
  if (next === failure && nextShortage === shortage) return;
  failure = next;
  shortage = nextShortage;
  for (const listener of failureListeners) listener();
}
const subscribeFailure = (listener: () => void) => {
  failureListeners.add(listener);
  return () => {
    failureListeners.delete(listener);
  };
};
const getFailure = () => failure;
const getShortage = () => shortage;
const noFailure = () => null;

export const dismissCartFailure = () => setFailure(null);

const fromGuest = (i: CartItem): CartLineView => ({
  id: i.cartItemId,
  slug: i.slug,
  name: i.name,
  price: i.price,
  quantity: i.quantity,
  color: i.selectedColor && { value: i.selectedColor.value, name: i.selectedColor.name },
  size: i.selectedSize,
  image: i.image,
  available: true,
  left: null,
  exceedsStock: false,
  pending: false,
});

const fromServer = (i: ServerCartItem): CartLineView => ({
  id: String(i.id),
  slug: i.product.slug,
  name: i.product.name,
  price: i.price,
  quantity: i.quantity,
  color:
    i.options.color_value && i.options.color_name
      ? { value: i.options.color_value, name: i.options.color_name }
      : null,
  size: i.options.size,
  image: i.product_image,
  available: i.product.available,
  left: i.left,
  exceedsStock: i.exceeds_stock,
  pending: i.id < 0,
});

/** Server changes in flight; the cart is fetched again once the last one is answered. */
let inFlight = 0;
let nextTempId = -1;

async function changeServerCart(
  client: QueryClient,
  kind: CartFailure,
  guess: (cart: ServerCart) => ServerCart,
  call: () => Promise<ServerCart>,
) {
  inFlight += 1;
  await client.cancelQueries({ queryKey: CART_QUERY_KEY });
  const before = client.getQueryData<ServerCart>(CART_QUERY_KEY);
  client.setQueryData<ServerCart>(CART_QUERY_KEY, guess(before ?? emptyServerCart));
  try {
    await call();
    if (failure === kind || failure === 'stock') setFailure(null);
  } catch (error) {
    if (before) client.setQueryData(CART_QUERY_KEY, before);
    const [short] = shortagesOf(error) ?? [];
    // Pieces are counted per colour × size: the line asked for (as guessed) names the colour.
    const line = short
      ? guess(before ?? emptyServerCart).items.find(
          (i) => i.product.slug === short.slug && (i.options.color ?? '') === (short.color ?? ''),
        )
      : undefined;
    setFailure(
      short ? 'stock' : kind,
      short ? { ...short, colorName: short.color ? (line?.options.color_name ?? null) : null } : null,
    );
    // The product pages say what is left: they look again.
    if (short) void client.invalidateQueries({ queryKey: ['product', short.slug] });
  } finally {
    inFlight -= 1;
    if (inFlight === 0) await client.invalidateQueries({ queryKey: CART_QUERY_KEY });
  }
}

/** What the cart's controls do, for visitors and customers alike. */
export function useCartActions() {
  const client = useQueryClient();

  const add = useCallback(
    async (item: NewCartItem) => {
      if (item.quantity < 1) return;
      // Right after a page load the session may not be known yet: the piece must land in the right cart.
      const { status } = await session.whenKnown();
      if (status !== 'authenticated') {
        cart.add(item);
        return;
      }
      cart.open();
      const tempId = nextTempId--;
      await changeServerCart(
        client,
        'add',
        (c) => addToServerCart(c, item, tempId),
        () =>
          serverCartApi.add({
            slug: item.slug,
            quantity: item.quantity,
            product_image: item.image,
            options: { color: item.selectedColor?.key ?? null, size: item.selectedSize },
          }),
      );
    },
    [client],
  );

  const updateQuantity = useCallback(
    async (id: string, quantity: number) => {
      // The spec: a quantity below 1 changes nothing and calls nothing; removing is its own action.
      if (!Number.isInteger(quantity) || quantity < 1) return;
      if (session.get().status !== 'authenticated') return cart.updateQuantity(id, quantity);
      const lineId = Number(id);
      if (lineId < 0) return;
      await changeServerCart(
        client,
        'update',
        (c) => setServerQuantity(c, lineId, quantity),
        () => serverCartApi.update(lineId, quantity),
      );
    },
    [client],
  );

  const remove = useCallback(
    async (id: string) => {
      if (session.get().status !== 'authenticated') return cart.remove(id);
      const lineId = Number(id);
      if (lineId < 0) return;
      await changeServerCart(
        client,
        'remove',
        (c) => removeFromServerCart(c, lineId),
        () => serverCartApi.remove(lineId),
      );
    },
    [client],
  );

  const clear = useCallback(async () => {
    if (session.get().status !== 'authenticated') return cart.clear();
    await changeServerCart(client, 'clear', (c) => ({ ...c, ...emptyServerCart }), serverCartApi.clear);
  }, [client]);

  return useMemo(() => ({ add, updateQuantity, remove, clear }), [add, updateQuantity, remove, clear]);
}

export interface ShopCart {
  lines: CartLineView[];
  totalItems: number;
  /** AED: what checkout charges (less the discount). */
  totalPrice: number;
  /** AED: the pieces before the discount. */
  subtotal: number;
  /** The server cart's discount code (signed in only); null: none. */
  discount: CartDiscount | null;
  isOpen: boolean;
  /** The server cart is being fetched for the first time. */
  loading: boolean;
  /** The server cart could not be fetched; `retry` asks again. */
  loadFailed: boolean;
  retry: () => void;
  /** The last change that failed, until the next one of its kind succeeds or it is dismissed. */
  failure: CartFailure | null;
  /** With the `stock` failure: the colour and size, and what is left of it. */
  shortage: CartShortage | null;
  /** Some line is unavailable or asks for more than is left: checkout waits until it is fixed. */
  blocked: boolean;
}

export function useShopCart(): ShopCart {
  const { status } = useSession();
  const guest = useCart();
  const signedIn = status === 'authenticated';
  const query = useQuery({ ...serverCartQuery(), enabled: signedIn });
  const lastFailure = useSyncExternalStore(subscribeFailure, getFailure, noFailure);
  const lastShortage = useSyncExternalStore(subscribeFailure, getShortage, noFailure);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  return useMemo(() => {
    if (!signedIn) {
      return {
        lines: guest.items.map(fromGuest),
        totalItems: guest.totalItems,
        totalPrice: guest.totalPrice,
        subtotal: guest.totalPrice,
        discount: null,
        isOpen: guest.isOpen,
        loading: false,
        loadFailed: false,
        retry,
        failure: null,
        shortage: null,
        blocked: false,
      };
    }
    const server = query.data;
    const lines = server?.items.map(fromServer) ?? [];
    return {
      lines,
      totalItems: server?.total_items ?? 0,
      totalPrice: server ? Number(server.total_amount) : 0,
      subtotal: server ? Number(server.totals.subtotal) : 0,
      discount: server?.discount ?? null,
      isOpen: guest.isOpen,
      loading: query.isPending,
      loadFailed: query.isError && !server,
      retry,
      failure: lastFailure,
      shortage: lastShortage,
      blocked: lines.some((l) => !l.available || l.exceedsStock),
    };
  }, [signedIn, guest, query.data, query.isPending, query.isError, lastFailure, lastShortage, retry]);
}

let merging: Promise<void> | null = null;

/**
 * Hands the guest cart to the server once someone is signed in (login, register, social sign-in, or a
 * sign-in in another tab), then empties it. On failure the guest lines stay, to be tried again next time.
 */
export function mergeGuestCart(client: QueryClient): Promise<void> {
  merging ??= (async () => {
    const items = cart.get().items;
    if (items.length === 0) return;
    try {
      const lines = toMergeLines(items, client.getQueryData<ServerCart>(CART_QUERY_KEY)?.items);
      if (lines.length > 0) client.setQueryData(CART_QUERY_KEY, await serverCartApi.merge(lines));
      cart.clear();
      if (failure === 'add') setFailure(null);
    } catch {
      setFailure('add');
    } finally {
      await client.invalidateQueries({ queryKey: CART_QUERY_KEY });
    }
  })().finally(() => {
    merging = null;
  });
  return merging;
}

/** Queries that belong to one customer: dropped whenever the signed-in customer changes or leaves. */
const PRIVATE_QUERY_ROOTS = new Set(['cart', 'account', 'orders']);

/** Keeps the carts in step with the session; mounted once, in the frame. */
export function useCartSync() {
  const client = useQueryClient();
  const { status, user } = useSession();
  const { items } = useCart();
  const userId = user?.id ?? null;
  const previousUser = useRef<number | null | undefined>(undefined);

  useEffect(() => {
    if (status === 'unknown') return;
    if (previousUser.current !== undefined && previousUser.current !== userId) {
      client.removeQueries({
        predicate: (q) => PRIVATE_QUERY_ROOTS.has(String(q.queryKey[0])),
      });
      setFailure(null);
    }
    previousUser.current = userId;
  }, [client, status, userId]);

  useEffect(() => {
    if (status === 'authenticated' && items.length > 0) void mergeGuestCart(client);
  }, [client, status, items]);
}
