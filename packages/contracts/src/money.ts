/**
 * The shop's money rules, zod-free, for API and storefront alike: AED amounts are integer fils (1/100 AED) in
 * arithmetic and decimal strings ("1250.00") on the wire.
 */

/** A decimal amount in AED as typed or sent: up to ten digits, then at most two decimals ("1250", "1250.5"). */
export const DECIMAL_AMOUNT = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** A decimal amount ("1250", "1250.5", "1250.50") in fils; a RangeError for anything else. */
export function toFils(amount: string): number {
  const m = DECIMAL_AMOUNT.exec(amount.trim());
  if (!m) throw new RangeError(`Not an amount: ${JSON.stringify(amount)}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Fils as the wire and the database write them: 125000 is "1250.00". */
export function fromFils(fils: number): string {
  if (!Number.isSafeInteger(fils) || fils < 0) throw new RangeError(`Not a fils amount: ${fils}`);
  return `${Math.floor(fils / 100)}.${String(fils % 100).padStart(2, '0')}`;
}

/** UAE VAT, included in every price the shop shows. */
export const VAT_PERCENT = 5;

/**
 * The VAT included in a gross amount, in fils: gross × 5 / 105, rounded half up to the fils (the FTA's
 * rounding to the nearest fils). The net is the gross minus this, so net + VAT is always the gross paid.
 */
export function vatIncludedFils(grossFils: number): number {
  if (!Number.isSafeInteger(grossFils) || grossFils < 0)
    throw new RangeError(`Not a fils amount: ${grossFils}`);
  return Math.floor((grossFils * VAT_PERCENT * 2 + (100 + VAT_PERCENT)) / ((100 + VAT_PERCENT) * 2));
}

/**
 * AED with a comma as thousands separator: `AED 1,250` in English and French, `1,250 د.إ` in Arabic.
 * Decimals show only when there are fils, unless `cents` asks for them always (invoices).
 *
 * For an amount in whole fils, the digits are those of `Intl.NumberFormat('en-US')` (money.test.ts holds
 * them to it), written from the fils rather than by Intl: a page's first number formatter loads the locale's
 * number data, 36-97 ms of the main thread on a desktop and four times that on a phone (Chromium 156), which
 * every page with a price paid while the app took over the server's page.
 */
export function formatMoney(amount: string | number, lang: string, { cents = false } = {}): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  const rounded = Math.round(Math.abs(value) * 100);
  const fils = Number.isSafeInteger(rounded) ? rounded : 0;
  const [whole = '0', rest = '00'] = fromFils(fils).split('.');
  const digits =
    (value < 0 && fils > 0 ? '-' : '') +
    whole.replace(/\B(?=(\d{3})+$)/g, ',') +
    (cents || rest !== '00' ? `.${rest}` : '');
  return lang === 'ar' ? `${digits}\u00a0د.إ` : `AED\u00a0${digits}`;
}

/**
 * What a discount takes off, with a minus sign: `−AED 330`, `−330 د.إ`. In Arabic a left-to-right mark ties the
 * sign to the digits, so that a right-to-left line shows it on their left, as Arabic pages write a negative
 * amount in Latin digits (Intl's `ar-AE` does the same), rather than after them.
 */
export function formatMoneyOff(
  amount: string | number,
  lang: string,
  options: { cents?: boolean } = {},
): string {
  return `${lang === 'ar' ? '\u200e' : ''}\u2212${formatMoney(amount, lang, options)}`;
}
