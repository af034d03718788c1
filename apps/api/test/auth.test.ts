import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { refreshTokens, users } from '../src/db/schema/index.js';
import { ensureJwtSecret } from '../src/env.js';
import { hashRefreshToken, signAccessToken } from '../src/modules/auth/tokens.js';
import { startTestApp, type TestApp } from './helpers.js';
import { waitForMails } from './mail.js';
import { signUp } from './support/shop.js';

let t: TestApp;
beforeAll(async () => {
  // Generous limits here; the rate-limit stories run on an app of their own.
  t = await startTestApp({
    REGISTER_LIMIT_PER_IP: '10000',
    LOGIN_LIMIT_PER_IP: '10000',
    LOGIN_LIMIT_PER_EMAIL: '10000',
  });
});
afterAll(() => t?.close());

const post = (app: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.json(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

let seq = 0;
/** A new customer's form, with an e-mail no other story uses. */
const newCustomer = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    name: 'Mariam Al Suwaidi',
    email: `mariam.${seq}@example.ae`,
    password: 'Jasmine-Eid-2025',
    password_confirmation: 'Jasmine-Eid-2025',
    ...overrides,
  };
};

const register = (body: unknown, headers?: Record<string, string>, app = t) =>
  post(app, '/api/v1/auth/register', body, headers);
/** Registered and signed in, as the storefront does it: the sign-in's answer. */
const signedUp = (form: ReturnType<typeof newCustomer>, headers?: Record<string, string>, app = t) =>
  signUp(app, form, headers);
const login = (email: string, password: string, headers?: Record<string, string>, app = t) =>
  post(app, '/api/v1/auth/login', { email, password }, headers);
const refreshWithCookie = (token: string) =>
  t.json('/api/v1/auth/refresh', { method: 'POST', headers: { cookie: `refresh_token=${token}` } });
const refreshWithBearer = (token: string) =>
  t.json('/api/v1/auth/refresh', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
const me = (accessToken?: string) =>
  t.json('/api/v1/auth/user', accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {});

/** The refresh_token cookie a response sets, attributes parsed. */
function refreshCookie(headers: Headers, name = 'refresh_token') {
  const raw = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!raw) return undefined;
  const [pair = '', ...attributes] = raw.split(/;\s*/);
  const attrs = new Map(
    attributes.map((a) => {
      const [k = '', v = ''] = a.split('=');
      return [k.toLowerCase(), v] as const;
    }),
  );
  return { value: decodeURIComponent(pair.slice(name.length + 1)), attrs };
}

const countUsers = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;

const expectUnauthenticated = (res: { status: number; body: any }) => {
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ success: false, message: 'Unauthenticated.' });
};

