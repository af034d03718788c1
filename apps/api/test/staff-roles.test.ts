import { and, desc, eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, roleMayUse } from '@boutique/contracts';
import { auditLog, outbox, staffInvitations, users } from '../src/db/schema/index.js';
import { mailText } from '../src/lib/mail-texts.js';
import { ROUTE_AREAS, routeKey } from '../src/plugins/access.js';
import { startTestApp, type TestApp } from './helpers.js';
import { newAdmin, paidOrder } from './support/after-sale.js';
import { articles, call, generousLimits, newShopper, plentyOfStock, type Shopper } from './support/shop.js';

/**
 * Who may call what in the back office (decision 038): every admin route of the running app is classified in
 * plugins/access.ts, the owner may call all, staff only STAFF_AREAS; and the staff's way in, an e-mailed
 * invitation accepted with a new account and a second factor.
 */
let t: TestApp;
const routes: { method: string; url: string }[] = [];
let owner: Shopper;
let customer: Shopper;
const PASSWORD = 'Zellige-Mint-Tea-48';

beforeAll(async () => {
  t = await startTestApp(generousLimits, {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  await plentyOfStock(t);
  owner = await newAdmin(t, 'Lalla Owner');
  customer = await newShopper(t, 'Salma Customer');
});
afterAll(() => t?.close());

const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() });

let seq = 0;
const nextEmail = () => `staff.${++seq}.${Date.now()}@example.ae`;

/** The owner invites `email`: the invitation's token, read from the e-mail the outbox holds. */
async function invite(email: string, language: 'en' | 'fr' | 'ar' = 'en', name = 'Khadija Staff') {
  const res = await call(t, 'POST', '/api/v1/admin/staff/invitations', owner.token, {
    email,
    name,
    language,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.subject, `staff_invitation:${res.body.data.invitation.id}`));
  const token = /\/staff-invitation\/([A-Za-z0-9_-]{43})/.exec(mail!.message.text)?.[1];
  expect(token).toBeDefined();
  return { token: token!, mail: mail!, id: res.body.data.invitation.id as number };
}

const accept = (token: string, body: unknown, bearer?: string) =>
  call(t, 'POST', `/api/v1/staff-invitations/${token}/accept`, bearer, body);

