import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field, PasswordInput, ltrInputClass } from '@/components/ui/field';
import type { FieldBinding } from './use-form-field';

type ControlProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

interface EmailFieldProps {
  label: string;
  binding: FieldBinding<ControlProps>;
  /** `email` by default; a sign-in's is also the account's `username`. */
  autoComplete?: string;
  /** Whether the form needs it (true by default). */
  required?: boolean;
}

/** An e-mail address: the keyboard and autofill for one, read left to right in every language. */
export function EmailField({ label, binding, autoComplete = 'email', required = true }: EmailFieldProps) {
  return (
    <Field label={label} {...binding.field}>
      <input
        type="email"
        autoComplete={autoComplete}
        inputMode="email"
        dir="ltr"
        aria-required={required ? 'true' : undefined}
        className={ltrInputClass}
        {...binding.control}
      />
    </Field>
  );
}

interface PasswordFieldProps {
  label: string;
  binding: FieldBinding<ControlProps>;
  /** `current-password` to sign in, `new-password` to choose one: what password managers fill or offer. */
  autoComplete: 'current-password' | 'new-password';
  /** The reveal button's names, in the form's namespace. */
  reveal: { show: string; hide: string };
  /** Beside the label (e.g. "Forgot your password?"). */
  aside?: ReactNode;
}

/** A required password with its show/hide button. */
export function PasswordField({ label, binding, autoComplete, reveal, aside }: PasswordFieldProps) {
  return (
    <Field label={label} aside={aside} {...binding.field}>
      <PasswordInput
        autoComplete={autoComplete}
        aria-required="true"
        showLabel={reveal.show}
        hideLabel={reveal.hide}
        {...binding.control}
      />
    </Field>
  );
}

interface NewPasswordFieldsProps {
  /** The new password's label and binding (with the rule it must follow as its note), then the confirmation's. */
  password: { label: string; binding: FieldBinding<ControlProps> };
  confirmation: { label: string; binding: FieldBinding<ControlProps> };
  reveal: { show: string; hide: string };
}

/** A new password and its confirmation, as registering, resetting and changing a password ask them. */
export function NewPasswordFields({ password, confirmation, reveal }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField {...password} autoComplete="new-password" reveal={reveal} />
      <PasswordField {...confirmation} autoComplete="new-password" reveal={reveal} />
    </>
  );
}
