import type { AuthResponse, User, UserResponse } from '@boutique/contracts';
import { ApiError, apiRequest, onUnauthorized, setTokenRefresher } from '@/lib/api-client';
import { useClientStore } from '@/first-load/client-store';
import { STORAGE_KEYS, onOtherTabChange, storage } from '@/lib/storage';
import { createTokenRefresher } from './refresh';

/**
 * Who is signed in. Unknown at first (and always on the server, which never sees the visitor's token), then
 * authenticated or anonymous. Hand-written, without zod: this is on every page.
 */
export type SessionState =
  | { status: 'unknown'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'authenticated'; user: User };

const UNKNOWN: SessionState = { status: 'unknown', user: null };
const ANONYMOUS: SessionState = { status: 'anonymous', user: null };

/** Waits before asking again for the user when the API could not be reached at start. */
const START_RETRY_DELAYS_MS = [1000, 3000];

let state: SessionState = UNKNOWN;
const listeners = new Set<() => void>();
const expiredListeners = new Set<() => void>();
let started: Promise<void> | undefined;
/** Bumped on every sign-in and sign-out, so an answer about an older session is ignored. */
let generation = 0;

function set(next: SessionState) {
  if (next.status === state.status && next.user === state.user) return;
  state = next;
  for (const listener of listeners) listener();
}

const readToken = () => storage.get(STORAGE_KEYS.authToken);

function clear() {
  generation += 1;
  storage.remove(STORAGE_KEYS.authToken);
  set(ANONYMOUS);
}

async function requestRefresh(): Promise<string | null> {
  try {
    const res = await apiRequest<AuthResponse>('/v1/auth/refresh', { method: 'POST', session: false });
    return res.data.tokens.accessToken;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

const refreshToken = createTokenRefresher({
  readToken,
  writeToken: (token) => storage.set(STORAGE_KEYS.authToken, token),
  requestRefresh,
  locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
});

/** The user id an access token was issued for (its `sub`), without checking it: only to compare tabs. */
export function tokenSubject(token: string): string | undefined {
  try {
    const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(part)) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks who the stored token belongs to; a 401 has already been through one refresh (api-client). */
async function loadUser() {
  const token = readToken();
  if (!token) return set(ANONYMOUS);
  const asked = generation;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const res = await apiRequest<UserResponse>('/v1/auth/user');
      if (asked === generation && readToken()) set({ status: 'authenticated', user: res.data.user });
      return;
    } catch (error) {
      if (asked !== generation) return;
      if (error instanceof ApiError && error.status === 401) return clear();
      const delay = START_RETRY_DELAYS_MS[attempt];
      // The API cannot be reached: keep the token, so that the next visit finds the sign-in again.
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (delay === undefined || refused) return set(ANONYMOUS);
      await wait(delay);
    }
  }
}

/** A call was refused even after a refresh: the sign-in is over. */
function handleUnauthorized() {
  const wasSignedIn = state.status === 'authenticated';
  clear();
  if (wasSignedIn) for (const listener of expiredListeners) listener();
}

/** Sign-in and sign-out in another tab of the shop are followed here. */
function handleStorage(event: StorageEvent) {
  if (event.key !== STORAGE_KEYS.authToken && event.key !== null) return;
  const token = readToken();
  if (!token) {
    generation += 1;
    set(ANONYMOUS);
    return;
  }
  // A refresh in another tab keeps the same customer; anything else is a new sign-in.
  if (state.status === 'authenticated' && tokenSubject(token) === String(state.user.id)) return;
  generation += 1;
  void loadUser();
}

export const session = {
  get: () => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** Once per tab, in the browser: finds out whether the stored token still signs someone in. */
  start(): Promise<void> {
    started ??= (async () => {
      setTokenRefresher(refreshToken);
      onUnauthorized(handleUnauthorized);
      onOtherTabChange(handleStorage);
      await loadUser();
    })();
    return started;
  },

  /** Resolves once the session is known (at once if it already is). */
  whenKnown(): Promise<SessionState> {
    if (state.status !== 'unknown') return Promise.resolve(state);
    return new Promise((resolve) => {
      const stop = session.subscribe(() => {
        if (state.status === 'unknown') return;
        stop();
        resolve(state);
      });
    });
  },

  /** After login, register or a social sign-in. Only the access token is kept; the refresh token is a cookie. */
  signIn({ user, tokens }: AuthResponse['data']) {
    generation += 1;
    storage.set(STORAGE_KEYS.authToken, tokens.accessToken);
    set({ status: 'authenticated', user });
  },

  /** The profile changed (name, avatar). */
  updateUser(user: User) {
    if (state.status === 'authenticated') set({ status: 'authenticated', user });
  },

  /**
   * Ends the sign-in on the server when there is one, then here whatever the server said. `serverKnows`: the
   * server has already ended it (signed out everywhere, a reset).
   */
  async signOut({ serverKnows = false } = {}) {
    if (state.status === 'authenticated' && !serverKnows) {
      try {
        await apiRequest('/v1/auth/logout', { method: 'POST', session: false });
      } catch {
        // Offline or refused: the token is forgotten below all the same.
      }
    }
    clear();
  },

  /** Called when a signed-in customer's session ends on its own (the refresh was refused). */
  onExpired(listener: () => void) {
    expiredListeners.add(listener);
    return () => {
      expiredListeners.delete(listener);
    };
  },
};

const serverSnapshot = () => UNKNOWN;

export function useSession(): SessionState {
  return useClientStore(session.subscribe, session.get, serverSnapshot);
}
