import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (the contact form's copy to the shop: the sender). */
  replyTo?: string;
  /** Stable across retries (the outbox's id), so a receiving server can tell a repeat. */
  messageId?: string;
}

export interface SendOptions {
  /**
   * Gives up on the message when it aborts: the connection is closed and `send` rejects. The outbox bounds each
   * try by it, so a mail server that never answers cannot keep a message past its lease.
   */
  signal?: AbortSignal;
}

export interface Mailer {
  /** Rejects when the message could not be handed over; callers decide whether the shopper must know. */
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): void;
  /** Where messages go: `smtp` or the folder of `.eml` files. */
  readonly target: string;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://...`; unset: messages are written as `.eml` files to `dir`. */
  smtpUrl: string | undefined;
  from: string;
  dir: string;
}

/**
 * E-mail through nodemailer: SMTP when configured, otherwise each message is rendered to a complete `.eml`
 * file under the data dir, so the demo and the tests can open exactly what a customer would receive.
 */
export function createMailer({ smtpUrl, from, dir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      target: 'smtp',
      async send(message, { signal } = {}) {
        await transport.sendMail({ from, ...message, signal });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: dir,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      // Sortable by time; written under a temporary name and renamed, so a reader never sees half a file.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const temp = join(dir, `.${name}.tmp`);
      await writeFile(temp, info.message as Buffer, { mode: 0o600 });
      await rename(temp, join(dir, name));
    },
    close: () => transport.close(),
  };
}
