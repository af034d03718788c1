import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { oauthGrants, userIdentities, userTotp, users } from '../src/db/schema/index.js';
import { REDACTED, redactUrl } from '../src/lib/log-redaction.js';
import { freePort, startTestApp, type TestApp } from './helpers.js';
import { signUp } from './support/shop.js';
import { waitForMails } from './mail.js';
import {
  startFakeOAuthProvider,
  type FakeOAuthProvider,
  type FakeProviderName,
  type FakeUser,
  type IdTokenTampering,
} from './support/fake-oauth-provider.js';

let fake: FakeOAuthProvider;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeOAuthProvider();
  // The providers send the browser back to PUBLIC_URL, so it must be this very server.
  const port = await freePort();
  t = await startTestApp(
    {
      ...fake.apiEnv,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOGIN_LIMIT_PER_IP: '10000',
      LOGIN_LIMIT_PER_EMAIL: '10000',
      REGISTER_LIMIT_PER_IP: '10000',
    },
    { port },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

/** What the callback page is told: the reason's key, said in the shopper's language by the page itself. */
const MESSAGES = {
  googleUnavailable: 'unavailable',
  facebookUnavailable: 'unavailable',
  googleCancelled: 'cancelled',
  appleCancelled: 'cancelled',
  googleFailed: 'failed',
  googleExpired: 'expired',
  googleOtherBrowser: 'other_browser',
  appleOtherBrowser: 'other_browser',
  googleNoCookie: 'no_cookie',
  appleNoCookie: 'no_cookie',
  emailTaken: 'email_taken',
  invalidCode: 'Invalid or expired sign-in code. Please try again.',
};

let seq = 0;
/** A person at a provider that no other story uses. */
const newPerson = (overrides: Partial<FakeUser> = {}): FakeUser => {
  seq += 1;
  return {
    sub: `person-${seq}-${Date.now()}`,
    email: `salma.${seq}@example.ae`,
    email_verified: true,
    name: 'Salma Idrissi',
    ...overrides,
  };
};

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The browser's cookie jar for the binding cookie: set when a sign-in starts, sent back to the shop's own
 * callback and code exchange, as a browser would (never to the provider).
 */
let jar = '';
const keepBinding = (res: Response) => {
  const set = res.headers.getSetCookie().find((c) => /^(__Secure-)?oauth_binding=/.test(c));
  if (set) jar = set.split(';')[0] ?? '';
  return res;
};
const withJar = (url: string, init: RequestInit) =>
  jar && !url.startsWith(fake.url)
    ? { ...init, headers: { ...(init.headers as Record<string, string>), cookie: jar } }
    : init;
const manual = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...withJar(url, init), redirect: 'manual' });