describe('registering', () => {
  it('creates a customer who signs in at once, unverified, and sets the refresh cookie', async () => {
    const form = newCustomer();
    const res = await register(form);
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      data: {
        user: {
          id: expect.any(Number),
          name: form.name,
          email: form.email,
          avatar: null,
          role: 'customer',
          email_verified: false,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
        tokens: { accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 },
      },
    });

    const cookie = refreshCookie(res.headers);
    expect(cookie?.value).toBe(res.body.data.tokens.refreshToken);
    expect(cookie?.attrs.has('httponly')).toBe(true);
    expect(cookie?.attrs.get('samesite')).toBe('Strict');
    expect(cookie?.attrs.get('path')).toBe('/api/v1/auth');
    expect(cookie?.attrs.get('max-age')).toBe(String(30 * 24 * 3600));
    // Plain http here (PUBLIC_URL is http://localhost): Secure would make browsers drop it.
    expect(cookie?.attrs.has('secure')).toBe(false);

    const user = await me(res.body.data.tokens.accessToken);
    expect(user.status).toBe(200);
    expect(user.body.data.user).toEqual(res.body.data.user);
  });

  it('keeps only an argon2id hash of the password and the e-mail in lower case', async () => {
    const form = newCustomer({ email: '  Salma.Bennani@Example.AE ' });
    const res = await register(form);
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'salma.bennani@example.ae'));
    expect(row?.email).toBe('salma.bennani@example.ae');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(JSON.stringify(row)).not.toContain(form.password);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|"password/i);
  });

  it('answers a taken address with 422 on the email field, changes nothing, and tells the owner by e-mail', async () => {
    const form = newCustomer();
    const fresh = await register(form);
    expect(fresh.status).toBe(201);
    const [confirm] = await waitForMails(t.config.mail.dir, form.email, 1);
    expect(confirm?.subject).toMatch(/^Confirm your e-mail address/);
    const before = await countUsers();
    const [original] = await t.database.db.select().from(users).where(eq(users.email, form.email));

    const again = await register({
      ...form,
      email: form.email.toUpperCase(),
      name: 'Someone Else',
      password: 'Another-Pass-77',
      password_confirmation: 'Another-Pass-77',
    });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      success: false,
      message: 'The given data was invalid',
      errors: { email: ['The email has already been taken.'] },
    });
    expect(again.body.errors).toEqual({ email: ['The email has already been taken.'] });
    expect(refreshCookie(again.headers)).toBeUndefined();
    expect(await countUsers()).toBe(before);
    const [after] = await t.database.db.select().from(users).where(eq(users.email, form.email));
    expect(after).toEqual(original);
    // Its owner hears of it, in the language asked for; nobody else does.
    const mails = await waitForMails(t.config.mail.dir, form.email, 2);
    expect(mails[1]?.subject).toMatch(/^You already have an account/);
    expect(mails[1]?.text).toContain('/account/forgot-password');
    expect((await login(form.email, 'Another-Pass-77')).status).toBe(401);
  });

  it('names every invalid field with the message the form shows, and writes nothing', async () => {
    const before = await countUsers();
    const res = await register({ email: 'not-an-email', password: 'short', password_confirmation: 'shorts' });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    const first = Object.fromEntries(
      Object.entries(res.body.errors as Record<string, string[]>).map(([k, v]) => [k, v[0]]),
    );
    expect(first).toEqual({
      name: 'The name field is required.',
      email: 'The email must be a valid email address.',
      password: 'The password must be at least 8 characters.',
      password_confirmation: 'The password confirmation does not match.',
    });

    const empty = await register({ name: ' ', email: '', password: '', password_confirmation: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name[0]).toBe('The name field is required.');
    expect(empty.body.errors.email[0]).toBe('The email field is required.');
    expect(empty.body.errors.password[0]).toBe('The password field is required.');

    const long = await register(
      newCustomer({ password: 'p'.repeat(129), password_confirmation: 'p'.repeat(129) }),
    );
    expect(long.status).toBe(422);
    expect(long.body.errors.password).toEqual(['The password may not be greater than 128 characters.']);

    const mismatch = await register(newCustomer({ password_confirmation: 'Jasmine-Eid-2026' }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });
    expect(await countUsers()).toBe(before);
  });

  it('accepts a password of exactly 8 characters and one with spaces, kept as typed', async () => {
    const form = newCustomer({ password: ' Qz8# kP', password_confirmation: ' Qz8# kP' });
    expect((await register(form)).status).toBe(201);
    expect((await login(form.email, ' Qz8# kP')).status).toBe(200);
    expect((await login(form.email, 'Qz8# kP')).status).toBe(401);
  });
});

describe('signing in', () => {
  const form = newCustomer({ email: 'layla@example.ae' });
  beforeAll(async () => {
    expect((await register(form)).status).toBe(201);
  });

  it('signs in with the right password and sets the refresh cookie', async () => {
    const res = await login(form.email, form.password);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: form.email, name: form.name, role: 'customer' });
    expect(res.body.data.tokens.expiresIn).toBe(900);
    expect(refreshCookie(res.headers)?.value).toBe(res.body.data.tokens.refreshToken);
    expect((await me(res.body.data.tokens.accessToken)).body.data.user.email).toBe(form.email);
  });

  it('matches the e-mail whatever its case and surrounding spaces', async () => {
    expect((await login(' LAYLA@Example.ae ', form.password)).status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike, without saying which', async () => {
    const wrong = await login(form.email, 'Jasmine-Eid-2024');
    const unknown = await login('nobody@example.ae', form.password);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        message: 'These credentials do not match our records.',
        requestId: expect.any(String),
      });
      expect(refreshCookie(res.headers)).toBeUndefined();
    }
  });

  it('validates the form before looking anything up', async () => {
    const res = await post(t, '/api/v1/auth/login', { email: 'layla' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['The email must be a valid email address.'],
      password: ['The password field is required.'],
    });
  });
});

