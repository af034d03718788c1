import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { passwordResetTokens, refreshTokens, users } from '../src/db/schema/index.js';
import { createMailer, type Mailer } from '../src/lib/mailer.js';
import { eventually } from './support/eventually.js';
import { signUp } from './support/shop.js';
import { startTestApp, type TestApp } from './helpers.js';
import { readMails, waitForMail, waitForMails, type ReadMail } from './mail.js';

const SENT =
  'If an account exists for this e-mail, we have sent it a link to choose a new password. The link expires in 1 hour.';
const INVALID = 'This password reset link is invalid or has expired.';

// The real .eml mailer of the app's data dir, behind a switch that can make it fail like a dead SMTP server.
let mailDown = false;
let files: Mailer | undefined;
const mailer: Mailer = {
  target: 'test',
  send: async (message) => {
    if (mailDown) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
    if (!files) throw new Error('mailer not ready');
    await files.send(message);
  },
  close: () => files?.close(),
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    {
      REGISTER_LIMIT_PER_IP: '10000',
      LOGIN_LIMIT_PER_IP: '10000',
      LOGIN_LIMIT_PER_EMAIL: '10000',
      FORGOT_LIMIT_PER_EMAIL: '10000',
      FORGOT_LIMIT_PER_IP: '10000',
      RESET_LIMIT_PER_IP: '10000',
    },
    { mailer },
  );
  files = createMailer(t.config.mail);
});
afterAll(() => t?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}, app = t) =>
  app.json(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

let seq = 0;
const PASSWORD = 'Saffron-Tea-2025';
const NEW_PASSWORD = 'Orange-Blossom-77';

async function newCustomer(app = t, headers: Record<string, string> = {}) {
  seq += 1;
  const email = `nadia.${seq}@example.ae`;
  const res = await signUp(app, { name: 'Nadia Benali', email, password: PASSWORD }, headers);
  // The confirmation link of the new account goes out first; the stories count the mails after it.
  await waitForMails(app.config.mail.dir, email, 1);
  return { email, id: res.body.data.user.id as number, tokens: res.body.data.tokens };
}

const forgot = (
  email: string,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
  app = t,
) => post('/api/v1/auth/forgot-password', { email, ...extra }, headers, app);
const reset = (token: string, password = NEW_PASSWORD, confirmation = password) =>
  post('/api/v1/auth/reset-password', { token, password, password_confirmation: confirmation });
const login = (email: string, password: string) => post('/api/v1/auth/login', { email, password });
const refresh = (refreshToken: string) =>
  t.json('/api/v1/auth/refresh', { method: 'POST', headers: { cookie: `refresh_token=${refreshToken}` } });

const LINK = /(http:\/\/[^\s"<]+\/account\/reset-password\?token=([A-Za-z0-9_-]+))/;
function linkOf(mail: ReadMail) {
  const match = LINK.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  return { url: match[1]!, token: match[2]! };
}

/** Asks for a link and answers the token of the e-mail it produced. */
async function requestToken(email: string, extra: Record<string, unknown> = {}) {
  const seen = new Set(readMails(t.config.mail.dir).map((m) => m.file));
  expect((await forgot(email, extra)).status).toBe(200);
  const mail = await waitForMail(t.config.mail.dir, email, (m) => LINK.test(m.text), seen);
  return { mail, token: linkOf(mail).token };
}

const passwordHashOf = async (id: number) =>
  (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.h;

describe('asking for a reset link', () => {
  it('answers a known and an unknown e-mail alike, and mails only the known one', async () => {
    const known = await newCustomer();
    const unknownEmail = 'no.such.customer@example.ae';
    const before = readMails(t.config.mail.dir).length;

    const forUnknown = await forgot(unknownEmail);
    const forKnown = await forgot(known.email.toUpperCase());
    for (const res of [forUnknown, forKnown]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { message: SENT } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }

    const mail = (await waitForMails(t.config.mail.dir, known.email, 2))[1];
    const all = readMails(t.config.mail.dir);
    expect(all).toHaveLength(before + 1);
    expect(all.some((m) => m.to === unknownEmail)).toBe(false);

    expect(mail!.subject).toBe('Reset your password · Dar Lalla');
    expect(mail!.text).toContain('Hello Nadia Benali,');
    const { url, token } = linkOf(mail!);
    expect(url).toBe(`${t.config.publicUrl}/account/reset-password?token=${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail!.html).toContain(`href="${url}"`);
    expect(mail!.html).toMatch(/<html lang="en" dir="ltr">/);

    // Only the token's sha256 is kept, with an hour to live.
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, known.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = rows[0]!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it('writes the e-mail in French or in Arabic (right to left) when asked, English otherwise', async () => {
    const customer = await newCustomer();
    const fr = (await requestToken(customer.email, { lang: 'fr-FR' })).mail;
    expect(fr.subject).toBe('Réinitialisez votre mot de passe · Dar Lalla');
    expect(fr.text).toContain('Bonjour Nadia Benali,');
    expect(fr.html).toMatch(/<html lang="fr" dir="ltr">/);

    const ar = (await requestToken(customer.email, { lang: 'ar' })).mail;
    expect(ar.subject).toBe('إعادة تعيين كلمة المرور · Dar Lalla');
    expect(ar.text).toContain('مرحباً Nadia Benali،');
    expect(ar.html).toMatch(/<html lang="ar" dir="rtl">/);
    // The link opens the page in the language the e-mail is written in.
    expect(linkOf(ar).url).toContain(`${t.config.publicUrl}/ar/account/reset-password?token=`);
    expect(linkOf(fr).url).toContain(`${t.config.publicUrl}/fr/account/reset-password?token=`);

    const other = (await requestToken(customer.email, { lang: 'de' })).mail;
    expect(other.subject).toBe('Reset your password · Dar Lalla');
  });

  it('validates the e-mail and sends nothing for a malformed one', async () => {
    const before = readMails(t.config.mail.dir).length;
    const res = await forgot('nadia@');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ['The email must be a valid email address.'] });
    const missing = await post('/api/v1/auth/forgot-password', {});
    expect(missing.body.errors.email).toEqual(['The email field is required.']);
    expect(readMails(t.config.mail.dir)).toHaveLength(before);
  });

  it('keeps only the newest link working', async () => {
    const customer = await newCustomer();
    const first = await requestToken(customer.email);
    const second = await requestToken(customer.email);
    const stale = await reset(first.token);
    expect(stale.status).toBe(422);
    expect(stale.body.errors).toEqual({ token: [INVALID] });
    expect((await reset(second.token)).status).toBe(200);
  });

  it('answers the same when the mail server fails, and logs it instead', async () => {
    const customer = await newCustomer();
    const before = readMails(t.config.mail.dir).length;
    mailDown = true;
    try {
      const res = await forgot(customer.email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { message: SENT } });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      mailDown = false;
    }
    expect(readMails(t.config.mail.dir)).toHaveLength(before);
  });
});

describe('resetting the password', () => {
  it('sets the new password once, signs the account out everywhere, and the link is then spent', async () => {
    const customer = await newCustomer();
    const other = await login(customer.email, PASSWORD);
    expect(other.status).toBe(200);
    const { token } = await requestToken(customer.email);

    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { message: 'Your password has been changed. You can now sign in with it.' },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');

    expect((await login(customer.email, PASSWORD)).status).toBe(401);
    expect((await login(customer.email, NEW_PASSWORD)).status).toBe(200);
    // Both sign-ins that existed before the reset are over.
    expect((await refresh(customer.tokens.refreshToken)).status).toBe(401);
    expect((await refresh(other.body.data.tokens.refreshToken)).status).toBe(401);
    const live = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(refreshTokens)
      .where(sql`${refreshTokens.userId} = ${customer.id} and ${refreshTokens.revokedAt} is null`);
    expect(live[0]?.n).toBe(1); // the sign-in just made with the new password

    const again = await reset(token, 'Yet-Another-Password-1');
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ success: false, errors: { token: [INVALID] } });
    expect((await login(customer.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const customer = await newCustomer();
    const { token } = await requestToken(customer.email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, customer.id));
    const hash = await passwordHashOf(customer.id);

    const res = await reset(token);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ token: [INVALID] });
    expect(await passwordHashOf(customer.id)).toBe(hash);
    expect((await login(customer.email, PASSWORD)).status).toBe(200);
    expect((await refresh(customer.tokens.refreshToken)).status).toBe(200);
  });

  it('refuses a bad form or an unknown link, changes nothing, and the link still works afterwards', async () => {
    const customer = await newCustomer();
    const { token } = await requestToken(customer.email);
    const hash = await passwordHashOf(customer.id);

    const mismatch = await reset(token, NEW_PASSWORD, 'Orange-Blossom-78');
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });
    const short = await reset(token, 'short');
    expect(short.body.errors).toEqual({ password: ['The password must be at least 8 characters.'] });
    const both = await post('/api/v1/auth/reset-password', {
      token,
      password: 'short',
      password_confirmation: 'shorter',
    });
    expect(Object.keys(both.body.errors).sort()).toEqual(['password', 'password_confirmation']);
    for (const wrong of [
      'nonsense',
      'A'.repeat(43),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      const res = await reset(wrong);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ token: [INVALID] });
    }
    const none = await post('/api/v1/auth/reset-password', { password: NEW_PASSWORD });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors)).toEqual(['token', 'password_confirmation']);

    expect(await passwordHashOf(customer.id)).toBe(hash);
    expect((await reset(token)).status).toBe(200);
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    const customer = await newCustomer();
    const { token } = await requestToken(customer.email);
    const passwords = ['First-Of-Two-Tabs', 'Second-Of-Two-Tabs'];
    const results = await Promise.all(passwords.map((p) => reset(token, p)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const winner = passwords[results.findIndex((r) => r.status === 200)]!;
    const loser = passwords.find((p) => p !== winner)!;
    expect((await login(customer.email, winner)).status).toBe(200);
    expect((await login(customer.email, loser)).status).toBe(401);
  });

  it('lets an account made by social sign-in choose a first password', async () => {
    const email = 'social.only@example.ae';
    await t.database.db.insert(users).values({ name: 'Aicha Social', email, passwordHash: null });
    expect((await login(email, NEW_PASSWORD)).status).toBe(401);
    const { token } = await requestToken(email);
    expect((await reset(token)).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });
});

/** Waits until `list()` holds `n` items (mails go out after the answer). */
const eventuallyCount = (list: () => unknown[], n: number) =>
  eventually(
    () => (list().length >= n ? true : undefined),
    () => `expected ${n}, found ${list().length}`,
  );

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      TRUST_PROXY: '1',
      FORGOT_LIMIT_PER_EMAIL: '3',
      FORGOT_LIMIT_PER_IP: '5',
      RESET_LIMIT_PER_IP: '3',
      LOGIN_LIMIT_PER_EMAIL: '3',
      REGISTER_LIMIT_PER_IP: '100',
    });
  });
  afterAll(() => limited?.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
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

  it('limits the links one IP asks for one address, silently, and never blocks the owner elsewhere', async () => {
    const customer = await newCustomer(limited, from('198.51.100.1'));
    const resets = () =>
      readMails(limited.config.mail.dir).filter((m) => m.to === customer.email && /^Reset/.test(m.subject));
    const stranger = from('203.0.113.66');
    for (let i = 0; i < 3; i++) {
      expect((await forgot(customer.email, {}, stranger, limited)).body.data.message).toBe(SENT);
    }
    await eventuallyCount(resets, 3);
    // The fourth from that IP gets the same answer and sends nothing: no inbox flooding, nothing learnt.
    const fourth = await forgot(customer.email.toUpperCase(), {}, stranger, limited);
    expect(fourth.status).toBe(200);
    expect(fourth.body).toEqual({ success: true, data: { message: SENT } });
    // The owner, from their own connection, still gets a link.
    expect((await forgot(customer.email, {}, from('198.51.100.1'), limited)).status).toBe(200);
    await eventuallyCount(resets, 4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(resets()).toHaveLength(4);
  });

  it('limits the links asked from one IP, whatever the e-mail', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i++) {
      expect((await forgot(`guess.${i}@example.ae`, {}, from(ip), limited)).status).toBe(200);
    }
    expectTooMany(await forgot('guess.5@example.ae', {}, from(ip), limited), 60);
    expect((await forgot('guess.5@example.ae', {}, from('192.0.2.78'), limited)).status).toBe(200);
  });

  it('limits reset attempts per IP', async () => {
    const ip = '192.0.2.90';
    const attempt = () =>
      post(
        '/api/v1/auth/reset-password',
        { token: 'A'.repeat(43), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        from(ip),
        limited,
      );
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(422);
    expectTooMany(await attempt(), 60);
  });

  it('limits password changes per account, as it limits sign-ins', async () => {
    const customer = await newCustomer(limited, from('198.51.100.2'));
    const change = () =>
      limited.json('/api/v1/auth/user', {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${customer.tokens.accessToken}`,
          ...from(`198.51.100.${10 + seq++}`),
        },
        body: JSON.stringify({
          current_password: 'a-wrong-guess',
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        }),
      });
    for (let i = 0; i < 3; i++) expect((await change()).status).toBe(422);
    expectTooMany(await change(), 15);
  });
});
