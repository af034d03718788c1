import { z } from 'zod';

import { LANGUAGES } from './constants.js';
import { parseWholeNumber } from './numbers.js';

export const LanguageSchema = z.enum(LANGUAGES);

export const LocalizedTextSchema = z.object({ en: z.string(), fr: z.string(), ar: z.string() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** AED amount on the wire: a decimal string with two decimals, e.g. "1250.00". */
export const MoneySchema = z.string().regex(/^\d{1,10}\.\d{2}$/, 'Must be an amount with two decimals');
export type Money = z.infer<typeof MoneySchema>;

/** Printable text that may span lines: line breaks and tabs allowed, other control characters refused. */
export const PLAIN_TEXT_LINES = /^(?:[^\p{Cc}]|[\r\n\t])*$/u;

/**
 * A whole number sent as a number, or typed as text in any digits (`٣`, `۳`, `+2`, `−1`, `1,200`): normalised
 * once here (numbers.ts), so the API takes what an Arabic or Persian keyboard types. Anything else fails `base`
 * with `message`.
 */
export const wholeNumberInput = <T extends z.ZodType<number, number>>(base: T, message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => (typeof v === 'string' ? (parseWholeNumber(v) ?? Number.NaN) : v))
    .pipe(base);