function locationOf(res: Response): URL {
  expect(res.status).toBe(302);
  const location = res.headers.get('location');
  expect(location).toBeTruthy();
  return new URL(location ?? '');
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
const decodeHtml = (text: string) =>
  text.replace(/&(#\d+|amp|lt|gt|quot);/g, (_m, code: string) =>
    code.startsWith('#') ? String.fromCharCode(Number(code.slice(1))) : (NAMED[code] ?? ''),
  );

/** The fields of the auto-submitting form Apple answers with (response_mode=form_post). */
async function appleForm(res: Response) {
  expect(res.status).toBe(200);
  const html = await res.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const fields = new URLSearchParams();
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    fields.set(decodeHtml(name), decodeHtml(value));
  }
  return { action: decodeHtml(action ?? ''), fields };
}

interface Dance {
  /** The provider's sign-in page the API sent the browser to. */
  authorize: URL;
  /** The API's callback, as the provider sent the browser back. */
  callback: URL;
  /** Apple posts its answer: the form fields. */
  form?: URLSearchParams;
  /** Where the API finally sends the browser: the storefront's callback page. */
  site: URL;
}

/** Follows one sign-in as a browser would, up to the storefront's callback page. */
async function dance(provider: FakeProviderName, app: TestApp = t): Promise<Dance> {
  const authorize = locationOf(
    keepBinding(await app.fetch(`/api/v1/auth/${provider}`, { ...withJar(app.url, {}), redirect: 'manual' })),
  );
  const answer = await manual(authorize.toString());
  if (provider === 'apple') {
    const { action, fields } = await appleForm(answer);
    const res = await manual(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
    return { authorize, callback: new URL(action), form: fields, site: locationOf(res) };
  }
  const callback = locationOf(answer);
  return { authorize, callback, site: locationOf(await manual(callback.toString())) };
}

const exchange = (token: unknown, provider: unknown, app: TestApp = t, cookie = jar) =>
  app.json('/api/v1/auth/social/exchange', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify({ token, provider }),
  });

const countRows = async () => {
  const [u] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [i] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(userIdentities);
  return { users: u?.n, identities: i?.n };
};

const callbackPage = (provider: FakeProviderName, app: TestApp = t) =>
  `${app.config.publicUrl}/auth/${provider}/callback`;

/** The storefront's callback page told why (`message`, a reason's key), and no code. */
function expectErrorPage(site: URL, provider: FakeProviderName, message: string) {
  expect(`${site.origin}${site.pathname}`).toBe(callbackPage(provider));
  expect(site.searchParams.get('error')).toBe(message);
  expect(site.searchParams.has('token')).toBe(false);
}

/** The storefront's callback page with a fresh one-time code. */
function codeFrom(site: URL, provider: FakeProviderName): string {
  expect(`${site.origin}${site.pathname}`).toBe(callbackPage(provider));
  expect(site.searchParams.get('provider')).toBe(provider);
  expect(site.searchParams.has('error')).toBe(false);
  const token = site.searchParams.get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token ?? '';
}

function cookieAttributes(headers: Headers) {
  const raw = headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
  if (!raw) return undefined;
  const [pair = '', ...attributes] = raw.split(/;\s*/);
  const attrs = Object.fromEntries(
    attributes
      .map((a) => a.split('='))
      .filter(([k]) => k?.toLowerCase() !== 'expires')
      .map(([k = '', v = '']) => [k.toLowerCase(), v]),
  );
  return { value: decodeURIComponent(pair.slice('refresh_token='.length)), attrs };
}

/** A password account, verified (the e-mailed link) unless asked otherwise: the sign-in's answer. */
const register = async (email: string, { verified = true } = {}) => {
  const res = await signUp(t, { name: 'Khadija Alaoui', email, password: 'Saffron-Tea-2025' });
  if (verified) {
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
  }
  return res;
};

describe('the providers on offer', () => {
  it('lists every provider whose credentials are configured', async () => {
    const res = await t.json('/api/v1/auth/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { providers: ['google', 'apple', 'facebook'] } });
  });
});

describe('signing in with Google', () => {
  it('takes a new shopper from the button to a session: Google, the callback page, the code exchange', async () => {
    const person = newPerson({ email: 'Nadia.Berrada@Example.AE', name: 'Nadia Berrada' });
    fake.setUser(person, 'google');
    const before = await countRows();

    const { authorize, site } = await dance('google');

    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.issuers.google}/authorize`);
    const q = authorize.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(fake.apiEnv.GOOGLE_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/v1/auth/google/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    for (const secret of ['state', 'nonce', 'code_challenge']) expect(q.get(secret)).toMatch(/^[\w-]{43}$/);

    const token = codeFrom(site, 'google');
    const res = await exchange(token, 'google');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        user: {
          id: expect.any(Number),
          name: 'Nadia Berrada',
          email: 'nadia.berrada@example.ae',
          avatar: null,
          role: 'customer',
          // Google vouched for the address.
          email_verified: true,
          created_at: expect.any(String),
        },
        tokens: { accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 },
      },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await countRows()).toEqual({
      users: (before.users ?? 0) + 1,
      identities: (before.identities ?? 0) + 1,
    });

    // The same cookie password sign-in sets.
    const email = `cookie.${seq}@example.ae`;
    await register(email);
    const login = await t.json('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Saffron-Tea-2025' }),
    });
    const socialCookie = cookieAttributes(res.headers);
    expect(socialCookie?.value).toBe(res.body.data.tokens.refreshToken);
    expect(socialCookie?.attrs).toEqual(cookieAttributes(login.headers)?.attrs);
    expect(socialCookie?.attrs).toMatchObject({ httponly: '', samesite: 'Strict', path: '/api/v1/auth' });

    const me = await t.json('/api/v1/auth/user', {
      headers: { authorization: `Bearer ${res.body.data.tokens.accessToken}` },
    });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ id: res.body.data.user.id, email: 'nadia.berrada@example.ae' });

    // The refresh token works like any other.
    const refreshed = await t.json('/api/v1/auth/refresh', {
      method: 'POST',
      headers: { cookie: `refresh_token=${socialCookie?.value}` },
    });
    expect(refreshed.status).toBe(200);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.body.data.user.id));
    expect(row?.passwordHash).toBeNull();
    const identities = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, res.body.data.user.id));
    expect(identities).toMatchObject([
      { provider: 'google', subject: person.sub, email: 'nadia.berrada@example.ae' },
    ]);
  });

  it('proves the code with PKCE (S256) and keeps only hashes of its secrets, fresh for every attempt', async () => {
    fake.setUser(newPerson(), 'google');
    const first = await dance('google');
    const second = locationOf(await t.fetch('/api/v1/auth/google', { redirect: 'manual' }));

    const redeemed = fake.tokenRequests.at(-1);
    expect(redeemed?.provider).toBe('google');
    expect(redeemed?.codeVerifier).toMatch(/^[\w-]{43}$/);
    expect(s256(redeemed?.codeVerifier ?? '')).toBe(first.authorize.searchParams.get('code_challenge'));
    for (const secret of ['state', 'nonce', 'code_challenge']) {
      expect(second.searchParams.get(secret)).not.toBe(first.authorize.searchParams.get(secret));
    }

    const state = second.searchParams.get('state') ?? '';
    const [grant] = await t.database.db
      .select()
      .from(oauthGrants)
      .where(eq(oauthGrants.secretHash, createHash('sha256').update(state).digest('hex')));
    expect(grant).toMatchObject({ kind: 'oauth_state', provider: 'google', usedAt: null });
    expect(JSON.stringify(grant)).not.toContain(state);
    const lifetimeS = ((grant?.expiresAt.getTime() ?? 0) - (grant?.createdAt.getTime() ?? 0)) / 1000;
    expect(lifetimeS).toBeCloseTo(600, -1);
  });

  it('refuses a code Google does not recognise, and creates nobody', async () => {
    fake.setUser(newPerson(), 'google');
    const authorize = locationOf(keepBinding(await manual(`${t.url}/api/v1/auth/google`)));
    const callback = locationOf(await manual(authorize.toString()));
    callback.searchParams.set('code', 'forged-code');
    const before = await countRows();
    expectErrorPage(locationOf(await manual(callback.toString())), 'google', MESSAGES.googleFailed);
    expect(await countRows()).toEqual(before);
  });

  it('refuses a state that was already used, and one it never issued', async () => {
    fake.setUser(newPerson(), 'google');
    const { callback } = await dance('google');
    const before = await countRows();

    expectErrorPage(locationOf(await manual(callback.toString())), 'google', MESSAGES.googleExpired);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'a'.repeat(43));
    expectErrorPage(locationOf(await manual(forged.toString())), 'google', MESSAGES.googleExpired);
    forged.searchParams.delete('state');
    expectErrorPage(locationOf(await manual(forged.toString())), 'google', MESSAGES.googleExpired);
    expect(await countRows()).toEqual(before);
  });

  it('lets a login code be used once, for its own provider only, within two minutes', async () => {
    fake.setUser(newPerson(), 'google');
    const code = codeFrom((await dance('google')).site, 'google');

    const wrongProvider = await exchange(code, 'apple');
    expect(wrongProvider.status).toBe(401);
    expect(wrongProvider.body).toMatchObject({ success: false, message: MESSAGES.invalidCode });
    expect(cookieAttributes(wrongProvider.headers)).toBeUndefined();

    expect((await exchange(code, 'google')).status).toBe(200);
    const replayed = await exchange(code, 'google');
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe(MESSAGES.invalidCode);

    const late = codeFrom((await dance('google')).site, 'google');
    const [grant] = await t.database.db
      .select()
      .from(oauthGrants)
      .where(eq(oauthGrants.secretHash, createHash('sha256').update(late).digest('hex')));
    const lifetimeS = ((grant?.expiresAt.getTime() ?? 0) - (grant?.createdAt.getTime() ?? 0)) / 1000;
    expect(lifetimeS).toBeCloseTo(120, -1);
    await t.database.db
      .update(oauthGrants)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oauthGrants.secretHash, createHash('sha256').update(late).digest('hex')));
    const expired = await exchange(late, 'google');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(MESSAGES.invalidCode);

    const unknown = await exchange('b'.repeat(43), 'google');
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(MESSAGES.invalidCode);
  });

  it('answers a malformed exchange with 422', async () => {
    const res = await exchange(undefined, 'google');
    expect(res.status).toBe(422);
    expect(res.body.errors.token).toEqual(['Invalid social authentication response']);
    expect((await exchange('x', 'twitter')).status).toBe(422);
  });

  it.each<[string, IdTokenTampering]>([
    ['signed with a key Google does not publish', { foreignKey: true }],
    ['issued to another client', { aud: 'another-shop.apps.example' }],
    ['carrying another nonce', { nonce: 'not-the-nonce-we-sent' }],
    ['expired', { expiresInS: -300 }],
    ['from another issuer', { iss: 'https://accounts.example.net' }],
  ])('refuses an ID token %s and creates nobody', async (_what, tampering) => {
    fake.setUser(newPerson(), 'google');
    fake.setNext({ idToken: tampering }, 'google');
    const before = await countRows();
    const { site } = await dance('google');
    expectErrorPage(site, 'google', MESSAGES.googleFailed);
    expect(await countRows()).toEqual(before);
  });

  it('links a Google account whose verified e-mail belongs to a password account', async () => {
    const email = `layla.${seq}@example.ae`;
    const account = await register(email);
    expect(account.status).toBe(201);
    fake.setUser(newPerson({ email: email.toUpperCase(), email_verified: true }), 'google');
    const before = await countRows();

    const res = await exchange(codeFrom((await dance('google')).site, 'google'), 'google');
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      id: account.body.data.user.id,
      name: 'Khadija Alaoui',
      email,
    });
    expect(await countRows()).toEqual({ users: before.users, identities: (before.identities ?? 0) + 1 });

    const login = await t.json('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Saffron-Tea-2025' }),
    });
    expect(login.status).toBe(200);
  });

  it('does not link an e-mail Google has not verified: it refuses and writes nothing', async () => {
    const email = `yasmina.${seq}@example.ae`;
    expect((await register(email)).status).toBe(201);
    fake.setUser(newPerson({ email, email_verified: false }), 'google');
    const before = await countRows();

    expectErrorPage((await dance('google')).site, 'google', MESSAGES.emailTaken);
    expect(await countRows()).toEqual(before);
  });

  it('signs the same Google account into the same user again, even after its e-mail changed', async () => {
    const person = newPerson();
    fake.setUser(person, 'google');
    const first = await exchange(codeFrom((await dance('google')).site, 'google'), 'google');
    const before = await countRows();

    fake.setUser({ ...person, email: `renamed.${seq}@example.ae`, name: 'Someone Else' }, 'google');
    const second = await exchange(codeFrom((await dance('google')).site, 'google'), 'google');
    expect(second.body.data.user).toMatchObject({ id: first.body.data.user.id, name: person.name });
    expect(await countRows()).toEqual(before);
  });

  it('names the account after the e-mail when Google gives no name', async () => {
    const email = `hind.${Date.now()}@example.ae`;
    fake.setUser(newPerson({ name: undefined, email }), 'google');
    const res = await exchange(codeFrom((await dance('google')).site, 'google'), 'google');
    expect(res.body.data.user.name).toBe(email.slice(0, email.indexOf('@')));
  });

  it('sends a shopper who cancels at Google back to the callback page with a clear message', async () => {
    fake.setNext({ error: 'access_denied' }, 'google');
    const before = await countRows();
    const { callback, site } = await dance('google');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expectErrorPage(site, 'google', MESSAGES.googleCancelled);
    expect(await countRows()).toEqual(before);
  });

  it('refuses to create an account without an e-mail address', async () => {
    fake.setUser(newPerson({ email: undefined }), 'google');
    const before = await countRows();
    const { site } = await dance('google');
    expect(site.searchParams.get('error')).toBe('no_email');
    expect(await countRows()).toEqual(before);
  });
});

describe('account pre-hijacking (an unverified account waiting for its owner)', () => {
  it('lets the owner take the account over through Google: the squatter’s password and sign-ins stop at once', async () => {
    // Someone registers the victim's address with a password of their own, and stays signed in.
    const email = `victim.${seq}.${Date.now()}@example.ae`;
    const squatter = await register(email, { verified: false });
    const squatterToken = squatter.body.data.tokens.accessToken as string;
    const userId = squatter.body.data.user.id as number;
    expect(squatter.body.data.user.email_verified).toBe(false);
    // An authenticator app of the squatter's (one set up before unconfirmed accounts were refused one).
    await t.database.db
      .insert(userTotp)
      .values({ userId, secret: 'v1.squatter.app', confirmedAt: new Date() });

    // The victim later signs in with Google, which vouches for the address.
    fake.setUser(newPerson({ email, email_verified: true }), 'google');
    const res = await exchange(codeFrom((await dance('google')).site, 'google'), 'google');
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: userId, email, email_verified: true });

    // The squatter's password no longer opens it, and their sign-in ended at once.
    const login = await t.json('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Saffron-Tea-2025' }),
    });
    expect(login.status).toBe(401);
    const me = await t.json('/api/v1/auth/user', { headers: { authorization: `Bearer ${squatterToken}` } });
    expect(me.status).toBe(401);
    const refreshed = await t.json('/api/v1/auth/refresh', {
      method: 'POST',
      headers: { cookie: `refresh_token=${squatter.body.data.tokens.refreshToken}` },
    });
    expect(refreshed.status).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.passwordHash).toBeNull();
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await t.database.db.select().from(userTotp).where(eq(userTotp.userId, userId))).toEqual([]);
  });

  it('never links a provider that does not vouch for the address to an unverified account', async () => {
    const email = `waiting.${seq}.${Date.now()}@example.ae`;
    await register(email, { verified: false });
    const before = await countRows();
    fake.setUser(newPerson({ email }), 'facebook');
    expectErrorPage((await dance('facebook')).site, 'facebook', MESSAGES.emailTaken);
    expect(await countRows()).toEqual(before);
  });
});

describe('login CSRF: a sign-in finishes only in the browser that began it', () => {
  it('refuses the callback of a sign-in begun in another browser, and creates nobody', async () => {
    const before = await countRows();
    // The victim's browser has another binding cookie, or none: each refusal says which.
    for (const [victimCookie, message] of [
      ['oauth_binding=' + 'v'.repeat(43), MESSAGES.googleOtherBrowser],
      ['', MESSAGES.googleNoCookie],
    ] as const) {
      // The attacker begins a sign-in with their own Google account and stops at the callback URL...
      fake.setUser(newPerson({ email: `attacker.${seq}@example.ae` }), 'google');
      const authorize = locationOf(keepBinding(await manual(`${t.url}/api/v1/auth/google`)));
      const callback = locationOf(await manual(authorize.toString()));
      // ...and makes the victim's browser open it.
      const headers = victimCookie ? { cookie: victimCookie } : undefined;
      const res = await fetch(callback, { redirect: 'manual', headers });
      expectErrorPage(locationOf(res), 'google', message);
      // The state is spent: the attacker cannot try again with it.
      const again = await fetch(callback, { redirect: 'manual', headers });
      expectErrorPage(locationOf(again), 'google', MESSAGES.googleExpired);
    }
    expect(await countRows()).toEqual(before);
  });

  it('refuses to trade a login code without the cookie of the browser it was issued to', async () => {
    fake.setUser(newPerson(), 'google');
    const code = codeFrom((await dance('google')).site, 'google');
    const elsewhere = await exchange(code, 'google', t, `oauth_binding=${'w'.repeat(43)}`);
    expect(elsewhere.status).toBe(401);
    expect((await exchange(code, 'google', t, '')).status).toBe(401);
    // The right browser still can, once; the binding cookie is then cleared.
    const own = await exchange(code, 'google');
    expect(own.status).toBe(200);
    expect(own.headers.getSetCookie().some((c) => /^oauth_binding=;/.test(c))).toBe(true);
  });

  it('sets the binding cookie HttpOnly, for the auth calls only, for ten minutes', async () => {
    const res = await manual(`${t.url}/api/v1/auth/google`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('oauth_binding='));
    expect(cookie).toMatch(
      /^oauth_binding=[\w-]{43}; Max-Age=600; Path=\/api\/v1\/auth; HttpOnly; SameSite=Lax$/,
    );
  });
});

describe('the return address', () => {
  const grants = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(oauthGrants))[0]?.n;

  it.each([
    ['another origin', 'https://evil.example/auth/google/callback'],
    ['another port', 'http://127.0.0.1:1/auth/google/callback'],
    ['another page', '/account/login'],
    ['the callback page of another provider', 'PUBLIC/auth/apple/callback'],
    ['a query of its own', 'PUBLIC/auth/google/callback?next=/checkout'],
    ['credentials', 'http://user:pw@HOST/auth/google/callback'],
    ['a language the shop does not speak', 'PUBLIC/de/auth/google/callback'],
  ])('refuses %s with 422 and stores nothing', async (_what, uri) => {
    const redirectUri = uri
      .replace('PUBLIC', t.config.publicUrl)
      .replace('HOST', new URL(t.config.publicUrl).host);
    const before = await grants();
    const res = await t.json(`/api/v1/auth/google?redirect_uri=${encodeURIComponent(redirectUri)}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.redirect_uri).toEqual([
      "The redirect uri must be this shop's /auth/google/callback page.",
    ]);
    expect(await grants()).toBe(before);
  });

  it('accepts the shop’s own callback page, given explicitly', async () => {
    const res = await t.fetch(
      `/api/v1/auth/google?redirect_uri=${encodeURIComponent(callbackPage('google'))}`,
      {
        redirect: 'manual',
      },
    );
    expect(locationOf(res).origin).toBe(fake.url);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('brings a shopper reading Arabic back to the callback page at its Arabic address', async () => {
    const arabic = `${t.config.publicUrl}/ar/auth/google/callback`;
    const authorize = locationOf(
      keepBinding(
        await t.fetch(`/api/v1/auth/google?redirect_uri=${encodeURIComponent(arabic)}`, {
          ...withJar(t.url, {}),
          redirect: 'manual',
        }),
      ),
    );
    const site = locationOf(await manual(locationOf(await manual(authorize.toString())).toString()));
    expect(`${site.origin}${site.pathname}`).toBe(arabic);
    expect(site.searchParams.get('token')).toBeTruthy();
  });

  it('knows no provider it does not offer', async () => {
    const res = await t.json('/api/v1/auth/twitter', { redirect: 'manual' });
    expect(res.status).toBe(404);
  });

  it('leaves no state behind for a HEAD request (link checkers, prefetches)', async () => {
    const before = await grants();
    const res = await t.fetch('/api/v1/auth/google', { method: 'HEAD', redirect: 'manual' });
    expect(res.status).toBe(405);
    expect(await grants()).toBe(before);
  });
});

describe('signing in with Apple', () => {
  it('asks for the name and e-mail, takes the form_post answer and checks the ID token', async () => {
    const person = newPerson({ name: 'Rania Tazi', email: `rania.${seq}@privaterelay.example` });
    fake.setUser(person, 'apple');

    const { authorize, callback, form, site } = await dance('apple');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.issuers.apple}/authorize`);
    expect(authorize.searchParams.get('response_mode')).toBe('form_post');
    expect(authorize.searchParams.get('scope')).toBe('name email');
    expect(authorize.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(callback.toString()).toBe(`${t.config.publicUrl}/api/v1/auth/apple/callback`);
    expect(JSON.parse(form?.get('user') ?? '{}')).toMatchObject({
      name: { firstName: 'Rania', lastName: 'Tazi' },
    });

    const res = await exchange(codeFrom(site, 'apple'), 'apple');
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ name: 'Rania Tazi', email: person.email });
    // The fake accepted our ES256 client-secret JWT (it refuses the code otherwise) and our PKCE verifier.
    const redeemed = fake.tokenRequests.at(-1);
    expect(redeemed?.provider).toBe('apple');
    expect(s256(redeemed?.codeVerifier ?? '')).toBe(authorize.searchParams.get('code_challenge'));

    // Apple sends the name only the first time; the second sign-in finds the account by its identity.
    const again = await dance('apple');
    expect(again.form?.has('user')).toBe(false);
    const second = await exchange(codeFrom(again.site, 'apple'), 'apple');
    expect(second.body.data.user).toMatchObject({ id: res.body.data.user.id, name: 'Rania Tazi' });
  });

  it('over http, posts the cross-site answer again from the shop so that the Lax binding cookie comes', async () => {
    fake.setUser(newPerson({ name: 'Hiba Alaoui' }), 'apple');
    const authorize = locationOf(keepBinding(await manual(`${t.url}/api/v1/auth/apple`)));
    const { action, fields } = await appleForm(await manual(authorize.toString()));
    const unused = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(oauthGrants)
          .where(isNull(oauthGrants.usedAt))
      )[0]?.n;
    const unusedBefore = await unused();
    // Apple's form POST is cross-site: the browser leaves the SameSite=Lax cookie out.
    const crossSite = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
    expect(crossSite.status).toBe(200);
    expect(crossSite.headers.get('content-security-policy')).toMatch(/form-action 'self'/);
    const html = await crossSite.text();
    expect(html).toContain('<form method="post" action="/api/v1/auth/apple/callback">');
    // Nothing is spent yet: the state waits for the browser to come back with its cookie.
    expect(await unused()).toBe(unusedBefore);
    const again = new URLSearchParams();
    for (const [, name = '', value = ''] of html.matchAll(
      /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
    )) {
      again.set(decodeHtml(name), decodeHtml(value));
    }
    expect(again.get('state')).toBe(fields.get('state'));
    expect(again.get('code')).toBe(fields.get('code'));

    // The shop's own page posts the same answer: same-site, so the cookie comes, and the sign-in ends.
    const sameSite = await manual(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: again.toString(),
    });
    const res = await exchange(codeFrom(locationOf(sameSite), 'apple'), 'apple');
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ name: 'Hiba Alaoui' });
  });

  it('escapes what it posts again, and refuses the answer in a browser without the binding', async () => {
    const before = await countRows();
    for (const [victimCookie, message] of [
      ['', MESSAGES.appleNoCookie],
      ['oauth_binding=' + 'v'.repeat(43), MESSAGES.appleOtherBrowser],
    ] as const) {
      // An attacker's own Apple answer, made to be posted by the victim's browser.
      fake.setUser(newPerson({ email: `attacker.${seq}@example.ae` }), 'apple');
      const authorize = locationOf(keepBinding(await manual(`${t.url}/api/v1/auth/apple`)));
      const { action, fields } = await appleForm(await manual(authorize.toString()));
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      if (victimCookie) headers.cookie = victimCookie;
      let body = fields.toString();
      if (!victimCookie) {
        // Without a cookie the shop's page posts it again; what it echoes cannot break out of its attribute.
        fields.set('user', '"><script>alert(1)</script>');
        const page = await (await fetch(action, { method: 'POST', headers, body: fields.toString() })).text();
        expect(page).not.toContain('<script>alert(1)');
        expect(page).toContain('&quot;&gt;&lt;script&gt;');
        body = `${fields.toString()}&resubmitted=1`;
      }
      const res = await fetch(action, { method: 'POST', redirect: 'manual', headers, body });
      expectErrorPage(locationOf(res), 'apple', message);
    }
    expect(await countRows()).toEqual(before);
  });

  it('shows a cancelled Apple sign-in as cancelled', async () => {
    fake.setNext({ error: 'user_cancelled_authorize' }, 'apple');
    const before = await countRows();
    expectErrorPage((await dance('apple')).site, 'apple', MESSAGES.appleCancelled);
    expect(await countRows()).toEqual(before);
  });

  it('refuses an Apple ID token signed with a key Apple does not publish', async () => {
    fake.setUser(newPerson(), 'apple');
    fake.setNext({ idToken: { foreignKey: true } }, 'apple');
    const before = await countRows();
    expectErrorPage((await dance('apple')).site, 'apple', 'failed');
    expect(await countRows()).toEqual(before);
  });
});

describe('signing in with Facebook', () => {
  it('redeems the code with PKCE and asks the Graph API who signed in', async () => {
    const person = newPerson({
      sub: `${Date.now()}${seq}`,
      name: 'Omar Chraibi',
      email: `omar.${seq}@example.ae`,
    });
    fake.setUser(person, 'facebook');

    const { authorize, site } = await dance('facebook');
    expect(authorize.toString()).toMatch(new RegExp(`^${fake.apiEnv.FACEBOOK_AUTH_URL}\\?`));
    expect(authorize.searchParams.get('scope')).toBe('email,public_profile');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.has('nonce')).toBe(false);

    const res = await exchange(codeFrom(site, 'facebook'), 'facebook');
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ name: 'Omar Chraibi', email: person.email });
    const identities = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, res.body.data.user.id));
    expect(identities).toMatchObject([{ provider: 'facebook', subject: person.sub }]);
  });

  it('never links a Facebook e-mail to an existing account, since Facebook does not say it is verified', async () => {
    const email = `zineb.${seq}@example.ae`;
    expect((await register(email)).status).toBe(201);
    fake.setUser(newPerson({ email }), 'facebook');
    const before = await countRows();
    expectErrorPage((await dance('facebook')).site, 'facebook', MESSAGES.emailTaken);
    expect(await countRows()).toEqual(before);
  });

  it('stops opening the account once the owner of its address has reset the password', async () => {
    // Someone gives Facebook an address that is not theirs; Facebook does not say whether it checked it.
    const person = newPerson({ email: `leila.${seq}.${Date.now()}@example.ae`, email_verified: false });
    fake.setUser(person, 'facebook');
    const first = await exchange(codeFrom((await dance('facebook')).site, 'facebook'), 'facebook');
    expect(first.status).toBe(200);
    const userId = first.body.data.user.id as number;
    // Google vouches for the same address: that identity joins the account and stays.
    fake.setUser(newPerson({ email: person.email }), 'google');
    const google = await exchange(codeFrom((await dance('google')).site, 'google'), 'google');
    expect(google.body.data.user.id).toBe(userId);

    // The owner of the inbox asks for a link and chooses a password.
    const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
    const forgot = await t.json('/api/v1/auth/forgot-password', {
      ...json,
      body: JSON.stringify({ email: person.email }),
    });
    expect(forgot.status).toBe(200);
    const [mail] = await waitForMails(t.config.mail.dir, person.email!, 1);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    const password = 'Rose-Water-2026';
    const reset = await t.json('/api/v1/auth/reset-password', {
      ...json,
      body: JSON.stringify({ token, password, password_confirmation: password }),
    });
    expect(reset.status).toBe(200);

    const linked = await t.database.db
      .select({ provider: userIdentities.provider, emailVerified: userIdentities.emailVerified })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId));
    expect(linked).toEqual([{ provider: 'google', emailVerified: true }]);
    // The Facebook account now meets an existing account it may not open.
    fake.setUser(person, 'facebook');
    expectErrorPage((await dance('facebook')).site, 'facebook', MESSAGES.emailTaken);
  });

  it('needs the e-mail address for a new account', async () => {
    fake.setUser(newPerson({ email: undefined }), 'facebook');
    const before = await countRows();
    const { site } = await dance('facebook');
    expect(site.searchParams.get('error')).toBe('no_email');
    expect(await countRows()).toEqual(before);
  });
});

describe('a shop with some providers configured', () => {
  let partial: TestApp;
  beforeAll(async () => {
    partial = await startTestApp({
      GOOGLE_CLIENT_ID: fake.apiEnv.GOOGLE_CLIENT_ID ?? '',
      GOOGLE_CLIENT_SECRET: fake.apiEnv.GOOGLE_CLIENT_SECRET ?? '',
      // Where nothing listens: Google is down.
      GOOGLE_ISSUER: `http://127.0.0.1:${await freePort()}/google`,
      // Half of Apple's credentials: Apple stays off.
      APPLE_CLIENT_ID: fake.apiEnv.APPLE_CLIENT_ID ?? '',
      APPLE_TEAM_ID: fake.apiEnv.APPLE_TEAM_ID ?? '',
      LOGIN_LIMIT_PER_IP: '3',
    });
  });
  afterAll(() => partial?.close());

  it('offers only the providers with all their credentials', async () => {
    const res = await partial.json('/api/v1/auth/providers');
    expect(res.body.data.providers).toEqual(['google']);
  });

  it('sends the shopper back to the callback page with a clear message for the others', async () => {
    const site = locationOf(await partial.fetch('/api/v1/auth/facebook', { redirect: 'manual' }));
    expect(`${site.origin}${site.pathname}`).toBe(callbackPage('facebook', partial));
    expect(site.searchParams.get('error')).toBe(MESSAGES.facebookUnavailable);
    const callback = locationOf(
      await partial.fetch('/api/v1/auth/apple/callback?code=x&state=y', { redirect: 'manual' }),
    );
    expect(callback.searchParams.get('error')).toBe('unavailable');
  });

  it('still checks the return address of an unconfigured provider', async () => {
    const res = await partial.json(
      `/api/v1/auth/facebook?redirect_uri=${encodeURIComponent('https://evil.example/auth/facebook/callback')}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(422);
  });

  it('limits code exchanges per IP like sign-ins', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await exchange('c'.repeat(43), 'google', partial)).status).toBe(401);
    }
    const limited = await exchange('c'.repeat(43), 'google', partial);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('sends the shopper back with a message when the provider cannot be reached, storing nothing', async () => {
    const site = locationOf(await partial.fetch('/api/v1/auth/google', { redirect: 'manual' }));
    expect(`${site.origin}${site.pathname}`).toBe(callbackPage('google', partial));
    expect(site.searchParams.get('error')).toBe(MESSAGES.googleFailed);
    const [grants] = await partial.database.db.select({ n: sql<number>`count(*)::int` }).from(oauthGrants);
    expect(grants?.n).toBe(0);
  });

  it('limits sign-in starts per IP, telling the shopper on the callback page', async () => {
    // The story above made one start already.
    for (let i = 0; i < 2; i += 1) {
      const site = locationOf(await partial.fetch('/api/v1/auth/google', { redirect: 'manual' }));
      expect(site.searchParams.get('error')).toBe(MESSAGES.googleFailed);
    }
    const limited = locationOf(await partial.fetch('/api/v1/auth/google', { redirect: 'manual' }));
    expect(`${limited.origin}${limited.pathname}`).toBe(callbackPage('google', partial));
    expect(limited.searchParams.get('error')).toBe('too_many');
    expect(Number(limited.searchParams.get('minutes'))).toBeGreaterThanOrEqual(1);
  });
});

describe('the API documentation', () => {
  it('describes the social sign-in routes', async () => {
    const res = await t.json('/api/docs/json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/providers',
        '/api/v1/auth/google',
        '/api/v1/auth/google/callback',
        '/api/v1/auth/apple/callback',
        '/api/v1/auth/social/exchange',
      ]),
    );
  });
});

describe('logs', () => {
  it('never carry the codes and states of sign-in URLs', () => {
    expect(redactUrl('/api/v1/auth/google/callback?state=s3cret&code=c0de&scope=email%20profile')).toBe(
      `/api/v1/auth/google/callback?state=${REDACTED}&code=${REDACTED}&scope=email%20profile`,
    );
    expect(redactUrl('/auth/google/callback?token=abc&provider=google&Token=def&token')).toBe(
      `/auth/google/callback?token=${REDACTED}&provider=google&Token=${REDACTED}&token`,
    );
    expect(redactUrl('/auth/google/callback?%74oken=abc&%E0%A4%A=1')).toBe(
      `/auth/google/callback?%74oken=${REDACTED}&%E0%A4%A=1`,
    );
    expect(redactUrl('/collection/caftan?sort=newest')).toBe('/collection/caftan?sort=newest');
  });
});
