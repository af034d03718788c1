import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@boutique/contracts';
import ar from '@boutique/contracts/locales/ar/mail.json' with { type: 'json' };
import en from '@boutique/contracts/locales/en/mail.json' with { type: 'json' };
import fr from '@boutique/contracts/locales/fr/mail.json' with { type: 'json' };
import sharedAr from '@boutique/contracts/locales/ar/shared.json' with { type: 'json' };
import sharedEn from '@boutique/contracts/locales/en/shared.json' with { type: 'json' };
import sharedFr from '@boutique/contracts/locales/fr/shared.json' with { type: 'json' };
import { renderMail } from './mail-layout.js';
import { mailLine, mailText } from './mail-texts.js';

/** The namespaces the e-mails read, per language. */
const FILES: Record<Language, unknown> = {
  en: { mail: en, shared: sharedEn },
  fr: { mail: fr, shared: sharedFr },
  ar: { mail: ar, shared: sharedAr },
};
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text of a file as `a.b.c` → text. */
function leaves(value: unknown, prefix = '', out = new Map<string, string>()) {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  else throw new Error(`${prefix} is neither a text nor a group`);
  return out;
}

/** The keys of a language with their plural forms folded: key → the forms it has (none for a plain text). */
function keysOf(lang: Language) {
  const keys = new Map<string, Set<string>>();
  for (const key of leaves(FILES[lang]).keys()) {
    const form = PLURAL.exec(key)?.[1];
    const base = key.replace(PLURAL, '');
    const forms = keys.get(base) ?? new Set<string>();
    if (form) forms.add(form);
    keys.set(base, forms);
  }
  return keys;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);

