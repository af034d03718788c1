import { useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { NavigationType, UNSAFE_NavigationContext, useLocation, type Location, type To } from 'react-router';

/** What `useLeaveGuard` answers: React Router's `useBlocker` shape, so a data router can replace it as is. */
export type LeaveBlocker =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

type Navigate = (to: To, state?: unknown, opts?: unknown) => void;
interface Navigation {
  push: Navigate;
  replace: Navigate;
  createHref(to: To): string;
}
/** A form that has unsaved edits: it is given the move it held, to ask about. */
type Guard = (go: () => void) => void;

/** The forms of the page with unsaved edits, the newest last: it is the one that asks. */
const guards: Guard[] = [];
let uninstall: (() => void) | undefined;

/** The guarded page, shown whatever the address says while a Back or Forward waits for the owner's answer. */
let held: { location: Location; leaving: boolean } | undefined;
const watchers = new Set<() => void>();
const setHeld = (next: typeof held) => {
  held = next;
  for (const watcher of watchers) watcher();
};

/** Saves under way (`leavingWith`): the moves they make are the form's own, not a way out of unsaved edits. */
let saving = 0;

/**
 * Runs a form's save: a move it makes (to the product just created) goes through unasked. The form is clean
 * once it is saved, and its guard comes down with the next render; the move may come before that render.
 */
export async function leavingWith<T>(save: () => Promise<T>): Promise<T> {
  saving += 1;
  try {
    return await save();
  } finally {
    saving -= 1;
  }
}

/** The index React Router keeps in each history entry's state (its browser history writes `idx`). */
function entryIndex(): number | undefined {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number'
    ? state.idx
    : undefined;
}

/** Where a move goes, as the address bar will say (the router's `createHref` adds the language's prefix). */
const pathOf = (navigator: Navigation, to: To) =>
  new URL(navigator.createHref(to), window.location.href).pathname;

/**
 * One watch over the navigator for every guarded form of the page: pushes and replaces to another page are held
 * before the router sees them; a Back or Forward to another page is undone (`history.go` back to the form's
 * entry) and replayed if the owner leaves, while `useHeldLocation` keeps the back office on the form's page in
 * between; closing the tab gets the browser's own question. A move within the page (its query string) goes
 * through.
 */
function install(navigator: Navigation, location: Location) {
  const { push, replace } = navigator;
  const ask = (go: () => void) => guards.at(-1)?.(go);
  const hold =
    (move: Navigate): Navigate =>
    (to, state, opts) => {
      const go = () => move.call(navigator, to, state, opts);
      const leave = () => {
        if (held) setHeld({ ...held, leaving: true });
        go();
      };
      if (pathOf(navigator, to) === window.location.pathname) go();
      else if (saving > 0) leave();
      else ask(leave);
    };
  navigator.push = hold(push);
  navigator.replace = hold(replace);

  setHeld({ location, leaving: false });
  let home = { index: entryIndex(), path: window.location.pathname };
  let undoing = false;
  const onPopState = () => {
    const index = entryIndex();
    if (undoing || held?.leaving) {
      undoing = false;
      return;
    }
    if (window.location.pathname === home.path || home.index === undefined || index === undefined) {
      home = { index, path: window.location.pathname };
      return;
    }
    const delta = index - home.index;
    undoing = true;
    window.history.go(-delta);
    ask(() => {
      if (held) setHeld({ ...held, leaving: true });
      window.history.go(delta);
    });
  };
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  };
  window.addEventListener('popstate', onPopState);
  window.addEventListener('beforeunload', onBeforeUnload);
  uninstall = () => {
    navigator.push = push;
    navigator.replace = replace;
    window.removeEventListener('popstate', onPopState);
    window.removeEventListener('beforeunload', onBeforeUnload);
    uninstall = undefined;
    setHeld(undefined);
  };
}

/**
 * The location the back office's routes render: the guarded form's page while a Back or Forward away from it
 * waits for the owner's answer (the router has already moved to the new address, and would unmount the form),
 * else the router's own. Only a Back or Forward (`POP`) is held here: pushes are held before the router sees
 * them, or are the form's own (`leavingWith`).
 */
export function useHeldLocation(location: Location, navigationType: NavigationType): Location {
  const now = useSyncExternalStore(
    (watch) => {
      watchers.add(watch);
      return () => watchers.delete(watch);
    },
    () => held,
    () => undefined,
  );
  return now &&
    !now.leaving &&
    navigationType === NavigationType.Pop &&
    now.location.pathname !== location.pathname
    ? now.location
    : location;
}

/**
 * Asks before a form with unsaved edits is left (`when`): a move to another page is held (`state: 'blocked'`)
 * until the page calls `proceed` or `reset`; closing or reloading the tab gets the browser's own question.
 *
 * The storefront keeps React Router's declarative `<BrowserRouter>` (its data router stays out of the shop's
 * first load, decision 003), where `useBlocker` is not available: this does the same on the router's navigator,
 * with `useHeldLocation` in the back office's routes (decision 029).
 */
export function useLeaveGuard(when: boolean): LeaveBlocker {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  const pending = useRef<(() => void) | undefined>(undefined);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    if (!when) return;
    const guard: Guard = (go) => {
      pending.current = go;
      setBlocked(true);
    };
    guards.push(guard);
    if (!uninstall) install(navigator as unknown as Navigation, here.current);
    return () => {
      guards.splice(guards.indexOf(guard), 1);
      if (guards.length === 0) uninstall?.();
    };
  }, [when, navigator]);

  const proceed = useCallback(() => {
    const go = pending.current;
    pending.current = undefined;
    setBlocked(false);
    go?.();
  }, []);
  const reset = useCallback(() => {
    pending.current = undefined;
    setBlocked(false);
  }, []);

  return blocked && when ? { state: 'blocked', proceed, reset } : { state: 'unblocked' };
}
