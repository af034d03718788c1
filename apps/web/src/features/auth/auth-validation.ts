import type { ForgotPassword, Login, Register, ResetPassword } from '@boutique/contracts';
import {
  checkEmail,
  checkNewPassword,
  checkPassword,
  checkText,
  normalizeEmail,
  resolverOf,
  fieldMessages,
  hasErrors,
  type Rule,
  type Validation,
} from '@/lib/validation';

/**
 * The auth forms' checks (the server's rules, see lib/validation.ts) and their translated messages, keys of the
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
  | 'invalid';

export type TranslateError = (key: `validation.${AuthErrorKey}`) => string;

/** Which message tells the visitor what the rule that failed asks of them. */
export function authErrorKey(field: string, rule: Rule): AuthErrorKey {
  switch (field) {
    case 'name':
      return rule === 'required' ? 'nameRequired' : rule === 'tooLong' ? 'nameTooLong' : 'nameInvalid';
    case 'email':
      return rule === 'required' ? 'emailRequired' : 'emailInvalid';
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

/** Runs the checks in order; the first failure of each field is the one shown. */
const collect = <V>(t: TranslateError, checks: [keyof V & string, Rule | null][]) =>
  fieldMessages<V>(checks, (field, rule) => t(`validation.${authErrorKey(field, rule)}`));

export interface LoginFormValues {
  email: string;
  password: string;
}

export function validateLogin(
  values: LoginFormValues,
  t: TranslateError,
): Validation<LoginFormValues, Login> {
  const errors = collect<LoginFormValues>(t, [
    ['email', checkEmail(values.email)],
    ['password', checkPassword(values.password)],
  ]);
  if (hasErrors(errors)) return { errors };
  const login: Login = { email: normalizeEmail(values.email), password: values.password };
  return { values: login };
}
export const loginResolver = (t: TranslateError) => resolverOf((v: LoginFormValues) => validateLogin(v, t));

export interface RegisterFormValues {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export function validateRegister(
  values: RegisterFormValues,
  t: TranslateError,
): Validation<RegisterFormValues, Register> {
  const errors = collect<RegisterFormValues>(t, [
    ['name', checkText(values.name, 100)],
    ['email', checkEmail(values.email)],
    ['password', checkNewPassword(values.password)],
    ['password_confirmation', values.password_confirmation === values.password ? null : 'mismatch'],
  ]);
  if (hasErrors(errors)) return { errors };
  const register: Register = {
    name: values.name.trim(),
    email: normalizeEmail(values.email),
    password: values.password,
    password_confirmation: values.password_confirmation,
  };
  return { values: register };
}
export const registerResolver = (t: TranslateError) =>
  resolverOf((v: RegisterFormValues) => validateRegister(v, t));

export interface ForgotPasswordFormValues {
  email: string;
}

export function validateForgotPassword(
  values: ForgotPasswordFormValues,
  t: TranslateError,
): Validation<ForgotPasswordFormValues, ForgotPassword> {
  const errors = collect<ForgotPasswordFormValues>(t, [['email', checkEmail(values.email)]]);
  if (hasErrors(errors)) return { errors };
  const input: ForgotPassword = { email: normalizeEmail(values.email) };
  return { values: input };
}
export const forgotPasswordResolver = (t: TranslateError) =>
  resolverOf((v: ForgotPasswordFormValues) => validateForgotPassword(v, t));

export interface ResetPasswordFormValues {
  password: string;
  password_confirmation: string;
}

/** The token comes from the link, not from a field. */
export function validateResetPassword(
  values: ResetPasswordFormValues,
  token: string,
  t: TranslateError,
): Validation<ResetPasswordFormValues, ResetPassword> {
  const errors = collect<ResetPasswordFormValues>(t, [
    ['password', checkNewPassword(values.password)],
    ['password_confirmation', values.password_confirmation === values.password ? null : 'mismatch'],
  ]);
  if (hasErrors(errors)) return { errors };
  const input: ResetPassword = { token, ...values };
  return { values: input };
}
export const resetPasswordResolver = (t: TranslateError, token: string) =>
  resolverOf((v: ResetPasswordFormValues) => validateResetPassword(v, token, t));
