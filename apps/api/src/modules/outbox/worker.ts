import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { outbox, type OutboxMail } from '../../db/schema/index.js';
import type { Mailer } from '../../lib/mailer.js';

export interface OutboxSettings {
  /** Looks for due messages this often besides being woken by new ones (retries wait for it). */
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /**
   * How long a claimed message is this worker's; one whose worker died is claimed again after it. A try that
   * takes half of it is given up (and retried later), so a live worker never holds a message past its lease.
   */
  leaseMs: number;
  /** The domain of the Message-ID (the shop's host), the same for every try of one message. */
  messageIdDomain: string;
  /** Messages claimed at once. */
  batch?: number;
}

interface Claimed {
  id: number;
  kind: string;
  subject: string | null;
  message: OutboxMail;
  attempts: number;
  created_at: string | Date;
}

/** Wait before try `attempts + 1`: doubled at every failure from `retryBaseMs`, at most `retryMaxMs`, ±20 %. */
export function retryDelayMs(attempts: number, { retryBaseMs, retryMaxMs }: OutboxSettings): number {
  const plain = Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), retryMaxMs);
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}

/**
 * Delivers the outbox. Any number of workers (one per instance) share it: each claims due messages with
 * `FOR UPDATE SKIP LOCKED` and a lease, so two workers never hold one message; a message is marked sent once
 * the mail server took it. A failure schedules the next try with exponential backoff; after `maxAttempts` the
 * message is kept as `failed` and logged (see failedMessages). Woken at once by the NOTIFY that each commit of
 * new messages raises, and by a timer for retries and for messages whose worker died.
 */
export class OutboxWorker {
  #timer: NodeJS.Timeout | undefined;
  #unlisten: (() => Promise<void>) | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly settings: OutboxSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts delivering: on every `outbox_ready` notification (`listen`) and every `pollMs`. */
  async start(listen?: (onMessage: () => void) => Promise<() => Promise<void>>) {
    this.#stopped = false;
    this.#unlisten = await listen?.(() => this.wake());
    this.#timer = setInterval(() => this.wake(), this.settings.pollMs);
    this.#timer.unref();
    this.wake();
  }

  /** Delivers what is due now, after what is being delivered; never two runs at once in one worker. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain()
      .catch((err: unknown) => this.log.error({ err }, 'outbox: delivery round failed'))
      .finally(() => {
        this.#running = undefined;
      });
  }

  async stop() {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#unlisten?.();
    await this.#running;
  }

  /** One full round, for tests and tools: delivers everything due; answers how many were sent. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.#claim();
      if (batch.length === 0) return sent;
      const results = await Promise.all(batch.map((m) => this.#deliver(m)));
      sent += results.filter(Boolean).length;
    }
  }

  async #drain() {
    do {
      this.#again = false;
      await this.deliverDue();
    } while (this.#again && !this.#stopped);
  }

  async #claim(): Promise<Claimed[]> {
    const leaseS = this.settings.leaseMs / 1000;
    return this.db
      .execute(
        sql`update outbox o
            set locked_until = now() + make_interval(secs => ${leaseS}), attempts = o.attempts + 1
            from (select id from outbox
                  where status = 'pending' and next_attempt_at <= now()
                    and (locked_until is null or locked_until < now())
                  order by id limit ${this.settings.batch ?? 10}
                  for update skip locked) due
            where o.id = due.id
            returning o.id, o.kind, o.subject, o.message, o.attempts, o.created_at`,
      )
      .then(rowsOf<Claimed>);
  }

  async #deliver(m: Claimed): Promise<boolean> {
    const context = { outboxId: m.id, kind: m.kind, about: m.subject ?? undefined, attempt: m.attempts };
    // A try ends well inside the lease: were it to outlive it, another worker would claim the message and send
    // it a second time while this one still waits for the mail server.
    const deadlineMs = Math.round(this.settings.leaseMs / 2);
    const signal = AbortSignal.timeout(deadlineMs);
    try {
      await this.mailer
        .send({ ...m.message, messageId: `<outbox-${m.id}@${this.settings.messageIdDomain}>` }, { signal })
        .catch((err: unknown) => {
          throw signal.aborted ? new Error(`the mail server did not answer within ${deadlineMs} ms`) : err;
        });
    } catch (err) {
      const final = m.attempts >= this.settings.maxAttempts;
      const delayMs = retryDelayMs(m.attempts, this.settings);
      await this.db
        .update(outbox)
        .set({
          status: final ? 'failed' : 'pending',
          nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
          lockedUntil: null,
          lastError: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500),
        })
        .where(and(eq(outbox.id, m.id), eq(outbox.status, 'pending')));
      if (final)
        this.log.error({ err, ...context }, 'e-mail kept as failed after its last try: a person must look');
      else this.log.warn({ err, ...context, retryInMs: delayMs }, 'e-mail not sent: will try again');
      return false;
    }
    await this.db
      .update(outbox)
      .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(eq(outbox.id, m.id));
    this.log.info({ ...context, lagMs: Date.now() - new Date(m.created_at).getTime() }, 'e-mail sent');
    return true;
  }
}
