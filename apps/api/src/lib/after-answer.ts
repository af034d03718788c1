import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * E-mails sent after the answer: neither its timing nor a failing mail server tells the caller anything (for
 * instance whether an address has an account). Failures are logged; `settled` waits for what is in flight
 * (shutdown, tests).
 */
export class MailAfterAnswer {
  readonly #sending = new Set<Promise<void>>();

  constructor(private readonly mailer: Mailer) {}

  send(message: MailMessage, log: FastifyBaseLogger, what: string, context: Record<string, unknown>): void {
    const sending = this.mailer.send(message).then(
      () => log.info(context, `${what} sent`),
      (err: unknown) => log.error({ err, ...context }, `${what} could not be sent`),
    );
    this.#sending.add(sending);
    void sending.finally(() => this.#sending.delete(sending));
  }

  async settled(): Promise<void> {
    await Promise.all(this.#sending);
  }
}
