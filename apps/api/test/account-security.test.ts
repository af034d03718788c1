import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { userRecoveryCodes, userTotp, users } from '../src/db/schema/index.js';
import { setUserRole } from '../src/modules/account/roles.js';
import { auditLog } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import { readMails, waitForMail } from './mail.js';
import { generousLimits, signUp } from './support/shop.js';
import { mailsAbout } from './support/after-sale.js';

/**
 * Who holds an account (ASVS 6.4, 6.5): the owner's address registered first by someone else, confirmation by
 * the mailbox's owner, what may be changed with an access token alone, and recovery ending the old factor.
 */

const OWNER = 'owner@darlalla.ae';
/** Every log line the app writes, parsed: the security log is read from them. */
const logLines: Record<string, unknown>[] = [];
const logStream = {
  write(line: string) {
    logLines.push(JSON.parse(line) as Record<string, unknown>);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ...generousLimits, ADMIN_EMAILS: OWNER, LOG_LEVEL: 'info' }, { logStream });
});
afterAll(() => t?.close());

const SQUATTER_PASSWORD = 'Lantern-Harbour-77';
const OWNER_PASSWORD = 'Cedar-Indigo-Courtyard-4';
let seq = 0;
const nextEmail = () => `amal.${++seq}.${Date.now()}@example.ae`;

const json = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.json(path, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (email: string, password: string) => json('POST', '/api/v1/auth/login', { email, password });
const me = (token: string) => json('GET', '/api/v1/auth/user', undefined, bearer(token));
const refresh = (refreshToken: string) =>
  json('POST', '/api/v1/auth/refresh', undefined, { cookie: `refresh_token=${refreshToken}` });
const verifyEmail = (body: Record<string, string>) => json('POST', '/api/v1/auth/verify-email', body);

/** The token of the confirmation link e-mailed to `email` (other mails to the account are skipped). */
async function confirmationToken(email: string): Promise<string> {
  const link = /\/account\/verify-email\?token=([A-Za-z0-9_-]{43})/;
  const mail = await waitForMail(t.config.mail.dir, email, (m) => link.test(m.text));
  return link.exec(mail.text)![1]!;
}

async function account(email: string, password: string) {
  const res = await signUp(t, { name: 'Amal Tazi', email, password });
  const { user, tokens } = res.body.data as {
    user: { id: number };
    tokens: { accessToken: string; refreshToken: string };
  };
  return { id: user.id, email, password, ...tokens };
}

describe('the owner’s address registered first by someone else', () => {
  it('gives the squatter nothing: no authenticator, no confirmation by opening the link, no access once the owner confirms', async () => {
    const squatter = await account(OWNER, SQUATTER_PASSWORD);

    // An unconfirmed account cannot tie an authenticator app to itself.
    const setup = await json(
      'POST',
      '/api/v1/auth/two-factor/setup',
      undefined,
      bearer(squatter.accessToken),
    );
    expect(setup.status).toBe(403);
    expect(setup.body).toMatchObject({ success: false, code: 'email_unverified' });
    expect(await t.database.db.select().from(userTotp).where(eq(userTotp.userId, squatter.id))).toEqual([]);

    // A mail scanner follows the link (the browser stories check the page asks before it sends anything): the
    // bare token confirms nothing.
    const token = await confirmationToken(OWNER);
    const bare = await verifyEmail({ token });
    expect(bare.status).toBe(422);
    expect(bare.body.errors.current_password).toEqual([
      'Enter the password of the account, or choose a new one.',
    ]);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, squatter.id));
    expect(still?.emailVerifiedAt).toBeNull();
    expect((await login(OWNER, SQUATTER_PASSWORD)).body.data.user.role).toBe('customer');

    // The owner does not know the squatter's password: a guess is refused and the link still works.
    const guess = await verifyEmail({ token, current_password: 'Not-Their-Password-1' });
    expect(guess.status).toBe(422);
    expect(guess.body.errors.current_password).toHaveLength(1);

    // The owner chooses a password: the account is theirs alone.
    const confirmed = await verifyEmail({
      token,
      password: OWNER_PASSWORD,
      password_confirmation: OWNER_PASSWORD,
    });
    expect(confirmed.status).toBe(200);
    expect((await me(squatter.accessToken)).status).toBe(401);
    expect((await refresh(squatter.refreshToken)).status).toBe(401);
    expect((await login(OWNER, SQUATTER_PASSWORD)).status).toBe(401);
    const owner = await login(OWNER, OWNER_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.data.user).toMatchObject({ role: 'admin', email_verified: true });
    // The link is spent.
    expect((await verifyEmail({ token, current_password: OWNER_PASSWORD })).status).toBe(422);
  });

  it('removes an authenticator set up before the owner confirmed (one left from before this rule)', async () => {
    const email = nextEmail();
    const squatter = await account(email, SQUATTER_PASSWORD);
    await t.database.db
      .insert(userTotp)
      .values({ userId: squatter.id, secret: 'v1.squatter.app', confirmedAt: new Date() });
    await t.database.db.insert(userRecoveryCodes).values({ userId: squatter.id, codeHash: 'f'.repeat(64) });
    const token = await confirmationToken(email);
    const confirmed = await verifyEmail({
      token,
      password: OWNER_PASSWORD,
      password_confirmation: OWNER_PASSWORD,
    });
    expect(confirmed.status).toBe(200);
    expect(await t.database.db.select().from(userTotp).where(eq(userTotp.userId, squatter.id))).toEqual([]);
    expect(
      await t.database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, squatter.id)),
    ).toEqual([]);
  });

  it('lets whoever registered confirm with their own password, keeping their sign-in', async () => {
    const email = nextEmail();
    const c = await account(email, SQUATTER_PASSWORD);
    const token = await confirmationToken(email);
    const weak = await verifyEmail({ token, password: 'password123', password_confirmation: 'password123' });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toHaveLength(1);
    const confirmed = await verifyEmail({ token, current_password: SQUATTER_PASSWORD });
    expect(confirmed.status).toBe(200);
    expect((await me(c.accessToken)).body.data.user.email_verified).toBe(true);
    expect((await refresh(c.refreshToken)).status).toBe(200);
  });
});

