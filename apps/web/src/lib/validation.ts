import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { safeParse, type $ZodIssue, type $ZodType, type output } from 'zod/v4/core';
import { fieldErrorCodeOf, type FieldErrorCode } from '@boutique/contracts/constants';

/**
 * The forms validate with the API's own schemas (`@boutique/contracts/forms`, written with `zod/mini`: the form
 * pages' shared chunk of them is 20.8 KB Brotli, against 27.1 KB for the classic schemas, decision 024; nothing of
 * it is in the first load). Their messages are the API's, in English; a form words each
 * failure itself, from the rule the issue reports, in the visitor's language.
 */

/** Which rule a value breaks; each form turns it into a translated message. */
export type Rule = 'required' | 'tooShort' | 'tooLong' | 'invalid' | 'mismatch';

const RULE_OF_CODE: Partial<Record<FieldErrorCode, Rule>> = {
  required: 'required',
  too_short: 'tooShort',
  too_long: 'tooLong',
  too_small: 'tooShort',
  too_big: 'tooLong',
  mismatch: 'mismatch',
};

/**
 * The rule behind a zod issue, from the code the API gives the same issue (contracts' fieldErrorCodeOf): an
 * empty field is 'required' whichever check noticed it (a country code's pattern, a password's 8 characters), as
 * the visitor sees it; the refinement on a confirmation is its 'mismatch'.
 */
export function ruleOf(issue: $ZodIssue, value: unknown): Rule {
  return RULE_OF_CODE[fieldErrorCodeOf(issue, value)] ?? 'invalid';
}

export type FieldRules = Partial<Record<string, Rule>>;

/** The first rule each field breaks (zod reports a field's checks in their order), keyed by the field's name. */
export function fieldRules(issues: readonly $ZodIssue[], input: Record<string, unknown>): FieldRules {
  const rules: FieldRules = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    rules[field] ??= ruleOf(issue, input[field]);
  }
  return rules;
}

export type FieldMessages<V> = Partial<Record<keyof V & string, string>>;

/** The messages of the fields that failed, or the values as the API takes them. */
export type Validation<V, Out> = { errors: FieldMessages<V> } | { values: Out };

/**
 * Runs `schema` on the form's values (with whatever the form adds, e.g. a link's token) and words the first
 * failure of each of the form's fields with `message`. `extra` holds the form's own rules, those the API cannot
 * state in its schema; they come after the schema's.
 */
export function validateWith<V extends object, S extends $ZodType>(
  schema: S,
  values: V,
  message: (field: keyof V & string, rule: Rule) => string,
  { input = values, extra = {} }: { input?: object; extra?: Partial<Record<keyof V & string, Rule>> } = {},
): Validation<V, output<S>> {
  const result = safeParse(schema, input);
  const rules: FieldRules = result.success
    ? {}
    : fieldRules(result.error.issues, input as Record<string, unknown>);
  const errors: FieldMessages<V> = {};
  for (const field of Object.keys(values) as (keyof V & string)[]) {
    const rule = rules[field] ?? extra[field];
    if (rule) errors[field] = message(field, rule);
  }
  if (Object.keys(errors).length > 0) return { errors };
  // A failure of a field the form does not show (a link's token) is the API's to report, on a page that knows
  // what to say about it: the input goes as it is, the API refuses it with a 422 and the page shows why.
  return { values: result.success ? result.data : (input as output<S>) };
}

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
