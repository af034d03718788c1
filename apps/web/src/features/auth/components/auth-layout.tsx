import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ornament } from '@/components/ui/ornament';
import { CheckIcon } from '@/components/ui/icons';
import styles from './auth.module.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: e.g. "New here? Create an account". */
  footer?: ReactNode;
}

/**
 * The frame of the sign-in pages: on wide screens the house's promise on an emerald zellige panel beside the
 * form; on phones the form alone.
 */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation('auth');
  const perks = t('panel.perks', { returnObjects: true }) as unknown;
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.shell}>
        <aside className={styles.panel} aria-hidden="true">
          <div className={styles.panelInner}>
            <p className={styles.panelEyebrow}>{t('common:brand')}</p>
            <p className={styles.panelQuote}>{t('panel.quote')}</p>
            {Array.isArray(perks) && (
              <ul className={styles.perks}>
                {perks.map((perk) => (
                  <li key={String(perk)}>
                    <CheckIcon size={16} />
                    <span>{String(perk)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </aside>
        <div className={styles.card}>
          <header className={styles.header}>
            <Ornament className={styles.ornament} />
            <h1 className={styles.title}>{title}</h1>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          </header>
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
        </div>
      </div>
    </div>
  );
}
