import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@boutique/contracts/constants';

/**
 * The server's form rules (packages/contracts), written out without zod: zod would weigh about 30 KB on pages
 * that check two fields. validation.test.ts runs these checks and the contracts' schemas on the same inputs, so
 * the two cannot drift apart unnoticed.
 */

/** Which rule a value breaks; each form turns it into a translated message. */
export type Rule = 'required' | 'tooShort' | 'tooLong' | 'invalid' | 'mismatch';

/** zod's `z.email()` pattern (`z.regexes.email`), which the API applies. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** Printable text only, as contracts' PLAIN_TEXT: no control characters. */
export const PLAIN_TEXT = /^[^\p{Cc}]*$/u;
export const EMAIL_MAX_LENGTH = 254;

/** Trimmed and lower-cased, as the API stores it. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase();

export function checkEmail(value: string): Rule | null {
  const email = normalizeEmail(value);
  if (!email) return 'required';
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return 'invalid';
  return null;
}

/** A required line of text, trimmed (a name, a city...). */
export function checkText(value: string, max: number): Rule | null {
  const text = value.trim();
  if (!text) return 'required';
  if (text.length > max) return 'tooLong';
  if (!PLAIN_TEXT.test(text)) return 'invalid';
  return null;
}

/** The password of a sign-in: never trimmed, spaces are part of it. */
export function checkPassword(value: string): Rule | null {
  if (!value) return 'required';
  if (value.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}

/** A password being chosen: at least 8 characters. */
export function checkNewPassword(value: string): Rule | null {
  if (!value) return 'required';
  if (value.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (value.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}

export type FieldMessages<V> = Partial<Record<keyof V & string, string>>;

/**
 * Runs the checks in order and words the first failure of each field with `message`; a field that passed has no
 * entry.
 */
export function fieldMessages<V>(
  checks: [keyof V & string, Rule | null][],
  message: (field: keyof V & string, rule: Rule) => string,
): FieldMessages<V> {
  const errors: FieldMessages<V> = {};
  for (const [field, rule] of checks) if (rule && !errors[field]) errors[field] = message(field, rule);
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** The messages of the fields that failed, or the values as the API takes them. */
export type Validation<V, Out> = { errors: FieldMessages<V> } | { values: Out };

/**
 * A react-hook-form resolver from a plain function: the messages of the fields that failed, or the values as the
 * API takes them.
 */
export function resolverOf<V extends FieldValues, Out>(
  validate: (values: V) => Validation<V, Out>,
): Resolver<V, unknown, Out> {
  return (values) => {
    const result = validate(values);
    if ('values' in result) return { values: result.values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [field, message] of Object.entries(result.errors) as [string, string | undefined][])
      if (message) errors[field] = { type: 'validate', message };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
