import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { Ornament } from '@/components/ui/ornament';
import styles from './account-layout.module.css';

/** The customer's pages: a heading, then Profile · Addresses · Orders · Security. */
export function AccountLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  const tab = (to: string, label: string) => (
    <NavLink
      to={to}
      className={({ isActive }) => (isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab)}
    >
      {label}
    </NavLink>
  );
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className="container">
          <Ornament className={styles.ornament} />
          <p className={styles.eyebrow}>{t('eyebrow')}</p>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          <nav className={styles.tabs} aria-label={t('eyebrow')}>
            {tab(paths.profile.href(), t('tabs.profile'))}
            {tab(paths.addresses.href(), t('tabs.addresses'))}
            {tab(paths.orders.href(), t('tabs.orders'))}
            {tab(paths.security.href(), t('tabs.security'))}
          </nav>
        </div>
      </header>
      <div className={`container ${styles.body}`}>{children}</div>
    </div>
  );
}
