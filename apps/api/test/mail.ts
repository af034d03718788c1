import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from './support/eventually.js';

/** One e-mail as the .eml mailer wrote it, decoded enough for a test to read. */
export interface ReadMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeWords(header: string): string {
  return header
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return headers;
}

/** Parses the multipart/alternative messages the mailer writes (text and HTML parts). */
export function parseEml(file: string, raw: string): ReadMail {
  const split = raw.search(/\r?\n\r?\n/);
  const top = headersOf(raw.slice(0, split));
  const boundary = /boundary="?([^";]+)"?/.exec(top.get('content-type') ?? '')?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw.slice(split)];
  const mail: ReadMail = {
    file,
    to: top.get('to') ?? '',
    subject: decodeWords(top.get('subject') ?? ''),
    text: '',
    html: '',
  };
  for (const part of parts) {
    const body = part.replace(/^\r?\n/, '');
    const end = body.search(/\r?\n\r?\n/);
    const headers = headersOf(body.slice(0, end));
    const content = body.slice(end).trim();
    const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
    const decoded =
      encoding === 'base64'
        ? Buffer.from(content, 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(content)
          : content;
    if (headers.get('content-type')?.startsWith('text/html')) mail.html = decoded;
    else if (headers.get('content-type')?.startsWith('text/plain')) mail.text = decoded;
  }
  return mail;
}

/** Every e-mail in the mailer's folder, oldest first. */
export function readMails(dir: string): ReadMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseEml(name, readFileSync(join(dir, name), 'utf8')));
}

/** Waits (the mail goes out after the answer) until `count` e-mails to `to` exist; answers them. */
export function waitForMails(dir: string, to: string, count = 1): Promise<ReadMail[]> {
  const mailsTo = () => readMails(dir).filter((m) => m.to === to);
  return eventually(
    () => {
      const mails = mailsTo();
      return mails.length >= count ? mails : undefined;
    },
    () => `expected ${count} e-mail(s) to ${to}, found ${mailsTo().length}`,
  );
}

/**
 * Waits for the first e-mail to `to` that `matches` and was not in the folder before (`seen` holds
 * file names). Other mails the account receives meanwhile (security notices go out from the outbox
 * at their own pace) neither satisfy nor disturb the wait.
 */
export function waitForMail(
  dir: string,
  to: string,
  matches: (mail: ReadMail) => boolean,
  seen: ReadonlySet<string> = new Set(),
): Promise<ReadMail> {
  return eventually(
    () => readMails(dir).find((m) => m.to === to && !seen.has(m.file) && matches(m)),
    () => `expected a new matching e-mail to ${to}`,
  );
}
