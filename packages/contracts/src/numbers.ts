/**
 * Numbers as people type them, zod-free for API and storefront alike: an Arabic phone keyboard types ١٩٥٠, a
 * Persian one ۱۹۵۰, an owner copying from a spreadsheet 1,950 or 1 950. Every money, stock and quantity field
 * goes through `normalizeNumberText` once, in the contracts' schemas, so the API and the forms read the same
 * number from the same keys.
 */

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** Direction marks a right-to-left keyboard or a copy from an Arabic text leaves around digits. */
const DIRECTION_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/**
 * A sign, the whole part (thousands grouped by one separator, `,` `٬` or a space, or not grouped), then a
 * decimal point or comma and the decimals.
 */
const NUMBER = /^([+-]?)(\d{1,3}(?:([,\u066c \u00a0\u202f\u2009])\d{3})(?:\3\d{3})*|\d+)(?:([.,])(\d+))?$/;

/**
 * `١٬٩٥٠٫٥٠` → `1950.50`; `1 950` → `1950`; `−3` → `-3`. Western, Arabic-Indic (٠-٩) and Persian (۰-۹) digits;
 * the Arabic decimal separator ٫; a thousands separator (`,` `٬` or a space) only where it groups three digits,
 * so that `1,5` stays a decimal comma (1.5) rather than becoming 15. Anything it does not recognise is given back
 * trimmed with its digits converted, for the schema to refuse with its own message.
 */
export function normalizeNumberText(text: string): string {
  let s = '';
  for (const ch of text.replace(DIRECTION_MARKS, '').trim()) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= ARABIC_INDIC_ZERO && code <= ARABIC_INDIC_ZERO + 9) s += String(code - ARABIC_INDIC_ZERO);
    else if (code >= PERSIAN_ZERO && code <= PERSIAN_ZERO + 9) s += String(code - PERSIAN_ZERO);
    else if (ch === '\u2212' || ch === '\u2013') s += '-';
    else if (ch === '\uff0b') s += '+';
    else s += ch;
  }
  // The Arabic decimal separator is never a thousands separator.
  s = s.replace(/\u066b/g, '.');
  const m = NUMBER.exec(s);
  // `1,950,50`: the same mark cannot both group thousands and start the decimals.
  if (!m || (m[3] !== undefined && m[3] === m[4])) return s;
  const [, sign = '', whole = '', group, point, decimals] = m;
  return `${sign}${group === undefined ? whole : whole.split(group).join('')}${point ? `.${decimals}` : ''}`;
}

/** A whole number typed in any of those ways (`٣`, `+2`, `−1`), or undefined when it is not one. */
export function parseWholeNumber(text: string): number | undefined {
  const s = normalizeNumberText(text);
  if (!/^[+-]?\d{1,9}$/.test(s)) return undefined;
  return Number(s);
}
