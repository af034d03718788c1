import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { serverRuleKind } from '@/lib/server-field-errors';
import { INVALID_RESPONSE } from './api/sign-in';
import { authErrorKey } from './auth-validation';

/** A field error the server sent, in the visitor's language, from its code (see serverRuleKind). */
export function translateServerFieldError(
  field: string,
  code: string | undefined,
  t: TFunction<'auth'>,
): string {
  const kind = serverRuleKind(code);
  if (kind === 'taken') return t('validation.emailTaken');
  if (kind === 'common') return t('validation.passwordCommon');
  if (kind === 'containsEmail') return t('validation.passwordContainsEmail');
  if (kind === 'weak') return t('validation.passwordWeak');
  if (kind === 'other') return t('validation.invalid');
  return t(`validation.${authErrorKey(field, kind)}`);
}

/** The banner above a form for a failure that is not about one field. */
export function bannerMessage(error: unknown, fallback: string, t: TFunction<'auth'>): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.message === INVALID_RESPONSE) return t('errors.invalidResponse');
  if (error.status === 429) {
    const minutes = Number(/(\d+)\s*minute/.exec(error.message)?.[1] ?? 15);
    return t('errors.tooManyAttempts', { count: minutes });
  }
  if (error.status === 0) return t('errors.offline');
  return fallback;
}
