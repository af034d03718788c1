import { useId } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { fieldA11y } from '@/components/ui/field';

/** What ties a control to its `<Field>`: the props of each side. */
export interface FieldBinding<Control extends object = object> {
  /** For `<Field>`: the label's target, the error and its id, the note under the control. */
  field: { htmlFor: string; errorId: string; error?: string; note?: string };
  /** For the control: its id, invalid state and description, and whatever else drives it. */
  control: ReturnType<typeof fieldA11y> & Control;
}

/**
 * The ids and aria state of one field of a form whose ids start with `base` (a `useId()`): the label points at
 * the control, which is described by its error, else by its note.
 */
export function bindField<Control extends object>(
  base: string,
  name: string,
  error: string | undefined,
  { note, control }: { note?: string; control: Control },
): FieldBinding<Control> {
  const ids = { control: `${base}-${name}`, error: `${base}-${name}-error` };
  return {
    field: { htmlFor: ids.control, errorId: ids.error, error, note },
    control: { ...fieldA11y(ids, error, Boolean(note)), ...control },
  };
}

/**
 * One field of a react-hook-form form: its binding, and the registration that clears the field's error as soon
 * as it is edited (the forms validate again on the next send). `onEdit` runs on every edit, e.g. to clear a
 * form's banner.
 */
export function useFormField<V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, unknown>, 'register' | 'getFieldState' | 'clearErrors' | 'formState'>,
  onEdit?: () => void,
) {
  const base = useId();
  return (name: FieldPath<V>, { note }: { note?: string } = {}) =>
    bindField(base, name, form.getFieldState(name, form.formState).error?.message, {
      note,
      control: form.register(name, {
        onChange: () => {
          onEdit?.();
          if (form.getFieldState(name).error) form.clearErrors(name);
        },
      }),
    });
}
