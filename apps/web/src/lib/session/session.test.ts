import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '@/lib/next-task';

/** A fake API behind fetch: each route answers from a handler; every call is recorded. */
type Handler = (init: { token: string | null; body: unknown }) => { status: number; body?: unknown };
let routes: Record<string, Handler>;
let calls: { route: string; token: string | null }[];

const user = (id = 7) => ({
  id,
  name: 'Salma',
  email: 'salma@example.ae',
  avatar: null,
  role: 'customer',
  created_at: '2025-01-01T00:00:00.000Z',
});
/** A JWT-shaped token whose `sub` is the user id (unsigned: the client never checks signatures). */
const jwt = (sub: number, n: number) =>
  `h.${btoa(JSON.stringify({ sub: String(sub), n })).replace(/=+$/, '')}.s`;
const auth = (token: string, id = 7) => ({
  status: 200,
  body: {
    success: true,
    data: { user: user(id), tokens: { accessToken: token, refreshToken: 'r', expiresIn: 900 } },
  },
});
const unauthorized = { status: 401, body: { success: false, message: 'Unauthenticated.' } };

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const route = `${init?.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}`;
  const headers = new Headers(init?.headers);
  const token = headers.get('authorization')?.replace('Bearer ', '') ?? null;
  calls.push({ route, token });
  const handler = routes[route];
  if (!handler) return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
  await Promise.resolve();
  const { status, body } = handler({
    token,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  });
  return new Response(body === undefined ? '' : JSON.stringify(body), { status });
});

async function load() {
  vi.resetModules();
  const { session } = await import('./session');
  const { apiRequest } = await import('@/lib/api-client');
  return { session, apiRequest };
}

beforeEach(() => {
  routes = {};
  calls = [];
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  vi.useRealTimers();
});

describe('session at start', () => {
  it('is anonymous at once without a stored token, and asks nothing', async () => {
    const { session } = await load();
    expect(session.get().status).toBe('unknown');
    await session.start();
    expect(session.get().status).toBe('anonymous');
    expect(calls).toEqual([]);
  });

  it('signs the visitor in from the stored token', async () => {
    localStorage.setItem('auth_token', 'good');
    routes['GET /auth/user'] = ({ token }) =>
      token === 'good' ? { status: 200, body: { success: true, data: { user: user() } } } : unauthorized;
    const { session } = await load();
    await session.start();
    expect(session.get()).toMatchObject({ status: 'authenticated', user: { name: 'Salma' } });
  });

  it('refreshes an expired token once through the cookie, keeps only the new access token, and asks again', async () => {
    localStorage.setItem('auth_token', 'expired');
    routes['GET /auth/user'] = ({ token }) =>
      token === 'fresh' ? { status: 200, body: { success: true, data: { user: user() } } } : unauthorized;
    routes['POST /auth/refresh'] = () => auth('fresh');
    const { session } = await load();
    await session.start();
    expect(session.get().status).toBe('authenticated');
    expect(localStorage.getItem('auth_token')).toBe('fresh');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(calls).toEqual([
      { route: 'GET /auth/user', token: 'expired' },
      // The refresh goes with the HttpOnly cookie only, never a bearer.
      { route: 'POST /auth/refresh', token: null },
      { route: 'GET /auth/user', token: 'fresh' },
    ]);
  });

  it('forgets the token and is anonymous when the refresh is refused too, without sending anyone to login', async () => {
    localStorage.setItem('auth_token', 'expired');
    routes['GET /auth/user'] = () => unauthorized;
    routes['POST /auth/refresh'] = () => unauthorized;
    const { session } = await load();
    const expired = vi.fn();
    session.onExpired(expired);
    await session.start();
    expect(session.get().status).toBe('anonymous');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(expired).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.route === 'POST /auth/refresh')).toHaveLength(1);
  });
});

