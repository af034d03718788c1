/**
 * AED amounts: decimal strings with two decimals on the wire and in the database, integer fils (1/100 AED)
 * in arithmetic, so that sums never drift through floating point.
 */
const AMOUNT = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

export function toFils(amount: string): number {
  const m = AMOUNT.exec(amount.trim());
  if (!m) throw new RangeError(`Not an amount: ${JSON.stringify(amount)}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function fromFils(fils: number): string {
  if (!Number.isSafeInteger(fils) || fils < 0) throw new RangeError(`Not a fils amount: ${fils}`);
  return `${Math.floor(fils / 100)}.${String(fils % 100).padStart(2, '0')}`;
}
