import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

export type ButtonVariant = 'dark' | 'light' | 'accent' | 'outline' | 'ghost';

interface Common {
  variant?: ButtonVariant;
  block?: boolean;
  children: ReactNode;
}

const classes = (variant: ButtonVariant, block: boolean | undefined, extra?: string) =>
  [styles.button, styles[variant], block && styles.block, extra].filter(Boolean).join(' ');

export function Button({
  variant = 'dark',
  block,
  loading,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: Common & ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      type={type}
      className={classes(variant, block, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

export function ButtonLink({ variant = 'dark', block, className, children, ...props }: Common & LinkProps) {
  return (
    <Link className={classes(variant, block, className)} {...props}>
      {children}
    </Link>
  );
}

export function IconButton({
  label,
  children,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; children: ReactNode }) {
  return (
    <button
      type={type}
      className={[styles.iconButton, className].filter(Boolean).join(' ')}
      aria-label={label}
      {...props}
    >
      {children}
    </button>
  );
}

export function Spinner({ label }: { label?: string }) {
  return <span className={styles.spinner} role={label ? 'status' : undefined} aria-label={label} />;
}
