/**
 * How long a test waits for what the server does after answering (the outbox's e-mails, a reconciliation)
 * before it fails. Only a broken server reaches it: a passing wait returns as soon as the thing is there. 5 s
 * was missed once on a two-core machine under the whole CI's load (an order's e-mails, 2026-11-26).
 */
export const AFTER_ANSWER_WAIT_MS = 15_000;

/**
 * Waits for something the server does after answering: `probe` is asked again until it answers something
 * other than undefined, which is returned. `failure` says what was missing when the wait runs out.
 */
export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  failure: () => string = () => 'condition not met in time',
): Promise<T> {
  const until = Date.now() + AFTER_ANSWER_WAIT_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
