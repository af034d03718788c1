import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.js';
import type { FastifyBaseLogger } from 'fastify';
import type { RefundStatus } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { payments, refunds } from '../../db/schema/index.js';
import { toFils } from '../../lib/money.js';
import { GatewayRefusedError, type GatewayRefund, type PaymentGateway } from './gateway.js';

export type RefundRow = typeof refunds.$inferSelect;

/** First wait before the sweep asks again about a refund, doubled at every try, at most an hour. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
const SWEEP_BATCH = 50;

export interface RefundSenderOptions {
  /** The clock the retries are scheduled by (tests move it). */
  now: () => Date;
  log: FastifyBaseLogger;
  /**
   * In the transaction that records that the gateway gave the money back: the order's side of it (its payment
   * status, the credit note, the shopper's e-mail), so that they exist exactly when the success is recorded.
   */
  onSucceeded?: (tx: Database, refund: RefundRow) => Promise<void>;
}

export interface RefundState {
  id: number;
  status: RefundStatus;
  gatewayRefundId: string | null;
  error: string | null;
}

/** The key the gateway sees for a refund row, the same at every try: derived from the row itself. */
export const refundKey = (row: Pick<RefundRow, 'id' | 'idempotencyKey'>) =>
  row.idempotencyKey ?? `refund-${row.id}`;

/** When the try after this one is due: 30 s after the first, doubled at each try, at most an hour. */
const nextTry = (now: string, attempts: SQL) =>
  sql`${now}::timestamptz + least(make_interval(secs => ${RETRY_BASE_MS / 1000}::float8 * power(2, least(${attempts}, 7))),
    make_interval(secs => ${RETRY_MAX_MS / 1000}))`;

/**
 * Sends refunds to the gateway and records what it answered (docs/decisions/026-refunds-and-credit-notes.md).
 * A refund row is written `pending` before the gateway is asked, by whoever decides it (the owner's refund, a
 * cancellation, a return, a payment made without its piece); then `send` asks, and the stock sweep calls
 * `retryDue` for the rows whose try failed or never finished (an outage, a crash between the call and the
 * commit). Each try first moves the row's next attempt ahead in one conditional update, so two instances never
 * ask at once, and carries the row's idempotency key, so that the gateway makes one refund however many tries
 * reach it. A refusal for good leaves the row `failed`, for the owner.
 */
export class RefundSender {
  constructor(
    private readonly db: Database,
    private readonly gateway: PaymentGateway,
    private readonly options: RefundSenderOptions,
  ) {}

  /** The clock the rows' next tries are written by: a new row is due at once (`nextAttemptAt: now()`). */
  now(): Date {
    return this.options.now();
  }

  /**
   * Asks the gateway for a pending refund now (right after the row was committed), unless another try holds it
   * (its next attempt is in the future): then the state as it is.
   */
  async send(refundId: number): Promise<RefundState> {
    const now = this.options.now().toISOString();
    const [claimed] = await this.db
      .update(refunds)
      .set({
        attempts: sql`${refunds.attempts} + 1`,
        nextAttemptAt: nextTry(now, sql`${refunds.attempts}`),
      })
      .where(
        and(
          eq(refunds.id, refundId),
          eq(refunds.status, 'pending'),
          sql`${refunds.nextAttemptAt} <= ${now}::timestamptz`,
        ),
      )
      .returning();
    if (claimed) await this.#deliver(claimed);
    return this.state(refundId);
  }

  /**
   * Tries again the pending refunds whose time has come, claimed with `for update skip locked` (their next try
   * pushed ahead, doubled each time). Answers how many reached an outcome (succeeded or failed).
   */
  async retryDue(): Promise<number> {
    const now = this.options.now().toISOString();
    const claimed = await this.db
      .execute(
        sql`update refunds r set attempts = r.attempts + 1, next_attempt_at = ${nextTry(now, sql`r.attempts`)}
            from (select id from refunds where status = 'pending' and next_attempt_at <= ${now}::timestamptz
                  order by next_attempt_at limit ${SWEEP_BATCH} for update skip locked) due
            where r.id = due.id
            returning r.id`,
      )
      .then(rowsOf<{ id: number }>);
    let settled = 0;
    for (const { id } of claimed) {
      const [row] = await this.db
        .select()
        .from(refunds)
        .where(eq(refunds.id, Number(id)));
      if (!row) continue;
      await this.#deliver(row);
      if ((await this.state(row.id)).status !== 'pending') settled += 1;
    }
    return settled;
  }

  async state(refundId: number): Promise<RefundState> {
    const [row] = await this.db.select().from(refunds).where(eq(refunds.id, refundId));
    return {
      id: refundId,
      status: row?.status ?? 'pending',
      gatewayRefundId: row?.gatewayRefundId ?? null,
      error: row?.lastError ?? null,
    };
  }

  /** Refunds by status and kind, the whole shop's (the metric `boutique_payment_refunds`). */
  async figures() {
    const rows = await this.db
      .select({ status: refunds.status, kind: refunds.kind, n: sql<number>`count(*)::int` })
      .from(refunds)
      .groupBy(refunds.status, refunds.kind);
    return rows.map((r) => ({ labels: { status: r.status, kind: r.kind }, value: Number(r.n) }));
  }

  /** One try of a claimed row. Errors are recorded on the row, never thrown. */
  async #deliver(row: RefundRow): Promise<void> {
    const [payment] = await this.db
      .select({ intentId: payments.intentId })
      .from(payments)
      .where(eq(payments.id, row.paymentId));
    if (!payment) return;
    const reference = String(row.id);
    let answer: GatewayRefund;
    try {
      // A retry asks first whether an earlier try got through (its answer lost in a crash or a timeout).
      const earlier =
        row.attempts > 1
          ? await this.gateway.findRefund({ intentId: payment.intentId, reference })
          : undefined;
      answer =
        earlier ??
        (await this.gateway.refund({
          intentId: payment.intentId,
          amountFils: toFils(row.amount),
          metadata: { paymentId: String(row.paymentId), reason: row.kind, refundId: reference },
          idempotencyKey: refundKey(row),
        }));
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      if (err instanceof GatewayRefusedError) {
        await this.#record(row, { status: 'failed', gatewayRefundId: null, lastError: message });
        this.options.log.error(
          { refundId: row.id, paymentId: row.paymentId, kind: row.kind, err },
          'the gateway refused a refund: a person must look',
        );
        return;
      }
      await this.db
        .update(refunds)
        .set({ lastError: message })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')));
      this.options.log.warn(
        { refundId: row.id, paymentId: row.paymentId, attempt: row.attempts, err },
        'a refund could not reach the gateway: the sweep tries again',
      );
      return;
    }
    const failed = answer.status === 'failed';
    await this.#record(row, {
      status: failed ? 'failed' : 'succeeded',
      gatewayRefundId: answer.id,
      lastError: failed ? 'The payment provider could not give the money back to the card.' : null,
    });
    this.options.log.info(
      { refundId: row.id, paymentId: row.paymentId, gatewayRefundId: answer.id, status: answer.status },
      'refund answered by the gateway',
    );
  }

  /** The outcome, only over a row still pending: of two tries answered together, one records. */
  async #record(
    row: RefundRow,
    outcome: { status: 'succeeded' | 'failed'; gatewayRefundId: string | null; lastError: string | null },
  ) {
    await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(refunds)
        .set({
          ...outcome,
          refundedAt: outcome.status === 'succeeded' ? this.options.now() : null,
        })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')))
        .returning();
      if (done?.status === 'succeeded') await this.options.onSucceeded?.(tx, done);
    });
  }
}
