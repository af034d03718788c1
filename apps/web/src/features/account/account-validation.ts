import type { AddressInput } from '@boutique/contracts';
import { AddressFieldsSchema, ProfileUpdateSchema } from '@boutique/contracts/forms';
import { serverRuleKind } from '@/lib/server-field-errors';
import { resolverOf, validateWith, type Rule, type Validation } from '@/lib/validation';
import type { AddressValues } from '@/lib/address-validation';
/**
 * The account forms' rules (the API's schemas, see lib/validation.ts) and their translated messages, keys of
 * the `account` namespace. The server's own field errors are mapped to the same keys.
 */
export type AccountErrorKey =
  | 'passwordCommon'
  | 'passwordContainsEmail'
  | 'passwordWeak'
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

/** A field error the server sent, in the visitor's language, from its code (see serverRuleKind). */
export function translateServerError(
  field: string,
  code: string | undefined,
  t: TranslateAccountError,
): string {
  const kind = serverRuleKind(code);
  if (kind === 'common') return t('validation.passwordCommon');
  if (kind === 'containsEmail') return t('validation.passwordContainsEmail');
  if (kind === 'weak') return t('validation.passwordWeak');
  if (kind === 'other' || kind === 'taken')
    return t(`validation.${field === 'current_password' ? 'currentPasswordWrong' : 'invalid'}`);
  return t(`validation.${accountErrorKey(field, kind)}`);
}

const wording = (t: TranslateAccountError) => (field: string, rule: Rule) =>
  t(`validation.${accountErrorKey(field, rule)}`);

// ---------------------------------------------------------------- profile

export interface ProfileDetailsFormValues {
  name: string;
}

export const validateProfileDetails = (values: ProfileDetailsFormValues, t: TranslateAccountError) =>
  validateWith(ProfileUpdateSchema, values, wording(t));
export const profileDetailsResolver = (t: TranslateAccountError) =>
  resolverOf((v: ProfileDetailsFormValues) => validateProfileDetails(v, t));

export interface PasswordFormValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/**
 * The API asks for the current password with a new one in its service, not its schema (an account that signed
 * up with Google may set a first password without one); this form is for accounts that have one, so it asks.
 */
export const validatePasswordChange = (values: PasswordFormValues, t: TranslateAccountError) =>
  validateWith(ProfileUpdateSchema, values, wording(t), {
    extra: { current_password: values.current_password ? undefined : 'required' },
  });
export const passwordResolver = (t: TranslateAccountError) =>
  resolverOf((v: PasswordFormValues) => validatePasswordChange(v, t));

// ---------------------------------------------------------------- addresses

export { ADDRESS_FIELDS, type AddressField } from '@/lib/address-validation';
export type AddressFormValues = AddressValues & { is_default: boolean };

/** Every field required, as checkout's address (spec section 5); the country a two-letter code. */
export function validateAddress(
  values: AddressFormValues,
  t: TranslateAccountError,
): Validation<AddressFormValues, AddressInput> {
  const result = validateWith(AddressFieldsSchema, values, wording(t));
  return 'values' in result ? { values: { ...result.values, is_default: values.is_default } } : result;
}
export const addressResolver = (t: TranslateAccountError) =>
  resolverOf((v: AddressFormValues) => validateAddress(v, t));
