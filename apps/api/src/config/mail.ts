import { resolve } from 'node:path';
import { z } from 'zod';
import { optionalString } from './fields.js';

/** How the shop's e-mails leave: the SMTP server (or .eml files), and the outbox that delivers them. */
export const MailEnv = z.object({
  /** `smtp://user:pass@host:587` or `smtps://...`; unset: e-mails are written as .eml files to {DATA_DIR}/mail. */
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  /** Sender of the shop's e-mails; defaults to "{SHOP_NAME} <{SHOP_EMAIL}>". */
  MAIL_FROM: optionalString,
  /** Whether this instance delivers the e-mail outbox (every instance may; at least one must). */
  OUTBOX_WORKER: z.enum(['true', 'false', '1', '0']).default('true'),
  /** How often the outbox worker looks for due messages besides being woken by new ones (seconds). */
  OUTBOX_POLL_S: z.coerce.number().min(0.05).max(3600).default(5),
  /** First retry delay of a message that failed, doubled at each further failure (seconds). */
  OUTBOX_RETRY_BASE_S: z.coerce.number().min(0.01).max(86_400).default(30),
  /** Longest delay between two tries of one message (seconds). */
  OUTBOX_RETRY_MAX_S: z.coerce.number().min(0.01).max(86_400).default(3600),
  /** Tries before a message is kept as failed (logged, listed for the back office). */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** How long a worker owns a message it is sending; a worker that died leaves it to others after this. */
  OUTBOX_LEASE_S: z.coerce.number().min(0.5).max(3600).default(60),
});
export type MailEnv = z.infer<typeof MailEnv>;

export interface MailConfig {
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /** Where .eml files go when no SMTP server is configured. */
    dir: string;
  };
  outbox: {
    worker: boolean;
    pollMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    maxAttempts: number;
    leaseMs: number;
  };
}

/** The sender defaults to the shop's own name and address. */
export function mailConfig(e: MailEnv, shop: { name: string; email: string }, dataDir: string): MailConfig {
  return {
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${shop.name}" <${shop.email}>`,
      dir: resolve(dataDir, 'mail'),
    },
    outbox: {
      worker: e.OUTBOX_WORKER === 'true' || e.OUTBOX_WORKER === '1',
      pollMs: Math.round(e.OUTBOX_POLL_S * 1000),
      retryBaseMs: Math.round(e.OUTBOX_RETRY_BASE_S * 1000),
      retryMaxMs: Math.round(e.OUTBOX_RETRY_MAX_S * 1000),
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      leaseMs: Math.round(e.OUTBOX_LEASE_S * 1000),
    },
  };
}