const codeOf = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

/** An admin with a confirmed address and an app set up through the API; this sign-in has passed it. */
async function adminWithApp(email = nextEmail(), password = OWNER_PASSWORD) {
  const a = await account(email, password);
  await t.database.db
    .update(users)
    .set({ role: 'admin', emailVerifiedAt: new Date() })
    .where(eq(users.id, a.id));
  const setup = await json('POST', '/api/v1/auth/two-factor/setup', undefined, bearer(a.accessToken));
  const secret = setup.body.data.secret as string;
  const enabled = await json(
    'POST',
    '/api/v1/auth/two-factor/enable',
    { code: codeOf(secret) },
    bearer(a.accessToken),
  );
  expect(enabled.status).toBe(200);
  return { ...a, secret, recoveryCodes: enabled.body.data.recovery_codes as string[] };
}

/** Asks for a reset link by e-mail and uses it to choose `password`: the answer to the reset. */
async function resetThroughMail(email: string, password: string) {
  const seen = new Set(readMails(t.config.mail.dir).map((m) => m.file));
  await json('POST', '/api/v1/auth/forgot-password', { email });
  const link = /\/account\/reset-password\?token=([A-Za-z0-9_-]{43})/;
  const mail = await waitForMail(t.config.mail.dir, email, (m) => link.test(m.text), seen);
  const token = link.exec(mail.text)?.[1];
  return json('POST', '/api/v1/auth/reset-password', { token, password, password_confirmation: password });
}

const enrolled = async (userId: number) =>
  (await t.database.db.select().from(userTotp).where(eq(userTotp.userId, userId))).length === 1;

describe('changing the second factor', () => {
  it('needs the password or a current code, not an access token alone', async () => {
    const a = await adminWithApp();
    const auth = bearer(a.accessToken);
    for (const body of [undefined, {}, { password: 'Not-The-Password-9' }, { code: '000000' }]) {
      const removed = await json('DELETE', '/api/v1/auth/two-factor', body, auth);
      expect([400, 422]).toContain(removed.status);
      const renewed = await json('POST', '/api/v1/auth/two-factor/recovery-codes', body, auth);
      expect([400, 422]).toContain(renewed.status);
    }
    expect(await enrolled(a.id)).toBe(true);

    const renewed = await json(
      'POST',
      '/api/v1/auth/two-factor/recovery-codes',
      { code: codeOf(a.secret, 1) },
      auth,
    );
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.recovery_codes).toHaveLength(10);
    const removed = await json('DELETE', '/api/v1/auth/two-factor', { password: a.password }, auth);
    expect(removed.status).toBe(200);
    expect(await enrolled(a.id)).toBe(false);
  });
});

