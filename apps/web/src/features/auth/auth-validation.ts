import {
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  VerifyEmailSchema,
} from '@boutique/contracts/forms';
import { resolverOf, validateWith, type Rule } from '@/lib/validation';

/**
 * The auth forms' rules (the API's schemas, see lib/validation.ts) and their translated messages, keys of the
 * `auth` namespace (spec section 5: emailRequired, emailInvalid, passwordRequired, passwordLength,
 * passwordMismatch). The server's own field errors are mapped to the same keys.
 */
export type AuthErrorKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'nameInvalid'
  | 'emailRequired'
  | 'emailInvalid'
  | 'passwordRequired'
  | 'passwordLength'
  | 'passwordTooLong'
  | 'passwordMismatch'
  | 'passwordCommon'
  | 'passwordContainsEmail'
  | 'passwordWeak'
  | 'invalid';

export type TranslateError = (key: `validation.${AuthErrorKey}`) => string;

/** Which message tells the visitor what the rule that failed asks of them. */
export function authErrorKey(field: string, rule: Rule): AuthErrorKey {
  switch (field) {
    case 'name':
      return rule === 'required' ? 'nameRequired' : rule === 'tooLong' ? 'nameTooLong' : 'nameInvalid';
    case 'email':
      return rule === 'required' ? 'emailRequired' : 'emailInvalid';
    case 'current_password':
      return rule === 'required' ? 'passwordRequired' : 'invalid';
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

const wording = (t: TranslateError) => (field: string, rule: Rule) =>
  t(`validation.${authErrorKey(field, rule)}`);

export interface LoginFormValues {
  email: string;
  password: string;
}
export const validateLogin = (values: LoginFormValues, t: TranslateError) =>
  validateWith(LoginSchema, values, wording(t));
export const loginResolver = (t: TranslateError) => resolverOf((v: LoginFormValues) => validateLogin(v, t));

export interface RegisterFormValues {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}
export const validateRegister = (values: RegisterFormValues, t: TranslateError) =>
  validateWith(RegisterSchema, values, wording(t));
export const registerResolver = (t: TranslateError) =>
  resolverOf((v: RegisterFormValues) => validateRegister(v, t));

export interface ForgotPasswordFormValues {
  email: string;
}
export const validateForgotPassword = (values: ForgotPasswordFormValues, t: TranslateError) =>
  validateWith(ForgotPasswordSchema, values, wording(t));
export const forgotPasswordResolver = (t: TranslateError) =>
  resolverOf((v: ForgotPasswordFormValues) => validateForgotPassword(v, t));

export interface ResetPasswordFormValues {
  password: string;
  password_confirmation: string;
}
/** The token comes from the link, not from a field. */
export const validateResetPassword = (values: ResetPasswordFormValues, token: string, t: TranslateError) =>
  validateWith(ResetPasswordSchema, values, wording(t), { input: { token, ...values } });
export const resetPasswordResolver = (t: TranslateError, token: string) =>
  resolverOf((v: ResetPasswordFormValues) => validateResetPassword(v, token, t));

export type ConfirmAddressMode = 'password' | 'new';
export interface ConfirmAddressFormValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}
/**
 * Confirming an address asks the account's password, or a new one (twice): only the fields of the chosen way
 * are sent. The token comes from the link.
 */
export function validateConfirmAddress(
  values: ConfirmAddressFormValues,
  token: string,
  mode: ConfirmAddressMode,
  t: TranslateError,
) {
  const shown: Partial<ConfirmAddressFormValues> =
    mode === 'password'
      ? { current_password: values.current_password }
      : { password: values.password, password_confirmation: values.password_confirmation };
  return validateWith(VerifyEmailSchema, shown, wording(t), { input: { token, ...shown } });
}
export const confirmAddressResolver = (t: TranslateError, token: string, mode: ConfirmAddressMode) =>
  resolverOf((v: ConfirmAddressFormValues) => validateConfirmAddress(v, token, mode, t));
