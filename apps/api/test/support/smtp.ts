import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  subject: string;
  messageId: string;
  raw: string;
  at: number;
}

/** What the test SMTP server does with the next message: take it, refuse it (451), or never answer. */
export type SmtpMode = 'accept' | 'refuse' | 'hang';

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Every DATA command, taken or not, with when it arrived. */
  attempts: { at: number; mode: SmtpMode }[];
  mode: SmtpMode;
  close(): Promise<void>;
}

function decodeQ(data: string): string {
  const bytes: number[] = [];
  const text = data.replaceAll('_', ' ');
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) as text. */
export const decodeWords = (header: string) =>
  header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQ(data),
    );

/** A local SMTP server (smtp-server, plain on 127.0.0.1) whose answer to each message the test chooses. */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    received: [],
    attempts: [],
    mode: 'accept',
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const mode = state.mode;
      state.attempts.push({ at: Date.now(), mode });
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        if (mode === 'hang') return;
        if (mode === 'refuse') {
          const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const header = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
        state.received.push({
          subject: decodeWords(/^subject: (.*)$/im.exec(header)?.[1]?.trim() ?? ''),
          messageId: /^message-id: (.*)$/im.exec(header)?.[1]?.trim() ?? '',
          raw,
          at: Date.now(),
        });
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  state.url = `smtp://127.0.0.1:${actual}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
