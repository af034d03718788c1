import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { RefundResponseSchema } from '@boutique/contracts/admin-after-sale';
import { refunds } from '../src/db/schema/index.js';
import { fromFils, toFils } from '../src/lib/money.js';
import { freePort, startShopOn, startTestApp, type TestApp } from './helpers.js';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.js';
import { stripeSettings } from './support/stripe-webhook.js';
import {
  articles,
  call,
  generousLimits,
  makeAdmin,
  newShopper,
  orderPayload,
  plentyOfStock,
  startPaying,
  type CartLine,
  type Shopper,
} from './support/shop.js';
import { orderOf, refund, snapshot } from './support/after-sale.js';

/** Refunds at Stripe (the fake Stripe API): partial and whole, an outage, a refusal, and a crash mid-refund. */
let clock = Date.now();
let fake: FakeStripe;
let t: TestApp;
let admin: Shopper;
let lines: CartLine[];

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp(
    { ...generousLimits, ...stripeSettings(fake, 3600), OUTBOX_WORKER: 'false' },
    { now: () => new Date(clock) },
  );
  await plentyOfStock(t, 50);
  lines = (await articles(t, 2)).map((a) => ({ ...a, quantity: 1 }));
  admin = await newShopper(t, 'Lalla Owner');
  await makeAdmin(t, admin);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A paid order at Stripe: the intent succeeds as Stripe.js would make it, then the shopper's order call. */
