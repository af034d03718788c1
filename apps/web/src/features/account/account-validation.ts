import type { AddressInput, ProfileUpdate } from '@boutique/contracts';
import { PASSWORD_MAX_LENGTH } from '@boutique/contracts/constants';
import { serverRuleKind } from '@/lib/server-field-errors';
import {
  checkEmail,
  checkNewPassword,
  checkText,
  resolverOf,
  fieldMessages,
  hasErrors,
  type Rule,
  type Validation,
} from '@/lib/validation';
import { normalizeAddress, type AddressValues } from '@/lib/address-validation';

/**
 * The account forms' checks (the server's rules, see lib/validation.ts) and their translated messages, keys of
 * the `account` namespace. The server's own field errors are mapped to the same keys.
 */
export type AccountErrorKey =
  | 'passwordCommon'
  | 'passwordContainsEmail'
  | 'nameRequired'
  | 'nameTooLong'
  | 'nameInvalid'
  | 'emailRequired'
  | 'emailInvalid'
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'addressRequired'
  | 'addressTooLong'
  | 'addressInvalid'
  | 'cityRequired'
  | 'cityTooLong'
  | 'cityInvalid'
  | 'postalCodeRequired'
  | 'postalCodeTooLong'
  | 'postalCodeInvalid'
  | 'countryRequired'
  | 'currentPasswordRequired'
  | 'currentPasswordWrong'
  | 'passwordRequired'
  | 'passwordLength'
  | 'passwordTooLong'
  | 'passwordMismatch'
  | 'invalid';

export type TranslateAccountError = (key: `validation.${AccountErrorKey}`) => string;

export function accountErrorKey(field: string, rule: Rule): AccountErrorKey {
  switch (field) {
    case 'name':
    case 'address':
    case 'city':
    case 'postalCode':
      return `${field}${rule === 'required' ? 'Required' : rule === 'tooLong' ? 'TooLong' : 'Invalid'}`;
    case 'email':
    case 'phone':
      return `${field}${rule === 'required' ? 'Required' : 'Invalid'}`;
    case 'country':
      return 'countryRequired';
    case 'current_password':
      return rule === 'required' ? 'currentPasswordRequired' : 'currentPasswordWrong';
    case 'password':
      return rule === 'required'
        ? 'passwordRequired'
        : rule === 'tooLong'
          ? 'passwordTooLong'
          : 'passwordLength';
    case 'password_confirmation':
      return 'passwordMismatch';
    default:
      return 'invalid';
  }
}

/** A field message the server sent (English), in the visitor's language. */
export function translateServerError(field: string, message: string, t: TranslateAccountError): string {
  const kind = serverRuleKind(message);
  if (kind === 'common') return t('validation.passwordCommon');
  if (kind === 'containsEmail') return t('validation.passwordContainsEmail');
  if (kind === 'other' || kind === 'taken')
    return t(`validation.${field === 'current_password' ? 'currentPasswordWrong' : 'invalid'}`);
  return t(`validation.${accountErrorKey(field, kind)}`);
}

const collect = <V>(t: TranslateAccountError, checks: [keyof V & string, Rule | null][]) =>
  fieldMessages<V>(checks, (field, rule) => t(`validation.${accountErrorKey(field, rule)}`));

// ---------------------------------------------------------------- profile

export interface ProfileDetailsFormValues {
  name: string;
}

export function validateProfileDetails(
  values: ProfileDetailsFormValues,
  t: TranslateAccountError,
): Validation<ProfileDetailsFormValues, ProfileUpdate> {
  const errors = collect<ProfileDetailsFormValues>(t, [['name', checkText(values.name, 100)]]);
  return hasErrors(errors) ? { errors } : { values: { name: values.name.trim() } };
}
export const profileDetailsResolver = (t: TranslateAccountError) =>
  resolverOf((v: ProfileDetailsFormValues) => validateProfileDetails(v, t));

export interface PasswordFormValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** The server asks for the current password with a new one. */
export function validatePasswordChange(
  values: PasswordFormValues,
  t: TranslateAccountError,
): Validation<PasswordFormValues, ProfileUpdate> {
  const current = values.current_password;
  const errors = collect<PasswordFormValues>(t, [
    ['current_password', !current ? 'required' : current.length > PASSWORD_MAX_LENGTH ? 'invalid' : null],
    ['password', checkNewPassword(values.password)],
    ['password_confirmation', values.password_confirmation === values.password ? null : 'mismatch'],
  ]);
  return hasErrors(errors) ? { errors } : { values: { ...values } };
}
export const passwordResolver = (t: TranslateAccountError) =>
  resolverOf((v: PasswordFormValues) => validatePasswordChange(v, t));

// ---------------------------------------------------------------- addresses

export { ADDRESS_FIELDS, type AddressField } from '@/lib/address-validation';
export type AddressFormValues = AddressValues & { is_default: boolean };

const PHONE = /^[+\d\s().-]+$/;

function checkPhone(value: string): Rule | null {
  const phone = value.trim();
  if (!phone) return 'required';
  if (phone.length > 40 || !PHONE.test(phone)) return 'invalid';
  return null;
}

/** Every field required, as checkout's address (spec section 5); the country a two-letter code. */
export function validateAddress(
  values: AddressFormValues,
  t: TranslateAccountError,
): Validation<AddressFormValues, AddressInput> {
  const address = normalizeAddress(values);
  const errors = collect<AddressFormValues>(t, [
    ['name', checkText(values.name, 100)],
    ['email', checkEmail(values.email)],
    ['phone', checkPhone(values.phone)],
    ['address', checkText(values.address, 200)],
    ['city', checkText(values.city, 100)],
    ['postalCode', checkText(values.postalCode, 20)],
    ['country', /^[A-Z]{2}$/.test(address.country) ? null : 'required'],
  ]);
  if (hasErrors(errors)) return { errors };
  return {
    values: { ...address, is_default: values.is_default },
  };
}
export const addressResolver = (t: TranslateAccountError) =>
  resolverOf((v: AddressFormValues) => validateAddress(v, t));
