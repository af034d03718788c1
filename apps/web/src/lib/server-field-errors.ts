import type { FieldErrorCode } from '@boutique/contracts';
import type { Rule } from './validation';
import { ApiError } from './api-client';

/**
 * What kind of rule a server field error reports, from its code (contracts' FIELD_ERROR_CODES), so that the
 * form can show it in the visitor's language. Never from the English message: rewording it on the server
 * changes nothing a visitor reads. A code the forms have no words of their own for (or none) is 'other'.
 */
export type ServerRuleKind = Rule | 'taken' | 'common' | 'weak' | 'containsEmail' | 'other';

const KIND_OF_CODE: Partial<Record<FieldErrorCode, ServerRuleKind>> = {
  required: 'required',
  too_short: 'tooShort',
  too_long: 'tooLong',
  invalid: 'invalid',
  mismatch: 'mismatch',
  taken: 'taken',
  password_common: 'common',
  password_weak: 'weak',
  password_contains_email: 'containsEmail',
};

export function serverRuleKind(code: string | undefined): ServerRuleKind {
  return (
    (code !== undefined && Object.hasOwn(KIND_OF_CODE, code) && KIND_OF_CODE[code as FieldErrorCode]) ||
    'other'
  );
}

/** The rule of a server field error for a form that words only rules: anything else is 'invalid'. */
export function serverRule(code: string | undefined): Rule {
  const kind = serverRuleKind(code);
  return kind === 'taken' ||
    kind === 'common' ||
    kind === 'weak' ||
    kind === 'containsEmail' ||
    kind === 'other'
    ? 'invalid'
    : kind;
}

/**
 * The code of the first error of each field the server refused (spec section 5), among the form's own fields;
 * undefined when the answer carried no code for it.
 */
export function firstFieldErrors<F extends string>(error: ApiError, fields: readonly F[]) {
  const out: { field: F; code: string | undefined }[] = [];
  for (const field of fields) {
    if (error.errors[field]?.[0]) out.push({ field, code: error.codes[field]?.[0] });
  }
  return out;
}

type SetFieldError<F extends string> = (
  field: F,
  error: { type: string; message: string },
  options: { shouldFocus: boolean },
) => void;

/**
 * A 422's field errors shown under the form's own fields, worded by `translate` from each one's code in the
 * visitor's language, the first one focused. False when the failure was not about these fields: the form then
 * shows its banner.
 */
export function showServerFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: SetFieldError<F>,
  translate: (field: F, code: string | undefined) => string,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  const refused = firstFieldErrors(error, fields);
  refused.forEach(({ field, code }, i) =>
    setError(field, { type: 'server', message: translate(field, code) }, { shouldFocus: i === 0 }),
  );
  return refused.length > 0;
}
