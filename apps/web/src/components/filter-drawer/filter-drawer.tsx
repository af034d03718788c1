import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Drawer, DrawerHeader } from '@/components/ui/drawer';
import { CloseIcon, FilterIcon } from '@/components/ui/icons';
import styles from './filter-drawer.module.css';

/**
 * The phone's way to filters, for a collection and for the search alike: a button saying how many filters are
 * on, a drawer holding them with "clear" and "show N pieces", and the chosen filters as chips above the results.
 */
export function FilterButton({
  count,
  onClick,
  className,
}: {
  count: number;
  onClick: () => void;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Button
      variant="light"
      className={`${styles.button} ${className ?? ''}`}
      onClick={onClick}
      aria-label={count > 0 ? t('filters.titleWithCount', { count }) : t('filters.title')}
    >
      <FilterIcon size={18} />
      {t('filters.title')}
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {count}
        </span>
      )}
    </Button>
  );
}

export function FilterDrawer({
  open,
  onClose,
  onClear,
  showLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onClear: () => void;
  /** "Show 24 pieces": what closing the drawer shows. */
  showLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Drawer open={open} onClose={onClose} label={t('filters.title')} side="start" width="36rem">
      <DrawerHeader title={t('filters.title')} onClose={onClose} closeLabel={t('close')} />
      <div className={styles.body}>{children}</div>
      <div className={styles.actions}>
        <Button variant="light" onClick={onClear}>
          {t('filters.clear')}
        </Button>
        <Button onClick={onClose}>{showLabel}</Button>
      </div>
    </Drawer>
  );
}

export interface ActiveFilter {
  key: string;
  label: ReactNode;
  /** The chip's words, for the name of its remove button. */
  name: string;
  onRemove: () => void;
}

export function ActiveFilters({
  filters,
  onClear,
  className,
}: {
  filters: ActiveFilter[];
  onClear: () => void;
  className?: string;
}) {
  const { t } = useTranslation('common');
  if (filters.length === 0) return null;
  return (
    <div className={`${styles.active} ${className ?? ''}`}>
      <ul className={styles.chips} aria-label={t('filters.active')}>
        {filters.map((f) => (
          <li key={f.key}>
            <button
              type="button"
              className={styles.chip}
              aria-label={t('filters.remove', { name: f.name })}
              onClick={f.onRemove}
            >
              {f.label}
              <CloseIcon size={14} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.clearAll} onClick={onClear}>
        {t('filters.clearAll')}
      </button>
    </div>
  );
}