describe('the user endpoint', () => {
  let session: { user: { id: number }; tokens: { accessToken: string; refreshToken: string } };
  const secret = () => ensureJwtSecret(t.config);
  const options = () => ({ secret: secret(), issuer: t.config.publicUrl, ttlS: 900 });
  const user = () => ({
    id: session.user.id,
    role: 'customer' as const,
    sessionId: JSON.parse(Buffer.from(session.tokens.accessToken.split('.')[1] ?? '', 'base64url').toString())
      .sid,
  });

  beforeAll(async () => {
    session = (await signedUp(newCustomer())).body.data;
  });

  it('answers the signed-in user for a valid access token', async () => {
    const res = await me(session.tokens.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(session.user.id);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 Unauthenticated without a token or with a malformed header', async () => {
    const none = await me();
    expectUnauthenticated(none);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    for (const authorization of [
      'Bearer',
      'Basic bWU6cGFzcw==',
      `Token ${session.tokens.accessToken}`,
      'Bearer a b',
    ]) {
      expectUnauthenticated(await t.json('/api/v1/auth/user', { headers: { authorization } }));
    }
  });

  it('refuses an expired token', async () => {
    const issued = Math.floor(Date.now() / 1000) - 901;
    expectUnauthenticated(await me(await signAccessToken(user(), options(), issued)));
  });

  it('refuses a tampered token, a token of another secret and an unsigned one', async () => {
    const [header, payload, signature] = session.tokens.accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const admin = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expectUnauthenticated(await me(`${header}.${admin}.${signature}`));
    expectUnauthenticated(await me(`${header}.${payload}.${signature.slice(0, -2)}AA`));

    const foreign = { ...options(), secret: 'another-secret-that-is-32-characters-long' };
    expectUnauthenticated(await me(await signAccessToken(user(), foreign)));

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expectUnauthenticated(await me(`${none}.${payload}.`));
    expectUnauthenticated(await me(`${none}.${payload}.${signature}`));
  });

  it('refuses a token for another shop (issuer/audience)', async () => {
    const elsewhere = { ...options(), issuer: 'https://another-shop.example' };
    expectUnauthenticated(await me(await signAccessToken(user(), elsewhere)));
  });

  it('refuses a valid token of an account that no longer exists', async () => {
    const gone = (await signedUp(newCustomer())).body.data;
    await t.database.db.delete(users).where(eq(users.id, gone.user.id));
    expectUnauthenticated(await me(gone.tokens.accessToken));
  });
});

describe('refreshing', () => {
  const start = async () => (await signedUp(newCustomer())).body.data.tokens as { refreshToken: string };

  it('trades the cookie for a new pair and a new cookie; the old token is spent', async () => {
    const first = await start();
    const res = await refreshWithCookie(first.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toMatch(/@example\.ae$/);
    const next = res.body.data.tokens;
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(refreshCookie(res.headers)?.value).toBe(next.refreshToken);
    expect((await me(next.accessToken)).status).toBe(200);

    // Stored hashed, linked to its successor, in one family.
    const rows = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, res.body.data.user.id))
      .orderBy(refreshTokens.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.familyId).toBe(rows[1]?.familyId);
    expect(rows[0]?.revokedAt).toBeInstanceOf(Date);
    expect(rows[0]?.replacedBy).toBe(rows[1]?.id);
    expect(rows[1]?.revokedAt).toBeNull();
    expect(JSON.stringify(rows)).not.toContain(first.refreshToken);
    expect(JSON.stringify(rows)).not.toContain(next.refreshToken);
  });

  it('accepts the refresh token as a bearer, for clients without cookies', async () => {
    const first = await start();
    const a = await refreshWithBearer(first.refreshToken);
    expect(a.status).toBe(200);
    const b = await refreshWithBearer(a.body.data.tokens.refreshToken);
    expect(b.status).toBe(200);
  });

  it('takes the cookie when the bearer is an access token, as the storefront sends both', async () => {
    const session = (await signedUp(newCustomer())).body.data.tokens;
    const res = await t.json('/api/v1/auth/refresh', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        cookie: `refresh_token=${session.refreshToken}`,
        'content-type': 'application/json',
      },
    });
    expect(res.status).toBe(200);
  });

  it('ends the whole sign-in when a spent token comes back, newest token included', async () => {
    const first = await start();
    const second = (await refreshWithCookie(first.refreshToken)).body.data.tokens;
    const third = (await refreshWithCookie(second.refreshToken)).body.data.tokens;
    const elsewhere = await start();

    const replay = await refreshWithCookie(first.refreshToken);
    expectUnauthenticated(replay);
    expect(refreshCookie(replay.headers)?.value).toBe('');
    expectUnauthenticated(await refreshWithCookie(third.refreshToken));
    expectUnauthenticated(await refreshWithBearer(second.refreshToken));
    // Another sign-in is not affected.
    expect((await refreshWithCookie(elsewhere.refreshToken)).status).toBe(200);
  });

  it('refuses an expired, unknown, malformed or missing token', async () => {
    const first = await start();
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(first.refreshToken)));
    expectUnauthenticated(await refreshWithCookie(first.refreshToken));

    expectUnauthenticated(await refreshWithCookie('A'.repeat(43)));
    expectUnauthenticated(await refreshWithCookie('not a token'));
    expectUnauthenticated(await refreshWithBearer('x'.repeat(10_000)));
    const missing = await t.json('/api/v1/auth/refresh', { method: 'POST' });
    expectUnauthenticated(missing);
    expect(refreshCookie(missing.headers)?.attrs.get('path')).toBe('/api/v1/auth');
  });
});

