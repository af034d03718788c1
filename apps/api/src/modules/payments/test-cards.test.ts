import { describe, expect, it } from 'vitest';
import { cardBrand, luhnValid, testCardOutcome } from './test-cards.js';

const card = (number: string, exp_month = 12, exp_year = 2030, cvc = '123') => ({
  number,
  exp_month,
  exp_year,
  cvc,
});
const now = new Date('2026-06-15T12:00:00Z');

describe("Stripe's test cards in the sandbox", () => {
  it('accepts the success numbers of every brand, spaced or not', () => {
    for (const [number, brand] of [
      ['4242 4242 4242 4242', 'visa'],
      ['5555-5555-5555-4444', 'mastercard'],
      ['2223003122003222', 'mastercard'],
      ['378282246310005', 'amex'],
      ['6011111111111117', 'discover'],
      ['3056930009020004', 'diners'],
      ['36227206271667', 'diners'],
      ['3566002020360505', 'jcb'],
      ['6200000000000005', 'unionpay'],
    ] as const) {
      const cvc = brand === 'amex' ? '1234' : '123';
      expect(testCardOutcome(card(number, 12, 2030, cvc), now), number).toEqual({
        ok: true,
        brand,
        last4: number.replace(/\D/g, '').slice(-4),
      });
    }
  });

  it('checks the number, then the expiry, then the security code', () => {
    expect(testCardOutcome(card('4242'), now)).toMatchObject({
      ok: false,
      error: { code: 'invalid_number' },
    });
    expect(testCardOutcome(card('4242424242424241'), now)).toMatchObject({
      error: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
    });
    expect(testCardOutcome(card('4242424242424242', 13), now)).toMatchObject({
      error: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." },
    });
    expect(testCardOutcome(card('4242424242424242', 12, 2025), now)).toMatchObject({
      error: { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." },
    });
    expect(testCardOutcome(card('4242424242424242', 5, 2026), now)).toMatchObject({
      error: { code: 'expired_card', message: 'Your card has expired.' },
    });
    expect(testCardOutcome(card('4242424242424242', 6, 26), now)).toMatchObject({ ok: true });
    expect(testCardOutcome(card('4242424242424242', 12, 2030, '12'), now)).toMatchObject({
      error: { code: 'invalid_cvc' },
    });
    expect(testCardOutcome(card('378282246310005', 12, 2030, '123'), now)).toMatchObject({
      error: { code: 'invalid_cvc' },
    });
  });

  it('declines with the decline cards and refuses a real card in test mode', () => {
    expect(testCardOutcome(card('4000000000000002'), now)).toEqual({
      ok: false,
      error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    });
    expect(testCardOutcome(card('4000000000009995'), now)).toEqual({
      ok: false,
      error: {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    expect(testCardOutcome(card('4000000000000069'), now)).toMatchObject({ error: { code: 'expired_card' } });
    expect(testCardOutcome(card('4000000000000127'), now)).toMatchObject({
      error: { code: 'incorrect_cvc' },
    });
    expect(testCardOutcome(card('4111111111111111'), now)).toMatchObject({
      error: { code: 'card_declined', decline_code: 'test_mode_live_card' },
    });
  });

  it('knows Luhn and the brands by their prefixes', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(cardBrand('2720990000000000')).toBe('mastercard');
    expect(cardBrand('6500000000000000')).toBe('discover');
    expect(cardBrand('3528000000000000')).toBe('jcb');
    expect(cardBrand('9000000000000000')).toBe('unknown');
  });
});
