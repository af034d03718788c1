/**
 * The sandbox card form's rules: what brand a number is, how it is grouped as it is typed, and whether number,
 * expiry and security code can be sent at all. The gateway judges the card itself (decline, funds); these
 * checks only spare the shopper a round trip for a typo, with a message in their language.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay';

interface BrandRule {
  /** Accepted lengths of the whole number. */
  lengths: number[];
  /** Digits per group as the number is shown. */
  groups: number[];
  cvcLength: number;
}

const RULES: Record<CardBrand, BrandRule> = {
  visa: { lengths: [13, 16, 19], groups: [4, 4, 4, 4, 3], cvcLength: 3 },
  mastercard: { lengths: [16], groups: [4, 4, 4, 4], cvcLength: 3 },
  amex: { lengths: [15], groups: [4, 6, 5], cvcLength: 4 },
  discover: { lengths: [16, 17, 18, 19], groups: [4, 4, 4, 4, 3], cvcLength: 3 },
  diners: { lengths: [14, 15, 16, 17, 18, 19], groups: [4, 6, 9], cvcLength: 3 },
  jcb: { lengths: [16, 17, 18, 19], groups: [4, 4, 4, 4, 3], cvcLength: 3 },
  unionpay: { lengths: [16, 17, 18, 19], groups: [4, 4, 4, 4, 3], cvcLength: 3 },
};

const UNKNOWN: BrandRule = {
  lengths: [12, 13, 14, 15, 16, 17, 18, 19],
  groups: [4, 4, 4, 4, 3],
  cvcLength: 3,
};

export const MAX_CARD_DIGITS = 19;

export const digitsOf = (text: string) => text.replace(/\D/g, '');

const between = (value: number, min: number, max: number) => value >= min && value <= max;

/** The brand a number belongs to, from its first digits (Stripe's ranges), or null while it cannot be told. */
export function detectBrand(input: string): CardBrand | null {
  const d = digitsOf(input);
  if (!d) return null;
  const n2 = Number(d.slice(0, 2));
  const n3 = Number(d.slice(0, 3));
  const n4 = Number(d.slice(0, 4));
  if (d.startsWith('4')) return 'visa';
  if (d.length >= 2 && (d.startsWith('34') || d.startsWith('37'))) return 'amex';
  if (d.length >= 2 && between(n2, 51, 55)) return 'mastercard';
  if (d.length >= 4 && between(n4, 2221, 2720)) return 'mastercard';
  if (d.startsWith('6011') || d.startsWith('65') || (d.length >= 3 && between(n3, 644, 649)))
    return 'discover';
  if (d.startsWith('62')) return 'unionpay';
  if (d.length >= 4 && between(n4, 3528, 3589)) return 'jcb';
  if (d.startsWith('36') || d.startsWith('38') || d.startsWith('39')) return 'diners';
  if (d.length >= 3 && between(n3, 300, 305)) return 'diners';
  return null;
}

const ruleOf = (brand: CardBrand | null) => (brand ? RULES[brand] : UNKNOWN);

export const cvcLengthOf = (brand: CardBrand | null) => ruleOf(brand).cvcLength;

/** The most digits a number of this brand can have. */
export const maxDigitsOf = (brand: CardBrand | null) => Math.max(...ruleOf(brand).lengths);

/** "4242424242424242" as "4242 4242 4242 4242", "378282246310005" as "3782 822463 10005"; extra digits dropped. */
export function formatCardNumber(input: string): string {
  const brand = detectBrand(input);
  const digits = digitsOf(input).slice(0, maxDigitsOf(brand));
  const parts: string[] = [];
  let at = 0;
  for (const size of ruleOf(brand).groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(input: string): boolean {
  const digits = digitsOf(input);
  if (digits.length < 2) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The expiry as "MM / YY" while it is typed. A first digit above 1 can only be a month of its own ("4" is
 * "04"). The separator appears with the third digit, so that deleting back over it never gets stuck.
 */
export function formatExpiry(input: string): string {
  let digits = digitsOf(input);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function parseExpiry(input: string): { month: number; year: number } | null {
  const digits = digitsOf(input);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

export function formatCvc(input: string, brand: CardBrand | null): string {
  return digitsOf(input).slice(0, cvcLengthOf(brand));
}

/** Keys of the `checkout` namespace under `card.errors`. */
export type CardErrorKey =
  | 'numberRequired'
  | 'numberIncomplete'
  | 'numberInvalid'
  | 'expiryRequired'
  | 'expiryIncomplete'
  | 'expiryMonth'
  | 'expiryPast'
  | 'expiryTooFar'
  | 'cvcRequired'
  | 'cvcIncomplete';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardInput, CardErrorKey>>;

/** Cards are not issued for more than this many years ahead (Stripe refuses further too). */
const MAX_YEARS_AHEAD = 20;

export function numberError(number: string): CardErrorKey | undefined {
  const digits = digitsOf(number);
  if (!digits) return 'numberRequired';
  const rule = ruleOf(detectBrand(digits));
  if (digits.length < Math.min(...rule.lengths)) return 'numberIncomplete';
  if (!rule.lengths.includes(digits.length) || !luhnValid(digits)) return 'numberInvalid';
  return undefined;
}

/** A card is good until the end of its expiry month. */
export function expiryError(expiry: string, now = new Date()): CardErrorKey | undefined {
  const digits = digitsOf(expiry);
  if (!digits) return 'expiryRequired';
  const parsed = parseExpiry(expiry);
  if (!parsed) return 'expiryIncomplete';
  if (parsed.month < 1 || parsed.month > 12) return 'expiryMonth';
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (parsed.year < thisYear || (parsed.year === thisYear && parsed.month < thisMonth)) return 'expiryPast';
  if (parsed.year > thisYear + MAX_YEARS_AHEAD) return 'expiryTooFar';
  return undefined;
}

export function cvcError(cvc: string, brand: CardBrand | null): CardErrorKey | undefined {
  const digits = digitsOf(cvc);
  if (!digits) return 'cvcRequired';
  if (digits.length !== cvcLengthOf(brand)) return 'cvcIncomplete';
  return undefined;
}

/** Every field's first problem; an empty object when the card can be sent. */
export function validateCard(card: CardInput, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = numberError(card.number);
  const expiry = expiryError(card.expiry, now);
  const cvc = cvcError(card.cvc, detectBrand(card.number));
  if (number) errors.number = number;
  if (expiry) errors.expiry = expiry;
  if (cvc) errors.cvc = cvc;
  return errors;
}

/** What the sandbox confirmation takes: digits only and a four-digit year. */
export function toSandboxCard(card: CardInput) {
  const expiry = parseExpiry(card.expiry) ?? { month: 0, year: 0 };
  return {
    number: digitsOf(card.number),
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc: digitsOf(card.cvc),
  };
}

/**
 * Where the caret belongs after reformatting: just after the same number of digits as before it, so typing or
 * deleting in the middle of a grouped number does not throw the caret to the end.
 */
export function caretAfterFormat(before: string, caret: number, after: string): number {
  const digitsBefore = digitsOf(before.slice(0, caret)).length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < after.length; i += 1) {
    if (/\d/.test(after[i] ?? '')) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return after.length;
}

/** Stripe's test cards, as the test-mode notice lists them. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'success' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
] as const;