async function login(email: string, password = PASSWORD) {
  const res = await call(t, 'POST', '/api/v1/auth/login', undefined, { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { user: { id: number; role: string }; tokens: { accessToken: string } };
}

/** Invited, accepted with a new account, signed in, authenticator set up: a staff member at work. */
async function newStaff(name = 'Khadija Staff', language: 'en' | 'fr' | 'ar' = 'en'): Promise<Shopper> {
  const email = nextEmail();
  const { token } = await invite(email, language, name);
  const accepted = await accept(token, { name, password: PASSWORD, password_confirmation: PASSWORD });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const { user, tokens } = await login(email);
  const setup = await call(t, 'POST', '/api/v1/auth/two-factor/setup', tokens.accessToken);
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const enabled = await call(t, 'POST', '/api/v1/auth/two-factor/enable', tokens.accessToken, {
    code: codeOf(setup.body.data.secret),
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { id: user.id, email, name, token: tokens.accessToken };
}

/** A path of the route with every parameter filled in (ids that do not exist). */
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, (p) => (p === ':number' ? 'CN-1' : '999999'));
/** A body each write route reads before anything else: empty, except the status move's own. */
const bodyOf = (method: string, url: string) =>
  method === 'GET'
    ? undefined
    : url === '/api/v1/orders/:id/status'
      ? { status: 'processing', version: 1 }
      : {};

const adminRoutes = () =>
  routes.filter(
    (r) =>
      r.method !== 'HEAD' &&
      r.method !== 'OPTIONS' &&
      (r.url.startsWith('/api/v1/admin/') || routeKey(r.method, r.url) in ROUTE_AREAS),
  );

/** A call whose answer may be a file (the CSV exports): its status, and its body when it is JSON. */
async function answer(method: string, path: string, token: string, body: unknown) {
  const res = await t.fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = res.headers.get('content-type')?.includes('json');
  const parsed = json ? ((await res.json()) as { code?: string }) : (await res.arrayBuffer(), undefined);
  return { status: res.status, body: parsed };
}

describe('the classification of admin routes', () => {
  it('lists every admin route of the running app, and nothing that is not one', () => {
    const found = adminRoutes().map((r) => routeKey(r.method, r.url));
    expect(found.length).toBeGreaterThan(40);
    const unclassified = found.filter((key) => !(key in ROUTE_AREAS));
    // A new admin route must be given its area in apps/api/src/plugins/access.ts (owner only until then).
    expect(unclassified).toEqual([]);
    expect(Object.keys(ROUTE_AREAS).filter((key) => !found.includes(key))).toEqual([]);
  });

  it('answers staff 403 on every owner route and lets them through on every staff route', async () => {
    const staff = await newStaff('Table Staff');
    const wrong: string[] = [];
    for (const { method, url } of adminRoutes()) {
      const key = routeKey(method, url);
      const res = await answer(method, pathOf(url), staff.token, bodyOf(method, url));
      const staffMay = roleMayUse('staff', ROUTE_AREAS[key]!);
      if (staffMay && res.status === 403) wrong.push(`${key}: staff refused (${JSON.stringify(res.body)})`);
      if (!staffMay && (res.status !== 403 || res.body?.code !== ERROR_CODES.ownersOnly))
        wrong.push(`${key}: staff answered ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every admin route to a customer (403) and a guest (401), and lets the owner through', async () => {
    const wrong: string[] = [];
    for (const { method, url } of adminRoutes()) {
      const key = routeKey(method, url);
      const body = bodyOf(method, url);
      const asCustomer = await call(t, method, pathOf(url), customer.token, body);
      if (asCustomer.status !== 403) wrong.push(`${key}: customer ${asCustomer.status}`);
      const asGuest = await call(t, method, pathOf(url), undefined, body);
      if (asGuest.status !== 401) wrong.push(`${key}: guest ${asGuest.status}`);
      const asOwner = await answer(method, pathOf(url), owner.token, body);
      if (asOwner.status === 401 || asOwner.status === 403) wrong.push(`${key}: owner ${asOwner.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('an invitation to the staff', () => {
  it('is e-mailed in the invitee’s language, accepted with a new account, and opens the back office after the second factor', async () => {
    const email = nextEmail();
    const { token, mail } = await invite(email, 'ar', 'خديجة');
    expect(mail.message.to).toBe(email);
    expect(mail.message.subject.startsWith(mailText('ar', 'staffInvitation.subject'))).toBe(true);
    expect(mail.message.text).toContain(`/ar/staff-invitation/${token}`);

    const viewed = await call(t, 'GET', `/api/v1/staff-invitations/${token}`);
    expect(viewed.status).toBe(200);
    expect(viewed.body.data.invitation).toMatchObject({
      email,
      name: 'خديجة',
      language: 'ar',
      account: 'none',
    });

    const weak = await accept(token, {
      name: 'خديجة',
      password: 'password1',
      password_confirmation: 'password1',
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toHaveLength(1);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const accepted = await accept(token, {
      name: 'خديجة',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(accepted.status).toBe(200);
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ role: 'staff', locale: 'ar' });
    expect(account!.emailVerifiedAt).not.toBeNull();
    const again = await accept(token, { name: 'x', password: PASSWORD, password_confirmation: PASSWORD });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe(ERROR_CODES.staffInvitationInvalid);
    expect((await call(t, 'GET', `/api/v1/staff-invitations/${token}`)).status).toBe(410);

    // Signed in, not yet past a second factor: the back office asks for one.
    const { tokens } = await login(email);
    const early = await call(t, 'GET', '/api/v1/admin/orders', tokens.accessToken);
    expect(early.status).toBe(403);
    expect(early.body.code).toBe(ERROR_CODES.secondFactorEnrolmentRequired);
    const setup = await call(t, 'POST', '/api/v1/auth/two-factor/setup', tokens.accessToken);
    const enabled = await call(t, 'POST', '/api/v1/auth/two-factor/enable', tokens.accessToken, {
      code: codeOf(setup.body.data.secret),
    });
    expect(enabled.status).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, account!.id)));
    expect(audit.map((a) => a.action)).toEqual(['staff.accept']);
  });

  it('lets staff ship an order but not see revenue, discounts, customers or the staff', async () => {
    const staff = await newStaff('Shipping Staff');
    const shopper = await newShopper(t, 'Noura Buyer');
    const [article] = await articles(t, 1);
    const order = await paidOrder(t, shopper, [{ ...article!, quantity: 1 }]);
    const detail = await call(t, 'GET', `/api/v1/admin/orders/${order.id}`, staff.token);
    expect(detail.status).toBe(200);
    const shipped = await call(t, 'PATCH', `/api/v1/orders/${order.id}/status`, staff.token, {
      status: 'shipped',
      carrier: 'Aramex',
      tracking_number: 'AX123',
      version: detail.body.data.order.version,
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.data.order.fulfillment_status).toBe('shipped');

    const workload = await call(t, 'GET', '/api/v1/admin/workload', staff.token);
    expect(workload.status).toBe(200);
    expect(JSON.stringify(workload.body)).not.toMatch(/revenue|average_basket|total/);
    for (const path of [
      '/api/v1/admin/stats',
      '/api/v1/admin/discounts',
      '/api/v1/admin/customers',
      '/api/v1/admin/staff',
    ]) {
      const res = await call(t, 'GET', path, staff.token);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe(ERROR_CODES.ownersOnly);
      expect(JSON.stringify(res.body)).not.toMatch(/revenue/);
    }
    // Cancelling refunds what was paid: the owner's step, and nothing changes.
    const other = await paidOrder(t, shopper, [{ ...article!, quantity: 1 }]);
    const cancel = await call(t, 'PATCH', `/api/v1/orders/${other.id}/status`, staff.token, {
      status: 'cancelled',
      version: 1,
    });
    expect(cancel.status).toBe(403);
    expect(
      (await call(t, 'GET', `/api/v1/admin/orders/${other.id}`, owner.token)).body.data.order
        .fulfillment_status,
    ).not.toBe('cancelled');
    // Staff cannot invite.
    const invited = await call(t, 'POST', '/api/v1/admin/staff/invitations', staff.token, {
      email: nextEmail(),
      name: 'Friend',
      language: 'en',
    });
    expect(invited.status).toBe(403);
  });

  it('is refused alike when unknown, expired or revoked, and changes nothing', async () => {
    const fake = 'A'.repeat(43);
    const unknown = await accept(fake, { name: 'x', password: PASSWORD, password_confirmation: PASSWORD });
    const short = await call(t, 'GET', '/api/v1/staff-invitations/nope');
    const expiredInv = await invite(nextEmail());
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(staffInvitations.id, expiredInv.id));
    const expired = await accept(expiredInv.token, {
      name: 'x',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    const revokedInv = await invite(nextEmail());
    expect(
      (await call(t, 'DELETE', `/api/v1/admin/staff/invitations/${revokedInv.id}`, owner.token)).status,
    ).toBe(200);
    expect(
      (await call(t, 'DELETE', `/api/v1/admin/staff/invitations/${revokedInv.id}`, owner.token)).status,
    ).toBe(404);
    const revoked = await accept(revokedInv.token, {
      name: 'x',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    for (const res of [unknown, short, expired, revoked]) {
      expect(res.status).toBe(410);
      expect({ ...res.body, requestId: undefined }).toEqual({ ...unknown.body, requestId: undefined });
    }
    const [none] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.name, 'x'));
    expect(none!.n).toBe(0);
  });

  it('asks an existing account for its password, and hands over an unconfirmed one given a new password', async () => {
    // A verified customer accepts with their own password.
    const verified = await newShopper(t, 'Amina Customer');
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, verified.id));
    const a = await invite(verified.email);
    const view = await call(t, 'GET', `/api/v1/staff-invitations/${a.token}`);
    expect(view.body.data.invitation.account).toBe('existing');
    const newPw = await accept(a.token, { password: PASSWORD, password_confirmation: PASSWORD });
    expect(newPw.status).toBe(422);
    const wrong = await accept(a.token, { current_password: 'Not-The-Password-1' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toHaveLength(1);
    const other = await accept(a.token, {}, customer.token);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(ERROR_CODES.staffInvitationOtherAccount);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, verified.id));
    expect(still!.role).toBe('customer');
    const ok = await accept(a.token, { current_password: 'Saffron-Silk-2025' });
    expect(ok.status).toBe(200);
    expect((await t.database.db.select().from(users).where(eq(users.id, verified.id)))[0]!.role).toBe(
      'staff',
    );

    // Someone registered the invitee's address first and never confirmed it: a new password ends their sign-in.
    const squatter = await newShopper(t, 'Squatter');
    const b = await invite(squatter.email);
    const handed = await accept(b.token, { password: PASSWORD, password_confirmation: PASSWORD });
    expect(handed.status).toBe(200);
    expect((await call(t, 'GET', '/api/v1/auth/user', squatter.token)).status).toBe(401);
    expect((await login(squatter.email)).user.role).toBe('staff');
  });

  it('lets the owner take a staff member back to a customer at once, never the owner', async () => {
    const staff = await newStaff('Leaving Staff');
    expect((await call(t, 'GET', '/api/v1/admin/orders', staff.token)).status).toBe(200);
    const list = await call(t, 'GET', '/api/v1/admin/staff', owner.token);
    expect(list.status).toBe(200);
    expect(list.body.data.members).toContainEqual(
      expect.objectContaining({ id: staff.id, role: 'staff', second_factor: true }),
    );
    expect(list.body.data.members).toContainEqual(expect.objectContaining({ id: owner.id, role: 'admin' }));

    const removed = await call(t, 'DELETE', `/api/v1/admin/staff/${staff.id}`, owner.token);
    expect(removed.status).toBe(200);
    const next = await call(t, 'GET', '/api/v1/admin/orders', staff.token);
    expect(next.status).toBe(403);
    const notice = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'security_staff_revoked'), eq(outbox.subject, `user:${staff.id}`)))
      .orderBy(desc(outbox.id));
    expect(notice).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.remove'), eq(auditLog.entityId, staff.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(owner.id);

    const ownerRemoved = await call(t, 'DELETE', `/api/v1/admin/staff/${owner.id}`, owner.token);
    expect(ownerRemoved.status).toBe(409);
    expect(ownerRemoved.body.code).toBe(ERROR_CODES.staffIsOwner);
    expect((await call(t, 'GET', '/api/v1/admin/stats', owner.token)).status).toBe(200);
    // Inviting the owner's own address is a field error.
    const self = await call(t, 'POST', '/api/v1/admin/staff/invitations', owner.token, {
      email: owner.email,
      name: 'Me',
      language: 'en',
    });
    expect(self.status).toBe(422);
    expect(self.body.errors.email).toHaveLength(1);
  });

  it('spends one link once when two accepts race', async () => {
    const { token } = await invite(nextEmail());
    const body = { name: 'Racer', password: PASSWORD, password_confirmation: PASSWORD };
    const answers = await Promise.all([accept(token, body), accept(token, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
  });
});
