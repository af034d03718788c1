import { useClientStore } from '@/first-load/client-store';
import { STORAGE_KEYS, onOtherTabChange, storage } from '@/lib/storage';
import {
  addItem,
  emptyCart,
  parseSavedCart,
  removeItem,
  setOpen,
  updateQuantity,
  type CartState,
  type NewCartItem,
} from './cart-model';

let state: CartState =
  typeof window === 'undefined' ? emptyCart : parseSavedCart(storage.get(STORAGE_KEYS.cart));
const listeners = new Set<() => void>();

function commit(next: CartState, persist = true) {
  if (next === state) return;
  state = next;
  if (persist) storage.set(STORAGE_KEYS.cart, JSON.stringify({ ...next, isOpen: false }));
  for (const listener of listeners) listener();
}

/** The guest cart: saved on every change, kept in step across open tabs. */
export const cart = {
  get: () => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Adding opens the drawer. */
  add: (item: NewCartItem) => commit(setOpen(addItem(state, item), true)),
  updateQuantity: (cartItemId: string, quantity: number) =>
    commit(updateQuantity(state, cartItemId, quantity)),
  remove: (cartItemId: string) => commit(removeItem(state, cartItemId)),
  clear: () => commit({ ...emptyCart, isOpen: state.isOpen }),
  open: () => commit(setOpen(state, true), false),
  close: () => commit(setOpen(state, false), false),
};

if (typeof window !== 'undefined') {
  onOtherTabChange((event) => {
    if (event.key === STORAGE_KEYS.cart)
      commit({ ...parseSavedCart(event.newValue), isOpen: state.isOpen }, false);
  });
}

/** The server renders an empty cart; hydration starts from it too, then shows the saved one. */
const serverSnapshot = () => emptyCart;

export function useCart(): CartState {
  return useClientStore(cart.subscribe, cart.get, serverSnapshot);
}
