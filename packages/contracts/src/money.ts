/**
 * The shop's money rules, zod-free, for API and storefront alike: AED amounts are integer fils (1/100 AED) in
 * arithmetic and decimal strings ("1250.00") on the wire.
 */

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
 * The digits' format, with 0 or always 2 decimals, made at the first price shown: the first formatter loads the
 * locale's number data, a cost no page should pay while its code is still being evaluated.
 */
const formats: Intl.NumberFormat[] = [];
const numberFormat = (minimumFractionDigits: 0 | 2) =>
  (formats[minimumFractionDigits] ??= new Intl.NumberFormat('en-US', {
    maximumFractionDigits: 2,
    minimumFractionDigits,
  }));

/**
 * AED with a comma as thousands separator: `AED 1,250` in English and French, `1,250 د.إ` in Arabic.
 * Decimals show only when there are fils, unless `cents` asks for them always (invoices).
 */
export function formatMoney(amount: string | number, lang: string, { cents = false } = {}): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  const safe = Number.isFinite(value) ? value : 0;
  const digits = numberFormat(cents || !Number.isInteger(Math.round(safe * 100) / 100) ? 2 : 0).format(safe);
  return lang === 'ar' ? `${digits}\u00a0د.إ` : `AED\u00a0${digits}`;
}
