/**
 * Stripe's test cards, as the sandbox gateway answers them: the same numbers succeed or fail with the same
 * codes and messages as in Stripe's test mode (https://docs.stripe.com/testing), so a shopper or a test that
 * knows Stripe finds no surprise, and switching to the real gateway changes nothing in the storefront.
 */

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
}

export type CardOutcome = { ok: true; brand: CardBrand; last4: string } | { ok: false; error: CardDecline };

export type CardBrand =
  'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** Numbers that succeed in Stripe's test mode, one or more per brand. */
const SUCCEEDING = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
]);

export const DECLINED = 'Your card was declined.';

/** Numbers that fail in Stripe's test mode, with Stripe's answer. */
const FAILING: Record<string, CardDecline> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: DECLINED },
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': { code: 'card_declined', decline_code: 'lost_card', message: DECLINED },
  '4000000000009979': { code: 'card_declined', decline_code: 'stolen_card', message: DECLINED },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

export const LIVE_CARD_IN_TEST_MODE: CardDecline = {
  code: 'card_declined',
  decline_code: 'test_mode_live_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

export function luhnValid(digits: string): boolean {
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

export function cardBrand(digits: string): CardBrand {
  const n2 = Number(digits.slice(0, 2));
  const n4 = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((n2 >= 51 && n2 <= 55) || (n4 >= 2221 && n4 <= 2720)) return 'mastercard';
  if (n2 === 34 || n2 === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || (n4 >= 6440 && n4 <= 6499)) return 'discover';
  if ((n4 >= 3000 && n4 <= 3059) || n2 === 36 || n2 === 38 || n2 === 39) return 'diners';
  if (n4 >= 3528 && n4 <= 3589) return 'jcb';
  if (n2 === 62) return 'unionpay';
  return 'unknown';
}

/** What Stripe's test mode answers for this card at this moment. */
export function testCardOutcome(card: CardInput, now = new Date()): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) {
    return {
      ok: false,
      error: { code: 'invalid_number', message: 'The card number is not a valid credit card number.' },
    };
  }
  if (!luhnValid(digits)) {
    return { ok: false, error: { code: 'incorrect_number', message: 'Your card number is incorrect.' } };
  }

  if (!Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12) {
    return {
      ok: false,
      error: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." },
    };
  }
  // Two-digit years are read as this century's, as Stripe does.
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < thisYear || year > thisYear + 50) {
    return {
      ok: false,
      error: { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." },
    };
  }
  if (year === thisYear && card.exp_month < now.getUTCMonth() + 1) {
    return { ok: false, error: { code: 'expired_card', message: 'Your card has expired.' } };
  }

  const brand = cardBrand(digits);
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(card.cvc)) {
    return { ok: false, error: { code: 'invalid_cvc', message: "Your card's security code is invalid." } };
  }

  const failing = FAILING[digits];
  if (failing) return { ok: false, error: failing };
  if (!SUCCEEDING.has(digits)) return { ok: false, error: LIVE_CARD_IN_TEST_MODE };
  return { ok: true, brand, last4: digits.slice(-4) };
}
