import { z } from 'zod';

import { LANGUAGES } from './constants.js';

export const LanguageSchema = z.enum(LANGUAGES);

export const LocalizedTextSchema = z.object({ en: z.string(), fr: z.string(), ar: z.string() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** AED amount on the wire: a decimal string with two decimals, e.g. "1250.00". */
export const MoneySchema = z.string().regex(/^\d{1,10}\.\d{2}$/, 'Must be an amount with two decimals');
export type Money = z.infer<typeof MoneySchema>;

/** Printable text that may span lines: line breaks and tabs allowed, other control characters refused. */
export const PLAIN_TEXT_LINES = /^(?:[^\p{Cc}]|[\r\n\t])*$/u;
