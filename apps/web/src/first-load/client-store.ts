import { useDeferredValue, useSyncExternalStore } from 'react';
import { onServer } from '@/config/env';
import { booting } from './early-input';

/**
 * useSyncExternalStore for what only the browser knows (the visitor's theme, session, saved cart). The page is
 * hydrated with the server's value, which matches the server's HTML; where the browser's differs, React would
 * render every reader again right after, all at once, in one blocking task (the header, the menu and the
 * drawer: 40 ms of a phone's main thread, when the shopper may tap). So until the app is live, a reader shows
 * the server's value and takes the browser's in a deferred render, in slices as the hydration was; from then
 * on it shows every change at once, as useSyncExternalStore does.
 */
export function useClientStore<T>(
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  // In the browser the store is always read as it is: the server's value is this hook's to show, not React's.
  const value = useSyncExternalStore(subscribe, getSnapshot, onServer ? getServerSnapshot : getSnapshot);
  const settled = useDeferredValue(true, !onServer && booting() ? false : undefined);
  return settled ? value : getServerSnapshot();
}
