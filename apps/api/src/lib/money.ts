/**
 * AED amounts: decimal strings with two decimals on the wire and in the database, integer fils (1/100 AED)
 * in arithmetic, so that sums never drift through floating point.
 */
import { toFils } from '@boutique/contracts/constants';

/** The conversions live with the shop's other money rules, for the storefront and the back office too. */
export { fromFils, toFils } from '@boutique/contracts/constants';

/**
 * An amount as a client sends it (the spec's storefront sends numbers, others decimal strings) in fils, or
 * undefined when it is not a whole number of fils (12.345 is not an amount, 12.3 is 1230 fils).
 */
export function clientAmountToFils(amount: number | string): number | undefined {
  if (typeof amount === 'string') {
    try {
      return toFils(amount);
    } catch {
      return undefined;
    }
  }
  if (!Number.isFinite(amount) || amount < 0) return undefined;
  const fils = Math.round(amount * 100);
  // 19.99 * 100 is 1998.9999999999998: within a millionth of a fils is the same amount.
  return Math.abs(amount * 100 - fils) < 1e-6 && Number.isSafeInteger(fils) ? fils : undefined;
}
