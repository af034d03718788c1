import { describe, expect, it } from 'vitest';
import { expectWordedInEveryLanguage } from '@/testing/translated-errors';
import {
  validateForgotPassword,
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

describe('every message in English, French and Arabic', () => {
  const register = { name: 'Salma', email: 'salma@example.ae', password: 'caftan-2025' };
  const cases: [string, (t: TranslateError) => { errors: object } | { values: unknown }, object][] = [
    [
      'an empty form',
      (t) => validateRegister({ name: '', email: '', password: '', password_confirmation: 'x' }, t),
      {
        name: 'validation.nameRequired',
        email: 'validation.emailRequired',
        password: 'validation.passwordRequired',
        password_confirmation: 'validation.passwordMismatch',
      },
    ],
    [
      'values the rules refuse',
      (t) =>
        validateRegister(
          { name: 'Sal\u0007ma', email: 'salma@', password: 'short', password_confirmation: 'short' },
          t,
        ),
      {
        name: 'validation.nameInvalid',
        email: 'validation.emailInvalid',
        password: 'validation.passwordLength',
      },
    ],
    [
      'values too long',
      (t) =>
        validateRegister(
          {
            ...register,
            name: 'n'.repeat(101),
            password: 'x'.repeat(129),
            password_confirmation: 'x'.repeat(129),
          },
          t,
        ),
      { name: 'validation.nameTooLong', password: 'validation.passwordTooLong' },
    ],
    [
      'a sign-in without password',
      (t) => validateLogin({ ...register, password: '' }, t),
      {
        password: 'validation.passwordRequired',
      },
    ],
    [
      'a reset without e-mail',
      (t) => validateForgotPassword({ email: ' ' }, t),
      {
        email: 'validation.emailRequired',
      },
    ],
  ];

  it.each(cases)('%s', async (_, validate, keys) => {
    expect(
      await expectWordedInEveryLanguage('auth', validate as (t: (key: string) => string) => never),
    ).toEqual(keys);
  });
});
