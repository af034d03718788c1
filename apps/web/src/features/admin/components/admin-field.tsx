import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';

/** What a control needs to name its error: its id, invalid state and description. */
export type FieldA11y = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A labelled control of a back-office form with its error underneath; `control` receives the id and ARIA
 * attributes to spread on the input.
 */
export function AdminField({
  formId,
  name,
  label,
  error,
  control,
}: {
  formId: string;
  name: string;
  label: string;
  error: string | undefined;
  control: (a11y: FieldA11y) => ReactNode;
}) {
  const controlId = `${formId}-${name}`;
  const errorId = `${controlId}-error`;
  return (
    <div className="adm-field">
      <label htmlFor={controlId}>{label}</label>
      {control({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="adm-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The API's 422 field errors of `fields`, each worded by `word(code)` (the page's `fieldErrors.*`); empty when
 * the error is not a 422 or names none of them.
 */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
  word: (code: string) => string,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError) || error.status !== 422) return found;
  for (const field of fields) {
    if (error.errors[field]?.[0]) found[field] = word(error.codes[field]?.[0] ?? 'invalid');
  }
  return found;
}
