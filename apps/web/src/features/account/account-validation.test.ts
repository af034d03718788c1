import { describe, expect, it } from 'vitest';
import { expectWordedInEveryLanguage } from '@/testing/translated-errors';
import { createTestI18n } from '@/testing/providers';
import {
  translateServerError,
  validateAddress,
  validatePasswordChange,
  validateProfileDetails,
  type AddressFormValues,
  type TranslateAccountError,
} from './account-validation';

const t: TranslateAccountError = (key) => key;

const address: AddressFormValues = {
  name: 'Salma Bennani',
  email: 'Salma@Example.AE',
  phone: '+971 50 123 4567',
  address: 'Villa 12, Street 5, Jumeirah',
  city: 'Dubai',
  postalCode: '00000',
  country: 'ae',
  is_default: true,
};

const emptyAddress = {
  ...address,
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  country: '',
};
const everyFieldRequired = {
  name: 'validation.nameRequired',
  email: 'validation.emailRequired',
  phone: 'validation.phoneRequired',
  address: 'validation.addressRequired',
  city: 'validation.cityRequired',
  postalCode: 'validation.postalCodeRequired',
  country: 'validation.countryRequired',
};

describe('address form', () => {
  it('requires every field', () => {
    expect(validateAddress(emptyAddress, t)).toEqual({ errors: everyFieldRequired });
  });

  it('refuses a phone number with letters', () => {
    expect(validateAddress({ ...address, phone: '050-CALL-ME' }, t)).toEqual({
      errors: { phone: 'validation.phoneInvalid' },
    });
  });

  it('hands the API trimmed fields, the e-mail in lower case and the country code in capitals', () => {
    expect(validateAddress({ ...address, city: ' Dubai ' }, t)).toEqual({
      values: { ...address, email: 'salma@example.ae', country: 'AE' },
    });
  });
});

describe('password change', () => {
  it('needs the current password and a new one of 8 characters, twice', () => {
    expect(
      validatePasswordChange({ current_password: '', password: 'short', password_confirmation: 'other' }, t),
    ).toEqual({
      errors: {
        current_password: 'validation.currentPasswordRequired',
        password: 'validation.passwordLength',
        password_confirmation: 'validation.passwordMismatch',
      },
    });
  });

  it("shows the server's refusal of the current password in the visitor's words, from its code", () => {
    expect(translateServerError('current_password', 'incorrect', t)).toBe('validation.currentPasswordWrong');
    expect(translateServerError('current_password', 'required', t)).toBe(
      'validation.currentPasswordRequired',
    );
    expect(translateServerError('phone', 'required', t)).toBe('validation.phoneRequired');
    expect(translateServerError('password', 'password_common', t)).toBe('validation.passwordCommon');
    expect(translateServerError('name', undefined, t)).toBe('validation.invalid');
  });

  it.each(['fr', 'ar'] as const)(
    'words a too-short new password in %s whatever the English says',
    async (lng) => {
      const { i18n } = await createTestI18n(lng);
      const words: TranslateAccountError = (key) => i18n.t(`account:${key}`);
      expect(translateServerError('password', 'too_short', words)).toBe(
        i18n.t('account:validation.passwordLength'),
      );
      expect(translateServerError('password', 'password_weak', words)).toBe(
        i18n.t('account:validation.passwordWeak'),
      );
    },
  );
});

describe('every message in English, French and Arabic', () => {
  const cases: [string, (t: TranslateAccountError) => { errors: object } | { values: unknown }, object][] = [
    ['an empty address', (t) => validateAddress(emptyAddress, t), everyFieldRequired],
    [
      'an address the rules refuse',
      (t) =>
        validateAddress(
          {
            ...address,
            name: 'n'.repeat(101),
            email: 'salma@',
            phone: 'call me',
            address: 'a'.repeat(201),
            city: 'Du\u0000bai',
            postalCode: '1'.repeat(21),
            country: 'Dubai',
          },
          t,
        ),
      {
        name: 'validation.nameTooLong',
        email: 'validation.emailInvalid',
        phone: 'validation.phoneInvalid',
        address: 'validation.addressTooLong',
        city: 'validation.cityInvalid',
        postalCode: 'validation.postalCodeTooLong',
        country: 'validation.countryRequired',
      },
    ],
    [
      'a password change',
      (t) => validatePasswordChange({ current_password: '', password: '', password_confirmation: 'x' }, t),
      {
        current_password: 'validation.currentPasswordRequired',
        password: 'validation.passwordRequired',
        password_confirmation: 'validation.passwordMismatch',
      },
    ],
    [
      'a new password too long',
      (t) =>
        validatePasswordChange(
          { current_password: 'old', password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) },
          t,
        ),
      { password: 'validation.passwordTooLong' },
    ],
    [
      'a profile without name',
      (t) => validateProfileDetails({ name: ' ' }, t),
      { name: 'validation.nameRequired' },
    ],
  ];

  it.each(cases)('%s', async (_, validate, keys) => {
    expect(
      await expectWordedInEveryLanguage('account', validate as (t: (key: string) => string) => never),
    ).toEqual(keys);
  });
});