describe('recovery ends the old factor', () => {
  const adminCall = (token: string) =>
    json('PATCH', '/api/v1/orders/999999/status', { status: 'shipped', version: 1 }, bearer(token));

  it('a password reset removes the authenticator: the owner sets up their own', async () => {
    const a = await adminWithApp();
    const NEW = 'Quiet-Fountain-Zellige-8';
    expect((await resetThroughMail(a.email, NEW)).status).toBe(200);
    expect(await enrolled(a.id)).toBe(false);
    const signedIn = (await login(a.email, NEW)).body.data.tokens;
    expect((await adminCall(signedIn.accessToken)).body.code).toBe('second_factor_enrolment_required');
    const setup = await json(
      'POST',
      '/api/v1/auth/two-factor/setup',
      undefined,
      bearer(signedIn.accessToken),
    );
    expect(setup.status).toBe(200);
  });

  it('the command’s revoke then grant gives a new set-up, as the guide says, and both are in the audit log', async () => {
    const a = await adminWithApp();
    expect(await setUserRole(t.database.db, a.email, 'customer', 'Dar Lalla')).toMatchObject({
      changed: true,
      factorRemoved: true,
    });
    expect(await setUserRole(t.database.db, a.email, 'admin', 'Dar Lalla')).toMatchObject({ changed: true });
    const signedIn = (await login(a.email, a.password)).body.data.tokens;
    expect((await adminCall(signedIn.accessToken)).body.code).toBe('second_factor_enrolment_required');
    const setup = await json(
      'POST',
      '/api/v1/auth/two-factor/setup',
      undefined,
      bearer(signedIn.accessToken),
    );
    expect(setup.status).toBe(200);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, a.id));
    expect(entries.filter((e) => e.entity === 'user').map((e) => [e.action, e.before, e.after])).toEqual([
      ['user.role', { role: 'admin' }, { role: 'customer', by: 'command', second_factor_removed: true }],
      ['user.role', { role: 'customer' }, { role: 'admin', by: 'command', second_factor_removed: false }],
    ]);
  });
});

describe('smaller findings', () => {
  it('refuses a customer an authenticator that no sign-in would ask for', async () => {
    const email = nextEmail();
    const c = await account(email, SQUATTER_PASSWORD);
    await verifyEmail({ token: await confirmationToken(email), current_password: SQUATTER_PASSWORD });
    const setup = await json('POST', '/api/v1/auth/two-factor/setup', undefined, bearer(c.accessToken));
    expect(setup.status).toBe(403);
    expect(setup.body).toMatchObject({ success: false, code: 'second_factor_for_admins_only' });
    expect(await enrolled(c.id)).toBe(false);
  });

  it('writes sign-ins and sign-outs to the security log', async () => {
    const c = await account(nextEmail(), SQUATTER_PASSWORD);
    const signedIn = (await login(c.email, SQUATTER_PASSWORD)).body.data.tokens;
    await json('POST', '/api/v1/auth/logout', undefined, bearer(signedIn.accessToken));
    expect(logLines).toContainEqual(
      expect.objectContaining({ security: 'signed_in', userId: c.id, reason: 'password', ip: '127.0.0.1' }),
    );
    expect(logLines).toContainEqual(expect.objectContaining({ security: 'signed_out', userId: c.id }));
    expect(JSON.stringify(logLines)).not.toContain(SQUATTER_PASSWORD);
  });
});

describe('guessing codes', () => {
  it('locks codes for the day after 20 wrong ones, whatever succeeded between, and e-mails the owner', async () => {
    const a = await adminWithApp();
    const phone = (await login(a.email, a.password)).body.data.tokens;
    const verify = (body: Record<string, string>) =>
      json('POST', '/api/v1/auth/two-factor/verify', body, bearer(phone.accessToken));
    // Four wrong codes, then a right recovery code (which forgives the 15-minute limit), four times over...
    for (let round = 0; round < 4; round += 1) {
      for (let i = 0; i < 4; i += 1) expect((await verify({ code: '000000' })).status).toBe(422);
      const ok = await verify({ recovery_code: a.recoveryCodes[round]! });
      expect(ok.status, `round ${round}: ${JSON.stringify(ok.body)}`).toBe(200);
    }
    // ...and four more: the twentieth wrong code of the day locks them, a right one too.
    for (let i = 0; i < 4; i += 1) expect((await verify({ code: '000000' })).status).toBe(422);
    const locked = await verify({ recovery_code: a.recoveryCodes[5]! });
    expect(locked.status).toBe(429);
    const mail = (await mailsAbout(t, `user:${a.id}`)).find((m) => m.kind === 'second_factor_locked');
    expect(mail?.subject).toMatch(/^Two-step verification locked/);
    expect(mail?.text).toContain('20 wrong codes');
  });
});

