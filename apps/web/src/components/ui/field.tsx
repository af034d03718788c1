import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import { ChevronDownIcon, EyeIcon, EyeOffIcon } from './icons';
import {
  checkboxClass,
  inputClass,
  ltrInputClass,
  selectClass,
  selectIconClass,
  selectWrapClass,
} from './field-classes';
import styles from './field.module.css';

interface FieldProps {
  label: string;
  /** Shown after the label, e.g. "(optional)". */
  hint?: ReactNode;
  htmlFor: string;
  errorId: string;
  error?: string;
  /** Beside the label, on the other side (e.g. "Forgot your password?"). */
  aside?: ReactNode;
  /** A rule to know before typing, under the control (e.g. "at least 8 characters"); see `fieldA11y`. */
  note?: string;
  children: ReactNode;
}

/** A labelled control with its error underneath, tied to it by `aria-describedby` (see `fieldA11y`). */
export function Field({ label, hint, htmlFor, errorId, error, aside, note, children }: FieldProps) {
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={htmlFor} className={styles.label}>
          {label}
          {hint && <> {hint}</>}
        </label>
        {aside}
      </div>
      {children}
      {note && !error && (
        <p id={noteId(htmlFor)} className={styles.note}>
          {note}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

const noteId = (control: string) => `${control}-note`;

/** The id, invalid state and description (the error, else the note) of a field's control. */
export function fieldA11y(
  ids: { control: string; error: string },
  error: string | undefined,
  hasNote = false,
) {
  return {
    id: ids.control,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? ids.error : hasNote ? noteId(ids.control) : undefined,
  } as const;
}

export { checkboxClass, inputClass, ltrInputClass, selectClass, selectIconClass, selectWrapClass };

/**
 * The shop's select: the browser's own arrow replaced by the chevron, on the end side in either direction.
 * `className` replaces the field look (a compact select in a toolbar).
 */
export function SelectBox({
  ref,
  className = selectClass,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <div className={selectWrapClass}>
      <select ref={ref} className={className} {...props} />
      <ChevronDownIcon size={18} className={selectIconClass} />
    </div>
  );
}

/** A password box with a button that shows what was typed. */
export function PasswordInput({
  showLabel,
  hideLabel,
  ref,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  showLabel: string;
  hideLabel: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.passwordWrap}>
      <input
        ref={ref}
        {...props}
        type={visible ? 'text' : 'password'}
        dir="ltr"
        className={[ltrInputClass, styles.password, className].filter(Boolean).join(' ')}
      />
      <button
        type="button"
        className={styles.reveal}
        aria-label={visible ? hideLabel : showLabel}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
      </button>
    </div>
  );
}

/** A message above or below a form: a failure or a confirmation (inside `FormMessages`). */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return <p className={tone === 'error' ? styles.messageError : styles.messageSuccess}>{children}</p>;
}

/**
 * The live regions of a form's messages: always in the page, so that what appears in them is announced, yet
 * taking no room in the layout while empty.
 */
export function FormMessages({ success, error }: { success?: ReactNode; error?: ReactNode }) {
  return (
    <div className={styles.messages}>
      <div role="status">{success && <FormMessage tone="success">{success}</FormMessage>}</div>
      <div role="alert">{error && <FormMessage tone="error">{error}</FormMessage>}</div>
    </div>
  );
}
