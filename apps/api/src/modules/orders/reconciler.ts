import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { paymentEvents, payments } from '../../db/schema/index.js';
import type { GatewayEvent } from '../payments/index.js';
import type { ShopMetrics } from '../../metrics/index.js';
import type { OrderService } from './service.js';
import type { StockService } from '../stock/index.js';

export interface ReconcilerOptions {
  /** How long a succeeded payment waits for its shopper's own order call. */
  afterS: number;
  /** Period of the sweep; 0: only the sweep at start. */
  intervalS: number;
  /**
   * The gateway sends its events over the network (Stripe's webhook), so one may never arrive: the sweep also
   * asks the gateway about payments it has heard nothing of. The sandbox writes its outcomes itself.
   */
  poll: boolean;
}

/** How far back the sweep asks about payments with no outcome: a shopper does not pay a day-old checkout. */
const POLL_WINDOW_S = 24 * 60 * 60;

export type EventOutcome = 'handled' | 'duplicate' | 'ignored';

/**
 * No paid order is lost. The gateway's events (Stripe's webhook, the sandbox's own) update the payment and
 * schedule its reconciliation after a grace period, so the shopper's order call, seconds after paying, wins the
 * usual race; a sweep at start and then periodically picks up whatever a crash or a restart left behind. Both
 * end in `OrderService.reconcilePayment`, which is idempotent: never a second order.
 */
export class Reconciler {
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #running = new Set<Promise<unknown>>();
  #interval: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(
    private readonly db: Database,
    private readonly orders: OrderService,
    private readonly options: ReconcilerOptions,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: ShopMetrics,
    private readonly stock: Pick<StockService, 'release'>,
  ) {}

  /**
   * Records the event and applies it to its payment in one transaction; an event id seen before is skipped
   * (providers redeliver). A failure leaves nothing recorded, so the provider's redelivery tries again.
   */
  async handle(event: GatewayEvent): Promise<EventOutcome> {
    const outcome = await this.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(paymentEvents)
        .values({ id: event.id, gateway: event.gateway, type: event.type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!fresh) return { kind: 'duplicate' as const };
      if (!event.intent) return { kind: 'ignored' as const };
      const { id: intentId, status, lastError, paymentId } = event.intent;
      const [payment] = await tx
        .update(payments)
        .set({ status, lastError, updatedAt: new Date() })
        // Events may arrive out of order: nothing moves a payment out of succeeded.
        .where(and(eq(payments.intentId, intentId), sql`${payments.status} <> 'succeeded'`))
        .returning({ id: payments.id });
      if (payment) return { kind: 'handled' as const, paymentId: payment.id };
      const [known] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.intentId, intentId))
        .limit(1);
      if (known) return { kind: 'handled' as const, paymentId: known.id };
      // The provider made the intent but our row never learned its id (a crash right after the call; with
      // Apple Pay the money may already be taken): the metadata names the row still waiting under its
      // placeholder.
      if (paymentId === undefined) return { kind: 'ignored' as const };
      const [adopted] = await tx
        .update(payments)
        .set({ intentId, status, lastError, updatedAt: new Date() })
        .where(and(eq(payments.id, paymentId), like(payments.intentId, 'pending\\_%')))
        .returning({ id: payments.id });
      return adopted ? { kind: 'handled' as const, paymentId: adopted.id } : { kind: 'ignored' as const };
    });

    // Counted once per event: a redelivered one is a duplicate and was counted the first time.
    const status = event.intent?.status;
    if (outcome.kind === 'handled' && (status === 'succeeded' || status === 'failed')) {
      this.metrics.paymentSettled(status);
    }
    if (outcome.kind === 'handled' && event.intent?.status === 'succeeded') {
      this.#schedule(outcome.paymentId, this.options.afterS);
    }
    // Stock (decision 017): a declined or cancelled payment gives its pieces back.
    if (
      outcome.kind === 'handled' &&
      (event.intent?.status === 'failed' || event.intent?.status === 'canceled')
    ) {
      await this.stock.release(outcome.paymentId);
    }
    if (outcome.kind === 'ignored')
      this.log.info({ eventId: event.id, type: event.type }, 'payment event ignored');
    return outcome.kind;
  }

  /** Turns every payment that succeeded at least `graceS` ago and has no order into its order. */
  async sweep(graceS = this.options.afterS): Promise<number> {
    let created = 0;
    for (const paymentId of await this.orders.paidWithoutOrder(graceS)) {
      if (this.#stopped) break;
      if (await this.#reconcile(paymentId)) created += 1;
    }
    return created;
  }

  /**
   * Asks the gateway about the payments no event has settled (see OrderService.claimUnsettled) and does what
   * the missing event would have done: a succeeded one becomes its order at once (the grace period is over; a
   * late webhook or order call then finds it), a failed or cancelled one gives its pieces back.
   */
  async poll(): Promise<{ ordered: number; released: number }> {
    let ordered = 0;
    let released = 0;
    const due = await this.orders.claimUnsettled(this.options.afterS, POLL_WINDOW_S);
    for (const { id, status: before } of due) {
      if (this.#stopped) break;
      let intent;
      try {
        intent = await this.orders.refreshPayment(id);
      } catch (err) {
        this.log.warn({ err, paymentId: id }, 'payment status could not be asked: asked again later');
        continue;
      }
      if (!intent || intent.status === before) continue;
      this.log.warn(
        { paymentId: id, intentId: intent.id, before, after: intent.status },
        'payment outcome learned by asking the gateway: its event has not arrived',
      );
      if (intent.status === 'succeeded') {
        if (await this.#reconcile(id)) ordered += 1;
      } else if (intent.status === 'failed' || intent.status === 'canceled') {
        if ((await this.stock.release(id)) > 0) released += 1;
      }
    }
    return { ordered, released };
  }

  start() {
    this.#track(this.#tick());
    if (this.options.intervalS > 0) {
      this.#interval = setInterval(() => this.#track(this.#tick()), this.options.intervalS * 1000);
      this.#interval.unref();
    }
  }

  async #tick() {
    await this.sweep();
    if (this.options.poll) await this.poll();
  }

  /** Stops the timers and waits for work under way, so the database is not closed beneath it. */
  async stop() {
    this.#stopped = true;
    clearInterval(this.#interval);
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    await Promise.allSettled([...this.#running]);
  }

  #schedule(paymentId: number, afterS: number) {
    if (this.#stopped) return;
    if (afterS === 0) {
      this.#track(this.#reconcile(paymentId));
      return;
    }
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#track(this.#reconcile(paymentId));
    }, afterS * 1000);
    timer.unref();
    this.#timers.add(timer);
  }

  async #reconcile(paymentId: number): Promise<boolean> {
    try {
      const placed = await this.orders.reconcilePayment(paymentId);
      if (placed?.created) {
        this.log.warn(
          { paymentId, orderNumber: placed.order.order_number },
          'paid payment without an order call: order made by reconciliation',
        );
      }
      return placed?.created ?? false;
    } catch (err) {
      // The sweep will come back to it.
      this.log.error({ err, paymentId }, 'reconciliation failed');
      return false;
    }
  }

  #track(work: Promise<unknown>) {
    const tracked: Promise<unknown> = work
      .catch((err: unknown) => this.log.error({ err }, 'reconciliation sweep failed'))
      .finally(() => this.#running.delete(tracked));
    this.#running.add(tracked);
  }
}