describe('the owner hears of every change to how the account is protected', () => {
  const noticesOf = async (userId: number) =>
    (await mailsAbout(t, `user:${userId}`)).map((m) => m.kind).filter((k) => k.startsWith('security_'));
  const loginAs = (email: string, password: string, userAgent: string) =>
    json('POST', '/api/v1/auth/login', { email, password }, { 'user-agent': userAgent });

  it('e-mails a set-up, new recovery codes and a removed app, each once, in the account’s language', async () => {
    const a = await adminWithApp();
    await t.database.db.update(users).set({ locale: 'fr' }).where(eq(users.id, a.id));
    expect(await noticesOf(a.id)).toEqual(['security_factor_enabled']);

    const auth = bearer(a.accessToken);
    await json('POST', '/api/v1/auth/two-factor/recovery-codes', { password: 'Wrong-Password-77' }, auth);
    expect(await noticesOf(a.id)).toEqual(['security_factor_enabled']);
    await json('POST', '/api/v1/auth/two-factor/recovery-codes', { password: a.password }, auth);
    await json('DELETE', '/api/v1/auth/two-factor', { password: a.password }, auth);
    expect(await noticesOf(a.id)).toEqual([
      'security_factor_enabled',
      'security_recovery_codes_renewed',
      'security_factor_removed',
    ]);
    const removed = (await mailsAbout(t, `user:${a.id}`)).at(-1)!;
    expect(removed.to).toBe(a.email);
    expect(removed.subject).toMatch(/^L’application d’authentification a été retirée de votre compte/);
  });

  it('e-mails a changed password, from the profile and from a reset link', async () => {
    const a = await account(nextEmail(), OWNER_PASSWORD);
    const NEW = 'Orchard-Lantern-Medina-6';
    const wrong = await json(
      'PATCH',
      '/api/v1/auth/user',
      { password: NEW, password_confirmation: NEW, current_password: 'Not-It-at-all-3' },
      bearer(a.accessToken),
    );
    expect(wrong.status).toBe(422);
    expect(await noticesOf(a.id)).toEqual([]);
    const changed = await json(
      'PATCH',
      '/api/v1/auth/user',
      { password: NEW, password_confirmation: NEW, current_password: OWNER_PASSWORD },
      bearer(a.accessToken),
    );
    expect(changed.status).toBe(200);
    expect(await noticesOf(a.id)).toEqual(['security_password_changed']);

    expect((await resetThroughMail(a.email, 'Harbour-Cedar-Tiles-31')).status).toBe(200);
    expect(await noticesOf(a.id)).toEqual(['security_password_changed', 'security_password_changed']);
  });

  it('e-mails an admin signed in from a browser none of their sign-ins used, never a customer', async () => {
    const a = await adminWithApp();
    const customer = await account(nextEmail(), OWNER_PASSWORD);
    const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1';
    const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';
    const start = (await noticesOf(a.id)).length;

    expect((await loginAs(a.email, a.password, PHONE)).status).toBe(200);
    expect((await loginAs(a.email, a.password, PHONE)).status).toBe(200);
    const afterPhone = await noticesOf(a.id);
    expect(afterPhone.slice(start)).toEqual(['security_new_device']);
    const notice = (await mailsAbout(t, `user:${a.id}`)).at(-1)!;
    expect(notice.text).toContain('iPhone OS 18_1');

    expect((await loginAs(a.email, 'Not-The-Password-9', LAPTOP)).status).toBe(401);
    expect((await noticesOf(a.id)).length).toBe(afterPhone.length);
    expect((await loginAs(a.email, a.password, LAPTOP)).status).toBe(200);
    expect((await noticesOf(a.id)).slice(start)).toEqual(['security_new_device', 'security_new_device']);

    expect((await loginAs(customer.email, OWNER_PASSWORD, LAPTOP)).status).toBe(200);
    expect(await noticesOf(customer.id)).toEqual([]);
  });

  it('e-mails a role given or taken by the command line', async () => {
    const a = await account(nextEmail(), OWNER_PASSWORD);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, a.id));
    await setUserRole(t.database.db, a.email, 'admin', 'Dar Lalla');
    await setUserRole(t.database.db, a.email, 'admin', 'Dar Lalla');
    await setUserRole(t.database.db, a.email, 'customer', 'Dar Lalla');
    expect(await noticesOf(a.id)).toEqual(['security_role_granted', 'security_role_revoked']);
  });
});