describe('a call refused later', () => {
  async function signedIn() {
    localStorage.setItem('auth_token', 'old');
    let valid = 'old';
    routes['GET /auth/user'] = ({ token }) =>
      token === valid ? { status: 200, body: { success: true, data: { user: user() } } } : unauthorized;
    routes['GET /cart'] = ({ token }) =>
      token === valid
        ? { status: 200, body: { success: true, data: { cart: { items: [] } } } }
        : unauthorized;
    const loaded = await load();
    await loaded.session.start();
    expect(loaded.session.get().status).toBe('authenticated');
    valid = 'new';
    return loaded;
  }

  it('is refreshed once for all concurrent calls, and each call is retried with the new token', async () => {
    const { apiRequest } = await signedIn();
    routes['POST /auth/refresh'] = () => auth('new');
    const answers = await Promise.all([
      apiRequest('/v1/cart'),
      apiRequest('/v1/cart'),
      apiRequest('/v1/auth/user'),
    ]);
    expect(answers).toHaveLength(3);
    expect(calls.filter((c) => c.route === 'POST /auth/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c.token === 'new')).toHaveLength(3);
    expect(localStorage.getItem('auth_token')).toBe('new');
  });

  it('ends the session and tells the app to go to login when the refresh is refused', async () => {
    const { session, apiRequest } = await signedIn();
    routes['POST /auth/refresh'] = () => unauthorized;
    const expired = vi.fn();
    session.onExpired(expired);
    await expect(apiRequest('/v1/cart')).rejects.toMatchObject({ status: 401 });
    expect(session.get().status).toBe('anonymous');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh cannot be made at all (offline)', async () => {
    const { session, apiRequest } = await signedIn();
    routes['POST /auth/refresh'] = () => ({ status: 503, body: { message: 'down' } });
    await expect(apiRequest('/v1/cart')).rejects.toMatchObject({ status: 401 });
    expect(session.get().status).toBe('authenticated');
    expect(localStorage.getItem('auth_token')).toBe('old');
  });

  it('never refreshes for calls that answer for the session themselves, such as a wrong password', async () => {
    const { apiRequest } = await signedIn();
    routes['POST /auth/login'] = () => ({
      status: 401,
      body: { message: 'These credentials do not match our records.' },
    });
    await expect(
      apiRequest('/v1/auth/login', {
        method: 'POST',
        body: { email: 'a@b.c', password: 'x' },
        session: false,
      }),
    ).rejects.toMatchObject({ status: 401, message: 'These credentials do not match our records.' });
    expect(calls.some((c) => c.route === 'POST /auth/refresh')).toBe(false);
    expect(localStorage.getItem('auth_token')).toBe('old');
  });
});

describe('sign-in and sign-out', () => {
  it('keeps only the access token on sign-in', async () => {
    const { session } = await load();
    await session.start();
    session.signIn({
      user: user() as never,
      tokens: { accessToken: 'a', refreshToken: 'r', expiresIn: 900 },
    });
    expect(session.get().status).toBe('authenticated');
    expect(localStorage.getItem('auth_token')).toBe('a');
    expect(Object.keys(localStorage)).toEqual(['auth_token']);
  });

  it('logs out on the server, then clears', async () => {
    localStorage.setItem('auth_token', 'good');
    routes['GET /auth/user'] = () => ({ status: 200, body: { success: true, data: { user: user() } } });
    routes['POST /auth/logout'] = () => ({ status: 200, body: { success: true, data: { message: 'bye' } } });
    const { session } = await load();
    await session.start();
    await session.signOut();
    expect(calls.map((c) => c.route)).toContain('POST /auth/logout');
    expect(session.get().status).toBe('anonymous');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('clears the session even when the logout call fails', async () => {
    localStorage.setItem('auth_token', 'good');
    routes['GET /auth/user'] = () => ({ status: 200, body: { success: true, data: { user: user() } } });
    routes['POST /auth/logout'] = () => ({ status: 500, body: { message: 'Server error' } });
    const { session } = await load();
    await session.start();
    await session.signOut();
    expect(session.get().status).toBe('anonymous');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('does not call the server to log out an anonymous visitor', async () => {
    const { session } = await load();
    await session.start();
    await session.signOut();
    expect(calls).toEqual([]);
  });

  it('follows a sign-out and a sign-in made in another tab', async () => {
    localStorage.setItem('auth_token', jwt(7, 1));
    routes['GET /auth/user'] = ({ token }) => {
      const id = token === jwt(8, 1) ? 8 : 7;
      return { status: 200, body: { success: true, data: { user: user(id) } } };
    };
    const { session } = await load();
    await session.start();
    // The page listens for other tabs from its next task on (lib/storage's onOtherTabChange).
    await nextTask();

    localStorage.removeItem('auth_token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth_token', newValue: null }));
    expect(session.get().status).toBe('anonymous');

    localStorage.setItem('auth_token', jwt(8, 1));
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth_token', newValue: jwt(8, 1) }));
    const known = await vi.waitFor(() => {
      const s = session.get();
      if (s.status !== 'authenticated') throw new Error('not yet');
      return s;
    });
    expect(known.user.id).toBe(8);

    // Another tab refreshing the same customer's token needs no call here.
    const before = calls.length;
    localStorage.setItem('auth_token', jwt(8, 2));
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth_token', newValue: jwt(8, 2) }));
    expect(calls.length).toBe(before);
  });
});
