/**
 * The cluster's S3 server and SMTP server, in a process of their own so that the shoppers' load in the test's
 * process does not slow them (a real cluster's object store and mail relay are other machines). Prints one
 * JSON line when both listen ({"ready": ...}), then one per message received ({"subject": ..., "messageId": ...,
 * "at": epoch ms}); stops on SIGTERM or when its parent's pipe closes.
 *
 * Usage: node --import tsx cluster/services.ts <s3 port> <smtp port> <bucket>
 */
import { SMTPServer } from 'smtp-server';
import { startLocalS3 } from '../test/support/s3.js';
import { decodeWords } from '../test/support/smtp.js';

const [s3Port, smtpPort, bucket] = process.argv.slice(2);
const s3 = await startLocalS3({ port: Number(s3Port), bucket });

const smtp = new SMTPServer({
  authOptional: true,
  // Plain SMTP on loopback: nodemailer would otherwise upgrade to TLS with a certificate nobody signed.
  disabledCommands: ['STARTTLS', 'AUTH'],
  // No reverse DNS of 127.0.0.1: on a closed network it waits for a resolver that never answers.
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      const header = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
      const subject = decodeWords(/^subject: (.*)$/im.exec(header)?.[1]?.trim() ?? '');
      const messageId = /^message-id: (.*)$/im.exec(header)?.[1]?.trim() ?? '';
      process.stdout.write(`${JSON.stringify({ subject, messageId, at: Date.now() })}\n`);
      callback();
    });
  },
});
await new Promise<void>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(Number(smtpPort), '127.0.0.1', () => resolve());
});
// A sender killed mid-message (the instance the test kills) resets its connection: that message is lost, the
// server goes on. Without this listener the reset would end the process, and the S3 server with it.
smtp.on('error', (err: Error) => process.stderr.write(`smtp: ${err.message}\n`));
process.stdout.write(`${JSON.stringify({ ready: { s3: s3.env, smtp: `smtp://127.0.0.1:${smtpPort}` } })}\n`);

const stop = async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await s3.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.stdin.once('end', () => void stop());
process.stdin.resume();
