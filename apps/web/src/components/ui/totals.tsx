import type { ReactNode } from 'react';
import styles from './totals.module.css';

export interface TotalsRow {
  label: ReactNode;
  value: ReactNode;
  /** The amount paid: last, under a rule. */
  grand?: boolean;
  /** A fact after the amounts (how it is paid), in a quieter colour. */
  aside?: boolean;
  valueClassName?: string;
  testId?: string;
}

/**
 * An order's amounts as a description list (checkout, an order's details, the invoice). Each place sizes it
 * with `className` and `grandClassName`; the layout, the isolation of amounts in right-to-left text and the
 * rule above the total are the same everywhere.
 */
export function TotalsList({
  rows,
  className,
  grandClassName,
}: {
  rows: readonly TotalsRow[];
  className?: string;
  grandClassName?: string;
}) {
  return (
    <dl className={[styles.totals, className].filter(Boolean).join(' ')}>
      {rows.map((row, index) => (
        <div
          key={index}
          className={
            row.grand
              ? [styles.grand, grandClassName].filter(Boolean).join(' ')
              : row.aside
                ? styles.aside
                : undefined
          }
        >
          <dt>{row.label}</dt>
          <dd className={row.valueClassName} data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