describe('the e-mail texts', () => {
  const english = keysOf('en');

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key of English and no other', (lang) => {
    const keys = keysOf(lang);
    expect([...english.keys()].filter((k) => !keys.has(k))).toEqual([]);
    expect([...keys.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it.each(LANGUAGES)('%s gives each counted text every plural form the language has', (lang) => {
    const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.toSorted();
    const counted = [...english].filter(([, forms]) => forms.size > 0).map(([key]) => key);
    expect(counted.length).toBeGreaterThan(0);
    const keys = keysOf(lang);
    for (const key of counted) expect([key, [...(keys.get(key) ?? [])].toSorted()]).toEqual([key, needed]);
    // A text is counted in all languages or in none.
    for (const [key, forms] of keys) expect([key, forms.size > 0]).toEqual([key, counted.includes(key)]);
  });

  it.each(LANGUAGES)('%s fills in the same values as English', (lang) => {
    const texts = leaves(FILES[lang]);
    const english = leaves(FILES.en);
    const used = (all: Map<string, string>, key: string) =>
      [...all]
        .filter(([k]) => k.replace(PLURAL, '') === key)
        .flatMap(([, text]) => placeholders(text))
        // A plural form may say "one" or "two" in words rather than the number.
        .filter((name) => name !== 'count');
    for (const key of new Set([...english.keys()].map((k) => k.replace(PLURAL, ''))))
      expect([key, new Set(used(texts, key))]).toEqual([key, new Set(used(english, key))]);
  });

  it('chooses the plural form by the count, in each language', () => {
    const locked = (lang: Language, count: number) =>
      mailText(lang, 'secondFactorLocked.intro', { shop: 'S', count });
    expect(locked('en', 1)).toContain('typed 1 wrong code of');
    expect(locked('en', 20)).toContain('typed 20 wrong codes of');
    expect(locked('fr', 20)).toContain('saisi 20 codes erronés');
    expect(locked('ar', 2)).toContain('رمزين خاطئين');
    expect(locked('ar', 5)).toContain('5 رموز خاطئة');
    // 11 to 99 take the singular noun in the accusative.
    expect(locked('ar', 20)).toContain('20 رمزاً خاطئاً');
  });

  it('puts what a person typed in a segment of its own, and reads no markup in it', () => {
    const typed = '<b>&"{{number}} $t(common.size)';
    expect(mailLine('en', 'orderShipped.carrier', { carrier: typed, tracking: 'T1' })).toEqual([
      'Carrier: ',
      { user: typed },
      ' · tracking number: ',
      { user: 'T1' },
    ]);
    expect(
      mailLine('fr', 'ownerReturnRequested.intro', { customer: typed }, { context: 'exchange' }),
    ).toEqual([{ user: typed }, ' demande à échanger des pièces.']);
    expect(mailText('en', 'common.hello', { name: typed })).toBe(`Hello ${typed},`);
  });

  // The layout escapes each segment for the HTML part; i18next must not escape it first.
  it.each(LANGUAGES)('escapes a name once in the HTML part and not in the text part (%s)', (lang) => {
    const name = 'Amina <b>&"';
    const escaped = 'Amina &lt;b&gt;&amp;&quot;';
    const mail = renderMail('a@example.com', lang, 'Dar', {
      subject: mailText(lang, 'passwordReset.subject'),
      // A value as a segment of its own, and a value inside a plain text.
      greeting: mailLine(lang, 'common.hello', { name }),
      intro: [mailText(lang, 'passwordReset.intro', { shop: name })],
      outro: [],
    });
    expect(mail.text).toContain(mailText(lang, 'common.hello', { name }));
    expect(mail.text).toContain(mailText(lang, 'passwordReset.intro', { shop: name }));
    expect(mail.html).toContain(`<bdi>${escaped}</bdi>`);
    expect(mail.html?.split(escaped)).toHaveLength(3);
    expect(mail.html).not.toContain('&amp;lt;');
    expect(mail.html).not.toContain(name);
  });
});

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * What a text kept in TypeScript looks like: a language map (`en: {`, `fr: (name) =>`, `ar: 'a sentence'`),
 * or a choice of words by language (`lang === 'ar' ? 'من ...'`). Language tags (`en: 'en-GB'`) and directions
 * (`'rtl'`) are not texts.
 */
const TEXT_IN_CODE = [
  /\b(en|fr|ar)\s*:\s*(\{|\(|\w+\s*=>|`|'[^'\n]*[\s\u0080-\uffff]|"[^"\n]*[\s\u0080-\uffff])/,
  /===\s*'(en|fr|ar)'\s*\?\s*(`|'[^'\n]*[\s\u0080-\uffff]|"[^"\n]*[\s\u0080-\uffff])/,
];

function textsInCode(source: string): string[] {
  return source.split('\n').filter((line) => TEXT_IN_CODE.some((re) => re.test(line)));
}

describe('no e-mail text is left in TypeScript', () => {
  // The modules that write e-mails, wherever they are; the loader of the texts aside.
  const mailModules = sources(SRC).filter(
    (path) =>
      !path.endsWith(join('lib', 'mail-texts.ts')) &&
      /\b(renderMail|accountEmail|linkEmail|mailText|mailLine)\(/.test(readFileSync(path, 'utf8')),
  );

  it('finds the modules that write e-mails', () => {
    expect(mailModules.length).toBeGreaterThanOrEqual(8);
  });

  it.each(mailModules.map((path) => relative(SRC, path)))(
    '%s takes its words from the mail texts',
    (path) => {
      expect(textsInCode(readFileSync(join(SRC, path), 'utf8'))).toEqual([]);
    },
  );

  it('recognises a language map and a choice of words by language', () => {
    expect(textsInCode("const T = {\n  en: {\n    subject: 'Hi',")).toHaveLength(1);
    expect(textsInCode('  fr: (name: string) => `Bonjour ${name}`,')).toHaveLength(1);
    expect(textsInCode("  ar: 'مرحباً',")).toHaveLength(1);
    expect(textsInCode("lang === 'ar' ? `من ${a}` : `${a} → ${b}`")).toHaveLength(1);
    expect(textsInCode("const DATE_LOCALES = { en: 'en-GB', fr: 'fr-FR', ar: 'ar-MA' };")).toEqual([]);
    expect(textsInCode("const dir = lang === 'ar' ? 'rtl' : 'ltr';")).toEqual([]);
  });
});
