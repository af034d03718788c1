import type { FieldErrors } from '@boutique/contracts';
import type { Rule } from './validation';
import { ApiError } from './api-client';

/**
 * What kind of rule a server field message (always English, see contracts) reports, so that the form can show
 * it in the visitor's language. Unknown messages are 'other'.
 */
export type ServerRuleKind = Rule | 'taken' | 'common' | 'weak' | 'containsEmail' | 'other';

export function serverRuleKind(message: string): ServerRuleKind {
  if (/too common/i.test(message)) return 'common';
  if (/too easy to guess/i.test(message)) return 'weak';
  if (/contain your e-mail/i.test(message)) return 'containsEmail';
  if (/required/i.test(message)) return 'required';
  if (/already been taken|already exists/i.test(message)) return 'taken';
  if (/does not match|confirmation/i.test(message)) return 'mismatch';
  if (/at least/i.test(message)) return 'tooShort';
  if (/greater than|too long/i.test(message)) return 'tooLong';
  if (/valid|not allowed|only contain|choose/i.test(message)) return 'invalid';
  return 'other';
}

/** The first message of each field the server refused (spec section 5), among the form's own fields. */
export function firstFieldErrors<F extends string>(errors: FieldErrors, fields: readonly F[]) {
  const out: { field: F; message: string }[] = [];
  for (const field of fields) {
    const message = errors[field]?.[0];
    if (message) out.push({ field, message });
  }
  return out;
}

type SetFieldError<F extends string> = (
  field: F,
  error: { type: string; message: string },
  options: { shouldFocus: boolean },
) => void;

/**
 * A 422's field messages shown under the form's own fields, in the visitor's language, the first one focused.
 * False when the failure was not about these fields: the form then shows its banner.
 */
export function showServerFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: SetFieldError<F>,
  translate: (field: F, message: string) => string,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  const refused = firstFieldErrors(error.errors, fields);
  refused.forEach(({ field, message }, i) =>
    setError(field, { type: 'server', message: translate(field, message) }, { shouldFocus: i === 0 }),
  );
  return refused.length > 0;
}
