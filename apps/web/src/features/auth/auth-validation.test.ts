import { describe, expect, it } from 'vitest';
import {
  validateLogin,
  validateRegister,
  validateResetPassword,
  type TranslateError,
} from './auth-validation';

/** The key itself stands for its translation. */
const t: TranslateError = (key) => key;

describe('login form', () => {
  it('asks for the e-mail and the password (emailRequired, passwordRequired)', () => {
    expect(validateLogin({ email: ' ', password: '' }, t)).toEqual({
      errors: { email: 'validation.emailRequired', password: 'validation.passwordRequired' },
    });
  });

  it('refuses an e-mail that is not one (emailInvalid)', () => {
    expect(validateLogin({ email: 'salma@example', password: 'secret' }, t)).toEqual({
      errors: { email: 'validation.emailInvalid' },
    });
  });

  it('hands the API a trimmed, lower-cased e-mail and the password untouched', () => {
    expect(validateLogin({ email: ' Salma@Example.AE ', password: ' pass word ' }, t)).toEqual({
      values: { email: 'salma@example.ae', password: ' pass word ' },
    });
  });
});

describe('register form', () => {
  const valid = {
    name: 'Salma',
    email: 'salma@example.ae',
    password: 'caftan-2025',
    password_confirmation: 'caftan-2025',
  };

  it('shows one message per field, the first rule that fails', () => {
    expect(validateRegister({ name: '', email: '', password: '', password_confirmation: 'x' }, t)).toEqual({
      errors: {
        name: 'validation.nameRequired',
        email: 'validation.emailRequired',
        password: 'validation.passwordRequired',
        password_confirmation: 'validation.passwordMismatch',
      },
    });
  });

  it('needs 8 characters (passwordLength) and the same password twice (passwordMismatch)', () => {
    expect(validateRegister({ ...valid, password: 'short', password_confirmation: 'short' }, t)).toEqual({
      errors: { password: 'validation.passwordLength' },
    });
    expect(validateRegister({ ...valid, password_confirmation: 'caftan-2026' }, t)).toEqual({
      errors: { password_confirmation: 'validation.passwordMismatch' },
    });
  });

  it('hands the API the trimmed name', () => {
    expect(validateRegister({ ...valid, name: '  Salma Bennani ' }, t)).toEqual({
      values: { ...valid, name: 'Salma Bennani' },
    });
  });
});

describe('reset password form', () => {
  it('sends the token of the link with the new password', () => {
    expect(
      validateResetPassword({ password: 'caftan-2025', password_confirmation: 'caftan-2025' }, 'tok', t),
    ).toEqual({
      values: { token: 'tok', password: 'caftan-2025', password_confirmation: 'caftan-2025' },
    });
    expect(validateResetPassword({ password: 'caftan', password_confirmation: 'caftan' }, 'tok', t)).toEqual({
      errors: { password: 'validation.passwordLength' },
    });
  });
});
