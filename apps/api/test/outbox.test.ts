import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { auditLog, contactMessages, outbox } from '../src/db/schema/index.js';
import { openDatabase } from '../src/db/client.js';
import { createMailer, type Mailer, type MailMessage } from '../src/lib/mailer.js';
import { enqueueMail, failedMessages, messagesAbout } from '../src/modules/outbox/store.js';
import { OutboxWorker } from '../src/modules/outbox/worker.js';
import { call, eventually, makeAdmin, newShopper } from './support/shop.js';
import { startTestSmtp, type TestSmtp } from './support/smtp.js';
import { startTestApp, type TestApp } from './helpers.js';

const contact = (t: TestApp, body: Record<string, unknown>) =>
  t.json('/api/v1/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const message = (n: number) => ({
  name: `Salma Idrissi ${n}`,
  email: `salma.${n}@example.ma`,
  phone: '+212 600 000 000',
  subject: 'products',
  message: 'Do you make the Zahra caftan in a size 44?',
});

let smtp: TestSmtp;
let t: TestApp;
const lines: string[] = [];
const METRICS_TOKEN = 'outbox-test-token-0123456789abcdef';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApp(
    {
      SMTP_URL: smtp.url,
      CONTACT_LIMIT_PER_IP: '1000',
      OUTBOX_POLL_S: '0.1',
      OUTBOX_RETRY_BASE_S: '0.3',
      OUTBOX_MAX_ATTEMPTS: '4',
      METRICS_TOKEN,
      LOG_LEVEL: 'info',
    },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the outbox', () => {
  it('writes the contact copy with the message and delivers it once through SMTP', async () => {
    const res = await contact(t, message(1));
    expect(res.status).toBe(201);
    const id = res.body.data.id as number;
    const [row] = await messagesAbout(t.database.db, `contact:${id}`);
    expect(row).toMatchObject({ kind: 'contact_copy' });
    expect(row!.message.to).toBe(t.config.shop.email);
    expect(row!.message.replyTo).toBe('salma.1@example.ma');
    const sent = await eventually(async () =>
      smtp.received.find((m) => m.subject.includes('Salma Idrissi 1:')),
    );
    expect(sent.subject).toBe('Message from Salma Idrissi 1: Our pieces · Dar Lalla');
    expect(sent.messageId).toBe(`<outbox-${row!.id}@localhost>`);
    const after = await eventually(async () => {
      const [r] = await messagesAbout(t.database.db, `contact:${id}`);
      return r?.status === 'sent' ? r : undefined;
    });
    expect(after).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(smtp.received.filter((m) => m.subject.includes('Salma Idrissi 1:'))).toHaveLength(1);
  });

  it('keeps a message the SMTP server refuses and sends it when the server accepts, waiting longer each time', async () => {
    smtp.mode = 'refuse';
    const before = smtp.attempts.length;
    const res = await contact(t, message(2));
    // The visitor's answer does not depend on the mail server.
    expect(res.status).toBe(201);
    await eventually(async () => (smtp.attempts.length >= before + 3 ? true : undefined));
    smtp.mode = 'accept';
    const sent = await eventually(async () =>
      smtp.received.find((m) => m.subject.includes('Salma Idrissi 2:')),
    );
    expect(sent).toBeDefined();
    const tries = smtp.attempts.slice(before).map((a) => a.at);
    // Backoff: 0.3 s, then 0.6 s (±20 %) between the refused tries.
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(200);
    expect(tries[2]! - tries[1]!).toBeGreaterThan(tries[1]! - tries[0]!);
    const row = await eventually(async () => {
      const [r] = await messagesAbout(t.database.db, `contact:${res.body.data.id}`);
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row).toMatchObject({ status: 'sent', lastError: null });
    expect(row.attempts).toBeGreaterThanOrEqual(4);
    expect(smtp.received.filter((m) => m.subject.includes('Salma Idrissi 2:'))).toHaveLength(1);
    expect(lines.some((l) => l.includes('will try again'))).toBe(true);
  });

  it('keeps a message that fails every try as failed, logs it and lists it for the back office', async () => {
    smtp.mode = 'refuse';
    try {
      const res = await contact(t, message(3));
      expect(res.status).toBe(201);
      const failed = await eventually(async () =>
        (await failedMessages(t.database.db)).find((m) => m.subject.includes('Salma Idrissi 3:')),
      );
      expect(failed).toMatchObject({ kind: 'contact_copy', attempts: 4, to: t.config.shop.email });
      expect(failed.lastError).toContain('Mailbox busy');
      expect(
        lines.some(
          (l) =>
            l.includes('"level":50') && l.includes('kept as failed') && l.includes(`"outboxId":${failed.id}`),
        ),
      ).toBe(true);
      // The metrics show it.
      const metrics = await t.fetch('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const body = await metrics.text();
      expect(body).toMatch(/boutique_outbox_messages\{status="failed"\} [1-9]/);
      expect(body).toMatch(/boutique_outbox_lag_seconds \d/);
    } finally {
      smtp.mode = 'accept';
    }
  });

  it('sends a failed message again from the back office: admins only, once, in the audit log', async () => {
    smtp.mode = 'refuse';
    let failedId: number;
    try {
      const res = await contact(t, message(4));
      expect(res.status).toBe(201);
      failedId = (
        await eventually(async () =>
          (await failedMessages(t.database.db)).find((m) => m.subject.includes('Salma Idrissi 4:')),
        )
      ).id;
    } finally {
      smtp.mode = 'accept';
    }
    const customer = await newShopper(t);
    const admin = await newShopper(t, 'Amina Benali');
    await makeAdmin(t, admin);
    const as = (who: { token: string } | undefined, method: string, path: string) =>
      call(t, method, path, who?.token);

    // Listed for the owner, with the mail server's refusal; nobody else sees or resends it.
    const list = await as(admin, 'GET', '/api/v1/admin/mail/failed');
    expect(list.status).toBe(200);
    expect(list.body.data.mails).toContainEqual(
      expect.objectContaining({ id: failedId, kind: 'contact_copy', attempts: 4, to: t.config.shop.email }),
    );
    expect(list.body.data.mails.find((m: { id: number }) => m.id === failedId).last_error).toContain(
      'Mailbox busy',
    );
    expect((await as(undefined, 'POST', `/api/v1/admin/mail/${failedId}/resend`)).status).toBe(401);
    expect((await as(customer, 'POST', `/api/v1/admin/mail/${failedId}/resend`)).status).toBe(403);
    expect((await as(customer, 'GET', '/api/v1/admin/mail/failed')).status).toBe(403);
    expect((await as(admin, 'POST', '/api/v1/admin/mail/999999/resend')).status).toBe(404);
    expect((await as(admin, 'POST', '/api/v1/admin/mail/abc/resend')).status).toBe(422);
    const [untouched] = await t.database.db.select().from(outbox).where(eq(outbox.id, failedId));
    expect(untouched).toMatchObject({ status: 'failed', attempts: 4 });

    const resent = await as(admin, 'POST', `/api/v1/admin/mail/${failedId}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ success: true, data: { resent: true } });
    await eventually(async () => {
      const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, failedId));
      return row?.status === 'sent' ? row : undefined;
    });
    expect(smtp.received.filter((m) => m.subject.includes('Salma Idrissi 4:'))).toHaveLength(1);
    // Sent now: a second click changes nothing and sends nothing.
    expect((await as(admin, 'POST', `/api/v1/admin/mail/${failedId}/resend`)).status).toBe(404);
    expect((await as(admin, 'GET', '/api/v1/admin/mail/failed')).body.data.mails).not.toContainEqual(
      expect.objectContaining({ id: failedId }),
    );
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.resend'), eq(auditLog.entityId, failedId)));
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.id, entity: 'mail' })]);
  });

  it('refuses a bad contact form and writes nothing, neither message nor e-mail', async () => {
    const count = async () => (await t.database.db.select().from(outbox)).length;
    const rows = await count();
    const res = await contact(t, { ...message(4), email: 'not-an-address' });
    expect(res.status).toBe(422);
    expect(await count()).toBe(rows);
    expect(
      await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'not-an-address')),
    ).toEqual([]);
  });
});

describe('two workers on one outbox', () => {
  it('deliver each message exactly once', async () => {
    await t.app.outbox.stop();
    const second = t.databaseUrl
      ? await openDatabase({ databaseUrl: t.databaseUrl, pgliteDir: '' })
      : t.database;
    try {
      const count = 60;
      await enqueueMail(
        t.database.db,
        ...Array.from({ length: count }, (_, i) => ({
          kind: 'test',
          about: 'race',
          message: { to: `r${i}@example.ae`, subject: `race ${i}`, text: 'x' },
        })),
      );
      const sends: string[] = [];
      const slow: Mailer = {
        target: 'test',
        async send(m: MailMessage) {
          await new Promise((r) => setTimeout(r, Math.random() * 15));
          sends.push(m.to);
        },
        close() {},
      };
      const settings = {
        pollMs: 60_000,
        retryBaseMs: 100,
        retryMaxMs: 1000,
        maxAttempts: 3,
        leaseMs: 60_000,
        messageIdDomain: 'test',
        batch: 5,
      };
      const a = new OutboxWorker(t.database.db, slow, settings, t.app.log);
      const b = new OutboxWorker(second.db, slow, settings, t.app.log);
      const [sentA, sentB] = await Promise.all([a.deliverDue(), b.deliverDue()]);
      expect(sentA + sentB).toBe(count);
      expect(sends).toHaveLength(count);
      expect(new Set(sends).size).toBe(count);
      const rows = await messagesAbout(t.database.db, 'race');
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      if (t.databaseUrl) expect(Math.min(sentA, sentB)).toBeGreaterThan(0);
    } finally {
      if (second !== t.database) await second.close();
    }
  });
});

describe('a mail server that never answers', () => {
  it('holds a message for half its lease at most: no second worker sends it meanwhile', async () => {
    await t.app.outbox.stop();
    const silent = await startTestSmtp();
    const mailer = createMailer({ smtpUrl: silent.url, from: 'shop@example.ae', dir: '' });
    const settings = {
      pollMs: 60_000,
      retryBaseMs: 1500,
      retryMaxMs: 1500,
      maxAttempts: 3,
      leaseMs: 1000,
      messageIdDomain: 'test',
    };
    const a = new OutboxWorker(t.database.db, mailer, settings, t.app.log);
    const b = new OutboxWorker(t.database.db, mailer, settings, t.app.log);
    try {
      silent.mode = 'hang';
      await enqueueMail(t.database.db, {
        kind: 'test',
        about: 'silent-server',
        message: { to: 'amal@example.ae', subject: 'Silent server', text: 'x' },
      });
      const first = a.deliverDue();
      // Past the lease of the first try: had it still been waiting, the message would be free to claim again.
      await new Promise((r) => setTimeout(r, 1200));
      expect(await b.deliverDue()).toBe(0);
      expect(await first).toBe(0);
      expect(silent.attempts).toHaveLength(1);
      const [waiting] = await messagesAbout(t.database.db, 'silent-server');
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
      expect(waiting!.lastError).toBe('the mail server did not answer within 500 ms');

      // The next try, after the backoff, goes through once the server answers: one message, one Message-ID.
      silent.mode = 'accept';
      await new Promise((r) => setTimeout(r, 1900));
      expect(await b.deliverDue()).toBe(1);
      const [sent] = await messagesAbout(t.database.db, 'silent-server');
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect(silent.received.map((m) => m.messageId)).toEqual([`<outbox-${sent!.id}@test>`]);
    } finally {
      mailer.close();
      await silent.close();
    }
  });
});

describe('a shop killed between the commit and the send', () => {
  it('sends the e-mail after it restarts, once', async () => {
    const crashSmtp = await startTestSmtp();
    const dataDir = mkdtempSync(join(tmpdir(), 'boutique-crash-'));
    let dbName: string | undefined;
    let databaseUrl = '';
    if (process.env.DATABASE_URL) {
      dbName = `boutique_crash_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
    }
    const port = Number(process.env.OUTBOX_TEST_PORT ?? 4311);
    const base = `http://127.0.0.1:${port}`;
    const start = () =>
      new Promise<ChildProcess>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', '--conditions=source', 'test/support/run-shop.ts'],
          {
            cwd: join(import.meta.dirname, '..'),
            env: {
              ...process.env,
              NODE_ENV: 'test',
              LOG_LEVEL: 'warn',
              PORT: String(port),
              DATA_DIR: dataDir,
              DATABASE_URL: databaseUrl,
              REDIS_URL: '',
              SEED_DEMO: 'false',
              SMTP_URL: crashSmtp.url,
              OUTBOX_POLL_S: '0.2',
              OUTBOX_LEASE_S: '1',
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ready')) resolve(child);
        });
        child.once('exit', (code) => reject(new Error(`shop exited with ${code}`)));
      });
    const killed = (child: ChildProcess) =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    let child: ChildProcess | undefined;
    try {
      // The mail server takes the message's data and never answers: the shop is mid-send when it dies.
      crashSmtp.mode = 'hang';
      child = await start();
      const res = await fetch(`${base}/api/v1/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message(99)),
      });
      expect(res.status).toBe(201);
      await eventually(async () => (crashSmtp.attempts.length > 0 ? true : undefined));
      await killed(child);
      child = undefined;
      expect(crashSmtp.received).toHaveLength(0);

      crashSmtp.mode = 'accept';
      child = await start();
      const sent = await eventually(async () =>
        crashSmtp.received.find((m) => m.subject.includes('Salma Idrissi 99:')),
      );
      expect(sent).toBeDefined();
      await new Promise((r) => setTimeout(r, 1500));
      expect(crashSmtp.received.filter((m) => m.subject.includes('Salma Idrissi 99:'))).toHaveLength(1);
    } finally {
      if (child) await killed(child);
      await crashSmtp.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    }
  }, 240_000);
});
