import { describe, expect, it } from 'vitest';
import {
  caretAfterFormat,
  detectBrand,
  expiryError,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  luhnValid,
  numberError,
  toSandboxCard,
  validateCard,
} from './card';

describe('card brand', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['2223 0031 2200 3222', 'mastercard'],
    ['3782 822463 10005', 'amex'],
    ['3714 496353 98431', 'amex'],
    ['6011 1111 1111 1117', 'discover'],
    ['6445 0000 0000 0000', 'discover'],
    ['3056 9300 0902 0004', 'diners'],
    ['3622 7206 2716 67', 'diners'],
    ['3566 0020 2036 0505', 'jcb'],
    ['6200 0000 0000 0005', 'unionpay'],
  ])('tells %s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });

  it('waits for enough digits, and knows nothing of other numbers', () => {
    expect(detectBrand('')).toBeNull();
    expect(detectBrand('2')).toBeNull();
    expect(detectBrand('3')).toBeNull();
    expect(detectBrand('9999')).toBeNull();
    expect(detectBrand('4')).toBe('visa');
  });
});

describe('card number formatting', () => {
  it('groups by four as it is typed, ignoring anything but digits', () => {
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242abc4242')).toBe('4242 4242 4242 4242');
  });

  it('groups American Express as 4-6-5 and stops at its 15 digits', () => {
    expect(formatCardNumber('378282246310005999')).toBe('3782 822463 10005');
  });

  it('groups Diners Club as 4-6-4', () => {
    expect(formatCardNumber('36227206271667')).toBe('3622 720627 1667');
  });

  it('never takes more than 19 digits', () => {
    expect(formatCardNumber('4'.repeat(25)).replace(/\s/g, '')).toHaveLength(19);
  });

  it('keeps the caret after the digit it followed once spaces are added or removed', () => {
    // "4242|4" typed as the fifth digit becomes "4242 4|".
    expect(caretAfterFormat('42424', 5, '4242 4')).toBe(6);
    // Deleting the first digit of "4242 4242": caret stays at the start.
    expect(caretAfterFormat('242 4242', 0, '2424 242')).toBe(0);
    // Typing "9" after "42" in "4242 4242": "429|42 4242" -> "4294 2424 2".
    expect(caretAfterFormat('42942 4242', 3, '4294 2424 2')).toBe(3);
  });
});

describe('Luhn checksum', () => {
  it('accepts the test cards and refuses a changed digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('reports an empty, short or wrong number with its own message', () => {
    expect(numberError('')).toBe('numberRequired');
    expect(numberError('4242 4242')).toBe('numberIncomplete');
    expect(numberError('4242 4242 4242 4241')).toBe('numberInvalid');
    expect(numberError('4242 4242 4242 4242')).toBeUndefined();
    // 17 digits that pass Luhn are still not a Visa length.
    expect(numberError('42424242424242426')).toBe('numberInvalid');
  });
});

describe('expiry', () => {
  const now = new Date(2026, 4, 15); // 15 May 2026

  it('formats as MM / YY, padding a lone month digit above 1', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('12/34')).toBe('12 / 34');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
  });

  it('accepts this month and later, refuses the past, bad months and far futures', () => {
    expect(expiryError('05 / 26', now)).toBeUndefined();
    expect(expiryError('01 / 27', now)).toBeUndefined();
    expect(expiryError('04 / 26', now)).toBe('expiryPast');
    expect(expiryError('12 / 25', now)).toBe('expiryPast');
    expect(expiryError('13 / 27', now)).toBe('expiryMonth');
    expect(expiryError('00 / 27', now)).toBe('expiryMonth');
    expect(expiryError('12 / 99', now)).toBe('expiryTooFar');
    expect(expiryError('12 / 2', now)).toBe('expiryIncomplete');
    expect(expiryError('', now)).toBe('expiryRequired');
  });
});

describe('whole card', () => {
  const now = new Date(2026, 4, 15);

  it('asks for four digits of security code on American Express, three elsewhere', () => {
    expect(formatCvc('12345', 'amex')).toBe('1234');
    expect(formatCvc('12a345', 'visa')).toBe('123');
    expect(validateCard({ number: '378282246310005', expiry: '12 / 30', cvc: '123' }, now)).toEqual({
      cvc: 'cvcIncomplete',
    });
    expect(validateCard({ number: '4242424242424242', expiry: '12 / 30', cvc: '123' }, now)).toEqual({});
  });

  it('names the first problem of every field at once', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: 'numberRequired',
      expiry: 'expiryRequired',
      cvc: 'cvcRequired',
    });
  });

  it('sends digits and a four-digit year to the sandbox', () => {
    expect(toSandboxCard({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' })).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
  });
});
