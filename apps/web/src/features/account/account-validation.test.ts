import { describe, expect, it } from 'vitest';
import {
  translateServerError,
  validateAddress,
  validatePasswordChange,
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

describe('address form', () => {
  it('requires every field', () => {
    const empty = {
      ...address,
      name: '',
      email: '',
      phone: '',
      address: '',
      city: '',
      postalCode: '',
      country: '',
    };
    expect(validateAddress(empty, t)).toEqual({
      errors: {
        name: 'validation.nameRequired',
        email: 'validation.emailRequired',
        phone: 'validation.phoneRequired',
        address: 'validation.addressRequired',
        city: 'validation.cityRequired',
        postalCode: 'validation.postalCodeRequired',
        country: 'validation.countryRequired',
      },
    });
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

  it("shows the server's refusal of the current password in the visitor's words", () => {
    expect(translateServerError('current_password', 'The current password is incorrect.', t)).toBe(
      'validation.currentPasswordWrong',
    );
    expect(translateServerError('phone', 'The phone field is required.', t)).toBe('validation.phoneRequired');
  });
});
