import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { sendDigestIfDue } from './digest.js';
import type { AlertsShop } from './mails.js';
import { sendDueReminders, type ReminderSettings } from './reminders.js';

export interface AlertsSweeperOptions {
  /** ALERTS_SWEEP_S; 0: only the sweep at start. */
  intervalS: number;
  /** DIGEST_HOUR, null when `off`. */
  digestHour: number | null;
  defaultThreshold: number;
  shop: AlertsShop;
  reminders: ReminderSettings;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The shop's timed mail, on every instance like the payments' reconciler: each sweep sends the owner's digest
 * when it is due and the unfinished-checkout reminders. Neither is done twice, whatever the number of instances:
 * the digest claims its day's row, each reminder its cart's contents, in the transaction that writes the mail.
 */
export class AlertsSweeper {
  #interval: NodeJS.Timeout | undefined;
  readonly #running = new Set<Promise<unknown>>();
  #stopped = false;

  constructor(
    private readonly db: Database,
    private readonly options: AlertsSweeperOptions,
  ) {}

  /** One sweep at `now` (the shop's clock; tests give their own): what it sent. */
  async sweep(now: Date = this.options.now()): Promise<{ digest: boolean; reminders: number }> {
    const digest = await sendDigestIfDue(this.db, now, {
      hour: this.options.digestHour,
      shop: this.options.shop,
      defaultThreshold: this.options.defaultThreshold,
    });
    const reminders = this.#stopped ? 0 : await sendDueReminders(this.db, now, this.options.reminders);
    return { digest, reminders };
  }

  start() {
    this.#track(this.sweep());
    if (this.options.intervalS > 0) {
      this.#interval = setInterval(() => this.#track(this.sweep()), this.options.intervalS * 1000);
      this.#interval.unref();
    }
  }

  /** Stops the timer and waits for a sweep under way, so the database is not closed beneath it. */
  async stop() {
    this.#stopped = true;
    clearInterval(this.#interval);
    await Promise.allSettled([...this.#running]);
  }

  #track(work: Promise<unknown>) {
    const tracked: Promise<unknown> = work
      .catch((err: unknown) => this.options.log.error({ err }, 'shop alerts sweep failed'))
      .finally(() => this.#running.delete(tracked));
    this.#running.add(tracked);
  }
}
