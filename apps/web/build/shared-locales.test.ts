// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedLocales } from './shared-locales';

const DIR = new URL('../../../packages/contracts/locales/', import.meta.url);
const text = (lng: string, ns: string) => readFileSync(new URL(`${lng}/${ns}.json`, DIR), 'utf8');

describe('the shared translation files', () => {
  const plugin = sharedLocales(DIR, ['shared']);

  it("go into the build's locales, the shared namespaces only", () => {
    const emitted: { fileName: string; source: Buffer }[] = [];
    const generate = plugin.generateBundle as unknown as (this: unknown) => void;
    generate.call({ emitFile: (file: { fileName: string; source: Buffer }) => emitted.push(file) });
    expect(emitted.map((f) => f.fileName).toSorted()).toEqual([
      'locales/ar/shared.json',
      'locales/en/shared.json',
      'locales/fr/shared.json',
    ]);
    for (const file of emitted) {
      const lng = file.fileName.split('/')[1]!;
      expect(file.source.toString('utf8')).toBe(text(lng, 'shared'));
    }
  });

  it('are answered by the dev server, and nothing else is', () => {
    type Middleware = (req: { url: string }, res: object, next: () => void) => void;
    let middleware: Middleware | undefined;
    const configure = plugin.configureServer as unknown as (server: object) => void;
    configure({ middlewares: { use: (fn: Middleware) => (middleware = fn) } });
    const ask = (url: string) => {
      const answer = { headers: {} as Record<string, string>, body: '', passed: false };
      middleware!(
        { url },
        {
          setHeader: (name: string, value: string) => (answer.headers[name] = value),
          end: (body: Buffer) => (answer.body = body.toString('utf8')),
        },
        () => (answer.passed = true),
      );
      return answer;
    };
    expect(ask('/locales/fr/shared.json')).toMatchObject({
      passed: false,
      body: text('fr', 'shared'),
      headers: { 'content-type': 'application/json' },
    });
    expect(ask('/locales/fr/mail.json').passed).toBe(true);
    expect(ask('/locales/fr/contact.json').passed).toBe(true);
    expect(ask('/locales/xx/shared.json').passed).toBe(true);
  });
});
