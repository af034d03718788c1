import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

describe('mailer without SMTP', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes each message as a complete .eml file', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mail-')), 'mail');
    dirs.push(dir);
    const mailer = createMailer({ smtpUrl: undefined, from: '"Dar Lalla" <hello@darlalla.ae>', dir });
    await mailer.send({ to: 'salma@example.ae', subject: 'Réinitialisation', text: 'Lien : https://x/y' });
    await mailer.send({ to: 'salma@example.ae', subject: 'Second', text: 'two' });
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const first = readFileSync(join(dir, files[0]!), 'utf8');
    expect(first).toMatch(/^From: "?Dar Lalla"? <hello@darlalla\.ae>$/m);
    expect(first).toMatch(/^To: salma@example\.ae$/m);
    expect(first).toContain('Subject: =?UTF-8?');
    expect(mailer.target).toBe(dir);
  });
});
