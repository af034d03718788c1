import { serverRuleKind } from '@/lib/server-field-errors';

/**
 * The translated messages of the account forms (keys of `account:validation`), chosen from the rule that
 * failed. No zod here: the server's field errors are mapped with it too.
 */
export type AccountErrorKey =
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

type Kind = 'required' | 'tooShort' | 'tooLong' | 'invalid' | 'mismatch';

/** From a zod issue of the contracts' schemas. */
export function issueKind(issue: { code: string; minimum?: unknown }): Kind {
  if (issue.code === 'invalid_type') return 'required';
  if (issue.code === 'too_small') return Number(issue.minimum) <= 1 ? 'required' : 'tooShort';
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'custom') return 'mismatch';
  return 'invalid';
}

export function accountErrorKey(field: string, kind: Kind): AccountErrorKey {
  switch (field) {
    case 'name':
    case 'address':
    case 'city':
    case 'postalCode':
      return `${field}${kind === 'required' ? 'Required' : kind === 'tooLong' ? 'TooLong' : 'Invalid'}`;
    case 'email':
    case 'phone':
      return `${field}${kind === 'required' ? 'Required' : 'Invalid'}`;
    case 'country':
      return 'countryRequired';
    case 'current_password':
      return kind === 'required' ? 'currentPasswordRequired' : 'currentPasswordWrong';
    case 'password':
      return kind === 'required'
        ? 'passwordRequired'
        : kind === 'tooLong'
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
  if (kind === 'other' || kind === 'taken') {
    return t(`validation.${field === 'current_password' ? 'currentPasswordWrong' : 'invalid'}`);
  }
  return t(`validation.${accountErrorKey(field, kind)}`);
}