async function stripeOrder(app: TestApp, shopper: Shopper, what: CartLine[] = lines, stripe = fake) {
  const intentId = await startPaying(app, shopper, what);
  stripe.succeed(intentId);
  const placed = await call(app, 'POST', '/api/v1/orders', shopper.token, orderPayload(what, intentId));
  if (placed.status !== 201) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body)}`);
  return {
    orderId: placed.body.data.order_id as number,
    intentId,
    total: placed.body.data.total_amount as string,
  };
}

const refundsAt = (intentId: string, stripe = fake) =>
  [...stripe.refunds.values()].filter((r) => r.payment_intent === intentId);

describe('refunds at Stripe', () => {
  it('refunds part by amount, then the rest, each with its idempotency key, and never more than paid', async () => {
    const shopper = await newShopper(t);
    const { orderId, intentId, total } = await stripeOrder(t, shopper);
    const part = await refund(t, admin, orderId, { amount: '125.50', restock: false, reason: 'A stain' });
    expect(part.status).toBe(201);
    const first = RefundResponseSchema.parse(part.body).data.refund;
    expect(first).toMatchObject({ amount: '125.50', status: 'succeeded' });
    expect(first.credit_note_number).toMatch(/-R1$/);
    expect(refundsAt(intentId).map((r) => r.amount)).toEqual([12_550]);
    const call1 = fake.requests.find((r) => r.path === '/v1/refunds' && r.body.payment_intent === intentId);
    expect(call1?.headers['idempotency-key']).toBe(`refund-${first.id}`);
    expect(call1?.body).toMatchObject({
      amount: '12550',
      metadata: { refundId: String(first.id), reason: 'owner' },
    });
    expect((await orderOf(t, shopper, orderId)).payment_status).toBe('partially_refunded');

    const before = await snapshot(t);
    const requests = fake.requests.length;
    const over = await refund(t, admin, orderId, { amount: total, restock: false, reason: 'Too much' });
    expect(over.status).toBe(422);
    expect(await snapshot(t)).toEqual(before);
    expect(fake.requests.length).toBe(requests);

    const rest = await refund(t, admin, orderId, { restock: true, reason: 'Sent back' });
    expect(rest.status).toBe(201);
    expect(refundsAt(intentId).map((r) => r.amount)).toEqual([12_550, toFils(total) - 12_550]);
    expect((await orderOf(t, shopper, orderId)).payment_status).toBe('refunded');
  });

  it('keeps a refund pending through an outage, shows it to the owner, and the sweep makes it once', async () => {
    const shopper = await newShopper(t);
    const { orderId, intentId, total } = await stripeOrder(t, shopper);
    fake.down('/v1/refunds');
    try {
      const res = await refund(t, admin, orderId, { restock: false, reason: 'Cancelled by phone' });
      expect(res.status).toBe(201);
      const pending = RefundResponseSchema.parse(res.body).data.refund;
      expect(pending).toMatchObject({ status: 'pending', amount: total, credit_note_number: null });
      expect((await orderOf(t, shopper, orderId)).payment_status).toBe('succeeded');
      const attention = await call(t, 'GET', '/api/v1/admin/refunds', admin.token);
      const flagged = attention.body.data.refunds.find((r: { id: number }) => r.id === pending.id);
      expect(flagged).toMatchObject({ status: 'pending', attempts: 1 });
      expect(flagged.last_error).toBeTruthy();
      // Asked again while Stripe is still down: still pending, nothing given.
      clock += 31_000;
      await t.app.stock.sweep();
      expect(refundsAt(intentId)).toHaveLength(0);
    } finally {
      fake.up();
    }
    // Not yet due: the next try waits longer after each failure.
    await t.app.stock.sweep();
    expect(refundsAt(intentId)).toHaveLength(0);
    clock += 61_000;
    expect((await t.app.stock.sweep()).refunds).toBe(1);
    expect(refundsAt(intentId).map((r) => r.amount)).toEqual([toFils(total)]);
    const seen = await orderOf(t, shopper, orderId);
    expect(seen.payment_status).toBe('refunded');
    expect(seen.refunds?.[0]).toMatchObject({
      status: 'succeeded',
      credit_note_number: expect.stringMatching(/-R1$/),
    });
    // Later sweeps find nothing to do, and Stripe holds one refund.
    clock += 3_600_000;
    await t.app.stock.sweep();
    expect(refundsAt(intentId)).toHaveLength(1);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 3, lastError: null });
  });

  it('records a refund Stripe refuses as failed, for the owner, and counts nothing for it', async () => {
    const shopper = await newShopper(t);
    const { orderId, intentId, total } = await stripeOrder(t, shopper);
    // Someone refunded the charge in Stripe's dashboard: nothing is left there to give back.
    fake.createRefundBehindTheShop(intentId, toFils(total));
    const res = await refund(t, admin, orderId, { amount: '10', restock: false, reason: 'x' });
    expect(res.status).toBe(201);
    expect(res.body.data.refund).toMatchObject({ status: 'failed', credit_note_number: null });
    expect((await orderOf(t, shopper, orderId)).payment_status).toBe('succeeded');
    const attention = await call(t, 'GET', '/api/v1/admin/refunds?status=failed', admin.token);
    expect(attention.body.data.refunds.map((r: { id: number }) => r.id)).toContain(res.body.data.refund.id);
    // The sweep leaves it alone: a refusal is for a person.
    clock += 3_600_000;
    await t.app.stock.sweep();
    expect(refundsAt(intentId)).toHaveLength(1);
    // Failed refunds count for nothing: the whole amount may still be refunded (and Stripe refuses again).
    const left = await call(t, 'GET', `/api/v1/admin/orders/${orderId}/refunds`, admin.token);
    expect(left.body.data.refundable.amount).toBe(fromFils(toFils(total)));
  });
});

describe('a shop killed between the refund at Stripe and its commit', () => {
  it('makes exactly one refund after it restarts', async () => {
    // A Stripe account of its own: its idempotency keys are those of another shop's payments.
    const stripe = await startFakeStripe();
    const dataDir = mkdtempSync(join(tmpdir(), 'boutique-refund-crash-'));
    let dbName: string | undefined;
    let databaseUrl: string | undefined;
    if (process.env.DATABASE_URL) {
      dbName = `boutique_refund_crash_${randomBytes(5).toString('hex')}`;
      const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await server.connect();
      await server.query(`create database ${dbName}`);
      await server.end();
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
    }
    const port = await freePort();
    const env = {
      ...generousLimits,
      ...stripeSettings(stripe, 3600),
      DATA_DIR: dataDir,
      // Tokens name the shop by its address: the same in this process and in the child.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OUTBOX_WORKER: 'false',
      SEED_DEMO: 'true',
    };
    let child: ChildProcess | undefined;
    const killed = (proc: ChildProcess) =>
      new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGKILL');
      });
    try {
      // The shop with a paid order and its owner, made in this process, then closed.
      let shop = await startShopOn(databaseUrl, env);
      await plentyOfStock(shop, 10);
      const what = (await articles(shop, 1)).map((a) => ({ ...a, quantity: 2 }));
      const shopper = await newShopper(shop);
      const owner = await newShopper(shop, 'Lalla Owner');
      await makeAdmin(shop, owner);
      const { orderId, intentId } = await stripeOrder(shop, shopper, what, stripe);
      await shop.close();

      // The same shop in a process of its own; Stripe makes the refund and its answer never comes back.
      child = await new Promise<ChildProcess>((resolve, reject) => {
        const proc = spawn(
          process.execPath,
          ['--import', 'tsx', '--conditions=source', 'test/support/run-shop.ts'],
          {
            cwd: join(import.meta.dirname, '..'),
            env: {
              ...process.env,
              ...env,
              NODE_ENV: 'test',
              LOG_LEVEL: 'warn',
              PORT: String(port),
              DATABASE_URL: databaseUrl ?? '',
              REDIS_URL: '',
              SEED_DEMO: 'false',
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        proc.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ready')) resolve(proc);
        });
        proc.once('exit', (code) => reject(new Error(`shop exited with ${code}`)));
      });
      const hung = stripe.hangNext('/v1/refunds');
      const asked = fetch(`http://127.0.0.1:${port}/api/v1/admin/orders/${orderId}/refunds`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${owner.token}`,
          'idempotency-key': 'crash-test-1',
        },
        body: JSON.stringify({ amount: '40', restock: false, reason: 'Refund interrupted' }),
      }).catch((err: unknown) => err);
      // Stripe has made the refund, or the call was refused before it got there (then the test fails below).
      await Promise.race([hung.done, asked]);
      await killed(child);
      child = undefined;
      expect(await asked).toBeInstanceOf(Error);
      expect(refundsAt(intentId, stripe).map((r) => r.amount)).toEqual([4000]);

      // Restarted: the refund was written before Stripe was asked, and it is still pending.
      shop = await startShopOn(databaseUrl, env);
      try {
        const [row] = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
        expect(row).toMatchObject({ status: 'pending', attempts: 1, amount: '40.00' });
        // Its next try comes due (30 s later): the sweep finds the refund Stripe made, and makes none.
        await shop.database.db
          .update(refunds)
          .set({ nextAttemptAt: sql`now() - interval '1 second'` })
          .where(eq(refunds.id, row!.id));
        // The test's sweep or the shop's own, whichever claims it first (the other skips it while it is locked).
        await shop.app.stock.sweep();
        const settled = async () =>
          (await shop.database.db.select().from(refunds).where(eq(refunds.id, row!.id)))[0];
        await expect.poll(async () => (await settled())?.status, { timeout: 15_000 }).toBe('succeeded');
        const done = await settled();
        expect(done).toMatchObject({
          status: 'succeeded',
          gatewayRefundId: refundsAt(intentId, stripe)[0]!.id,
        });
        expect(done!.creditNoteNumber).toBeTruthy();
        expect(refundsAt(intentId, stripe)).toHaveLength(1);
        expect((await orderOf(shop, shopper, orderId)).payment_status).toBe('partially_refunded');
        // The owner's retry with the same key answers the same refund, now succeeded.
        const retried = await refund(
          shop,
          owner,
          orderId,
          { amount: '40', restock: false, reason: 'Refund interrupted' },
          'crash-test-1',
        );
        expect(retried.body.data.refund).toMatchObject({ id: row!.id, status: 'succeeded' });
        expect(refundsAt(intentId, stripe)).toHaveLength(1);
      } finally {
        await shop.close();
      }
    } finally {
      if (child) await killed(child);
      await stripe.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await server.connect();
        await server.query(`drop database if exists ${dbName} with (force)`);
        await server.end();
      }
    }
  }, 240_000);
});
