import { createInstance } from 'i18next';
import type { Language } from '@boutique/contracts';
import ar from '@boutique/contracts/locales/ar/mail.json' with { type: 'json' };
import en from '@boutique/contracts/locales/en/mail.json' with { type: 'json' };
import fr from '@boutique/contracts/locales/fr/mail.json' with { type: 'json' };
import sharedAr from '@boutique/contracts/locales/ar/shared.json' with { type: 'json' };
import sharedEn from '@boutique/contracts/locales/en/shared.json' with { type: 'json' };
import sharedFr from '@boutique/contracts/locales/fr/shared.json' with { type: 'json' };
import type { Line, Segment } from './mail-layout.js';

/**
 * The words of the shop's e-mails, in the `mail` namespace of the shared translation files
 * (packages/contracts/locales/{en,fr,ar}/mail.json), read with i18next as the web reads its own: `{{name}}`
 * placeholders, plural forms `_one`/`_other` (and Arabic's `_zero`/`_two`/`_few`/`_many`), variants by
 * `context` (`intro_return`, `intro_exchange`). What the pages say too (the contact form's subjects) is in the
 * `shared` namespace beside it, which the web serves as one of its own: `shared:contactSubjects.general`.
 *
 * Values are put in as they are (`escapeValue: false`): the layout (mail-layout.ts) escapes every segment
 * once for the HTML part and leaves the text part as typed.
 */
const mailI18n = createInstance();
void mailI18n.init({
  resources: {
    en: { mail: en, shared: sharedEn },
    fr: { mail: fr, shared: sharedFr },
    ar: { mail: ar, shared: sharedAr },
  },
  ns: ['mail', 'shared'],
  defaultNS: 'mail',
  lng: 'en',
  fallbackLng: 'en',
  // The resources are all here: init is done when this returns.
  initAsync: false,
  interpolation: { escapeValue: false },
});

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type WithoutPlural<K extends string> =
  K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;
type WithoutContext<K extends string> = K extends `${infer B}_${'return' | 'exchange'}` ? B : K;

/**
 * A text of the `mail` namespace (`orderShipped.subject`; plurals and variants by their key without suffix) or of
 * the `shared` one (`shared:contactSubjects.general`).
 */
export type MailKey = WithoutContext<WithoutPlural<Leaves<typeof en>>> | `shared:${Leaves<typeof sharedEn>}`;

export interface MailValues {
  [name: string]: string | number | undefined;
  /** Chooses the plural form, and is `{{count}}` in the text. */
  count?: number;
  /** Chooses the variant `key_<context>`. */
  context?: string;
}

/** The text of `key` in `lang`, with its placeholders filled in as given. */
export function mailText(lang: Language, key: MailKey, values: MailValues = {}): string {
  return mailI18n.t(key, { ...values, lng: lang });
}

// Marks where a value a person typed goes, to cut the text there: characters of the private use area, which
// no text of ours holds.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARK = new RegExp(`${OPEN}(\\d+)${CLOSE}`);

/**
 * The text of `key` as a line of the layout, where each value of `user` (a name, an address, a tracking
 * number) is a segment of its own, isolated in the HTML so that Latin text keeps its order inside Arabic.
 */
export function mailLine(
  lang: Language,
  key: MailKey,
  user: Record<string, string>,
  values: MailValues = {},
): Line {
  const names = Object.keys(user);
  const marks = Object.fromEntries(names.map((name, i) => [name, `${OPEN}${i}${CLOSE}`]));
  const parts = mailText(lang, key, { ...values, ...marks }).split(MARK);
  // split() with a capture group: text, index, text, index, ..., text.
  return parts.flatMap((part, i): Segment[] =>
    i % 2 === 0 ? (part ? [part] : []) : [{ user: user[names[Number(part)]!]! }],
  );
}
