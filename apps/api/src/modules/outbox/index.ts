/**
 * The outbox module: e-mails written in the transaction that causes them, delivered by a worker on every
 * instance (decision 022). Other modules use it through this file only.
 */
export { deliveryOf, enqueueMail, failedMessages, retryFailed, messagesAbout, outboxState } from './store.js';
export type { Delivery, Enqueue, FailedMessage, OutboxState, Writer } from './store.js';
export { OutboxWorker, retryDelayMs, type OutboxSettings } from './worker.js';
export { outboxGauges } from './gauges.js';