describe('signing out', () => {
  it('ends the sign-in of the cookie and clears the cookie', async () => {
    const tokens = (await signedUp(newCustomer())).body.data.tokens;
    const res = await t.json('/api/v1/auth/logout', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.accessToken}`,
        cookie: `refresh_token=${tokens.refreshToken}`,
        'content-type': 'application/json',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    const cleared = refreshCookie(res.headers);
    expect(cleared?.value).toBe('');
    expect(cleared?.attrs.get('path')).toBe('/api/v1/auth');
    expect(cleared?.attrs.has('expires') || cleared?.attrs.get('max-age') === '0').toBe(true);
    expectUnauthenticated(await refreshWithCookie(tokens.refreshToken));
  });

  it('ends the sign-in of a bearer refresh token too', async () => {
    const tokens = (await signedUp(newCustomer())).body.data.tokens;
    const first = (await refreshWithBearer(tokens.refreshToken)).body.data.tokens;
    const res = await t.json('/api/v1/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${first.refreshToken}` },
    });
    expect(res.status).toBe(200);
    expectUnauthenticated(await refreshWithBearer(first.refreshToken));
  });

  it('answers success even when already signed out', async () => {
    const signedOut: Record<string, string>[] = [
      {},
      { cookie: 'refresh_token=gone' },
      { authorization: 'Bearer nonsense' },
    ];
    for (const headers of signedOut) {
      const res = await t.json('/api/v1/auth/logout', { method: 'POST', headers });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
    }
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://shop.example',
      LOGIN_LIMIT_PER_EMAIL: '3',
      LOGIN_LIMIT_PER_IP: '8',
      REGISTER_LIMIT_PER_IP: '2',
    });
  });
  afterAll(() => limited?.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const attempt = (ip: string, email: string, password = 'wrong-password') =>
    login(email, password, from(ip), limited);
  const expectTooMany = (res: { status: number; body: any; headers: Headers }, minutes: number) => {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      success: false,
      message: `Too many attempts. Please try again in ${minutes} minutes.`,
    });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
    expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
  };

  it('names the cookie __Secure- and marks it Secure when the shop is served over https', async () => {
    const res = await signedUp(newCustomer(), from('198.51.100.1'), limited);
    expect(refreshCookie(res.headers)).toBeUndefined();
    const cookie = refreshCookie(res.headers, '__Secure-refresh_token');
    expect(cookie?.value).toBe(res.body.data.tokens.refreshToken);
    expect(cookie?.attrs.has('secure')).toBe(true);
    // Refreshed and ended under that name.
    const refreshed = await limited.json('/api/v1/auth/refresh', {
      method: 'POST',
      headers: { cookie: `__Secure-refresh_token=${cookie?.value}` },
    });
    expect(refreshed.status).toBe(200);
  });

  it('limits sign-in attempts per e-mail and IP, and the right password does not get through either', async () => {
    const form = newCustomer();
    expect((await register(form, from('198.51.100.2'), limited)).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.10', form.email)).status).toBe(401);
    expectTooMany(await attempt('203.0.113.10', form.email), 15);
    expectTooMany(await attempt('203.0.113.10', form.email.toUpperCase(), form.password), 15);
    // Another e-mail from that IP, and that e-mail from another IP, are still heard.
    expect((await attempt('203.0.113.10', 'someone.else@example.ae')).status).toBe(401);
    expect((await attempt('203.0.113.11', form.email, form.password)).status).toBe(200);
  });

  it('forgets the failed attempts of an e-mail after a successful sign-in', async () => {
    const form = newCustomer();
    expect((await register(form, from('198.51.100.3'), limited)).status).toBe(201);
    const ip = '203.0.113.20';
    for (let i = 0; i < 2; i++) expect((await attempt(ip, form.email)).status).toBe(401);
    expect((await attempt(ip, form.email, form.password)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt(ip, form.email)).status).toBe(401);
    expectTooMany(await attempt(ip, form.email), 15);
  });

  it('limits sign-in attempts per IP across e-mails', async () => {
    const ip = '2001:db8:5:7::1';
    for (let i = 0; i < 8; i++) expect((await attempt(ip, `guess.${i}@example.ae`)).status).toBe(401);
    expectTooMany(await attempt(ip, 'guess.8@example.ae'), 15);
    // The same /64 is the same subscriber.
    expectTooMany(await attempt('2001:db8:5:7:abcd::2', 'guess.9@example.ae'), 15);
    expect((await attempt('2001:db8:5:8::1', 'guess.9@example.ae')).status).toBe(401);
  });

  it('limits registrations per IP', async () => {
    const ip = '192.0.2.50';
    expect((await register(newCustomer(), from(ip), limited)).status).toBe(201);
    expect((await register(newCustomer(), from(ip), limited)).status).toBe(201);
    const third = await register(newCustomer(), from(ip), limited);
    expectTooMany(third, 60);
    expect((await register(newCustomer(), from('192.0.2.51'), limited)).status).toBe(201);
  });
});

