import { useSyncExternalStore } from 'react';

interface UiState {
  menuOpen: boolean;
  searchOpen: boolean;
}

let state: UiState = { menuOpen: false, searchOpen: false };
const listeners = new Set<() => void>();
const set = (patch: Partial<UiState>) => {
  state = { ...state, ...patch };
  for (const l of listeners) l();
};

/** Open/closed state of the side menu and the search overlay (the cart drawer's lives with the cart). */
export const ui = {
  get: () => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  openMenu: () => set({ menuOpen: true }),
  closeMenu: () => set({ menuOpen: false }),
  openSearch: () => set({ searchOpen: true }),
  closeSearch: () => set({ searchOpen: false }),
};

export function useUi(): UiState {
  return useSyncExternalStore(ui.subscribe, ui.get, ui.get);
}
