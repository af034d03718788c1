import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { FieldErrorCodes, FieldErrors } from '@boutique/contracts';
import { createTestI18n } from '@/testing/providers';
import { ApiError } from '@/lib/api-client';
import { serverRuleKind, showServerFieldErrors } from '@/lib/server-field-errors';
import { translateServerFieldError } from './server-errors';

/** A 422 as the API answers it: English messages in `errors`, their codes in `error_codes`. */
const refusal = (errors: FieldErrors, codes?: FieldErrorCodes) =>
  new ApiError('The given data was invalid', 422, errors, {
    success: false,
    message: 'The given data was invalid',
    errors,
    ...(codes && { error_codes: codes }),
  });

/** What the form would show under each field for `error`, through the auth pages' wording. */
function shown(error: ApiError, t: TFunction<'auth'>) {
  const out: Record<string, string> = {};
  showServerFieldErrors(
    error,
    ['name', 'email', 'password', 'password_confirmation'] as const,
    (field, { message }) => (out[field] = message),
    (field, code) => translateServerFieldError(field, code, t),
  );
  return out;
}

describe('server field errors are worded from their code, never from the English', () => {
  it.each(['fr', 'ar'] as const)('a reworded API message changes no %s text', async (lng) => {
    const { i18n, missing } = await createTestI18n(lng);
    const t = i18n.getFixedT(lng, 'auth');
    const codes: FieldErrorCodes = {
      password: ['too_short'],
      email: ['taken'],
      password_confirmation: ['mismatch'],
    };
    const today = shown(
      refusal(
        {
          password: ['The password must be at least 8 characters.'],
          email: ['The email has already been taken.'],
          password_confirmation: ['The password confirmation does not match.'],
        },
        codes,
      ),
      t,
    );
    // Reworded, or worded like another rule altogether: the codes still say what the shopper reads.
    const reworded = shown(
      refusal(
        {
          password: ['Pick something longer, please (this field is required to be long).'],
          email: ['That address belongs to someone else.'],
          password_confirmation: ['Oops.'],
        },
        codes,
      ),
      t,
    );
    expect(reworded).toEqual(today);
    expect(today).toEqual({
      email: i18n.t('auth:validation.emailTaken'),
      password: i18n.t('auth:validation.passwordLength'),
      password_confirmation: i18n.t('auth:validation.passwordMismatch'),
    });
    expect(missing).toEqual([]);
  });

  it('falls back to the generic text when the answer has no code, or one the forms do not know', async () => {
    const { i18n } = await createTestI18n('fr');
    const t = i18n.getFixedT('fr', 'auth');
    const generic = i18n.t('auth:validation.invalid');
    expect(shown(refusal({ password: ['The password must be at least 8 characters.'] }), t)).toEqual({
      password: generic,
    });
    expect(
      shown(
        refusal({ password: ['Something new.'] }, { password: ['a_code_from_tomorrow' as 'invalid'] }),
        t,
      ),
    ).toEqual({ password: generic });
    expect(serverRuleKind('constructor')).toBe('other');
    expect(serverRuleKind(undefined)).toBe('other');
  });
});
