import {
  fieldErrorCodeOf,
  type FieldErrors,
  type FieldErrorCodes,
  type SchemaIssue,
} from '@boutique/contracts';
import type { CodedFieldErrors } from './http-error.js';

/** A schema's issue with where it is: the field's path, as zod gives it. */
export type PathIssue = SchemaIssue & { path: readonly PropertyKey[]; message: string };

/** The value at `path` of what was sent (undefined when it is not there). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key as string];
  }
  return value;
}

/**
 * A schema's issues as field errors keyed by the dotted path (`fallback` for an issue about the whole input),
 * each with its code (contracts' fieldErrorCodeOf, on the value that was sent).
 */
export function schemaFieldErrors(issues: readonly PathIssue[], input: unknown, fallback: string) {
  const errors: CodedFieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || fallback;
    const code = fieldErrorCodeOf(issue, valueAt(input, issue.path));
    (errors[key] ??= []).push({ code, message: issue.message || 'Invalid value' });
  }
  return errors;
}

/** The envelope's two parallel maps: the English messages (`errors`) and their codes (`error_codes`). */
export function envelopeFieldErrors(coded: CodedFieldErrors): {
  errors: FieldErrors;
  error_codes: FieldErrorCodes;
} {
  const errors: FieldErrors = {};
  const codes: FieldErrorCodes = {};
  for (const [field, list] of Object.entries(coded)) {
    errors[field] = list.map((e) => e.message);
    codes[field] = list.map((e) => e.code);
  }
  return { errors, error_codes: codes };
}
