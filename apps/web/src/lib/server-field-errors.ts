import type { FieldErrors } from '@boutique/contracts';
import type { Rule } from './validation';

/**
 * What kind of rule a server field message (always English, see contracts) reports, so that the form can show
 * it in the visitor's language. Unknown messages are 'other'.
 */
export type ServerRuleKind = Rule | 'taken' | 'other';

export function serverRuleKind(message: string): ServerRuleKind {
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