describe('bad input', () => {
  const routes = [
    '/api/v1/auth/register',
    '/api/v1/auth/login',
    '/api/v1/auth/refresh',
    '/api/v1/auth/logout',
  ];
  const bodies: [string, string][] = [
    ['malformed JSON', '{"email": "a@b.co",'],
    ['a JSON array', '[1, 2, 3]'],
    ['JSON null', 'null'],
    ['a JSON string', '"hello"'],
    [
      'wrong types',
      JSON.stringify({ name: 42, email: ['a@b.co'], password: { $gt: '' }, password_confirmation: true }),
    ],
    ['nulls', JSON.stringify({ name: null, email: null, password: null, password_confirmation: null })],
    ['prototype pollution', '{"__proto__": {"admin": true}, "email": "a@b.co", "password": "12345678"}'],
    ['constructor pollution', '{"constructor": {"prototype": {"admin": true}}}'],
    [
      'huge strings',
      JSON.stringify({
        name: 'n'.repeat(200_000),
        email: `${'e'.repeat(200_000)}@example.ae`,
        password: 'p'.repeat(200_000),
        password_confirmation: 'p'.repeat(200_000),
      }),
    ],
    [
      'control characters and odd unicode',
      JSON.stringify({
        name: 'Ma\u0000riam\u202e',
        email: 'mariam\u0000@example.ae',
        password: '\u0000\ud83d\ude00\u200b'.repeat(3),
        password_confirmation: '\u0000\ud83d\ude00\u200b'.repeat(3),
      }),
    ],
    ['an empty object', '{}'],
    ['whitespace', '   '],
  ];

  it.each(bodies)('answers %s with a 4xx envelope on every auth route', async (_label, body) => {
    for (const route of routes) {
      const res = await post(t, route, body);
      expect(res.status, `${route} ${res.status} ${JSON.stringify(res.body)}`).toBeLessThan(500);
      expect(res.body.success, route).toBeTypeOf('boolean');
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+|select |insert |stack/i);
    }
  });

  it('answers odd headers and cookies without a 5xx', async () => {
    const headerSets: Record<string, string>[] = [
      { authorization: 'Bearer ' + 'x'.repeat(6000) },
      { authorization: 'Bearer a.b.c' },
      { authorization: 'Bearer e30.e30.' },
      { cookie: 'refresh_token=%E0%A4%A' },
      { cookie: 'refresh_token=' + 'y'.repeat(4000) },
      { cookie: 'refresh_token=a; refresh_token=b' },
    ];
    for (const headers of headerSets) {
      for (const [method, path] of [
        ['GET', '/api/v1/auth/user'],
        ['POST', '/api/v1/auth/refresh'],
        ['POST', '/api/v1/auth/logout'],
      ] as const) {
        const res = await t.json(path, { method, headers });
        expect(res.status, `${method} ${path} ${JSON.stringify(headers).slice(0, 80)}`).toBeLessThan(500);
      }
    }
  });

  it('refuses a form that is not JSON', async () => {
    const res = await t.json('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.co&password=12345678',
    });
    expect(res.status).toBe(415);
  });
});
