import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import styles from './frame.module.css';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to={paths.home.href()} className={styles.logo} aria-label={t('nav.homeLabel')}>
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" className={styles.logoMark}>
        <path
          d="M16 2l3.6 5.2 6.2 1-4.1 4.7 1 6.3L16 16.6l-6.7 2.6 1-6.3-4.1-4.7 6.2-1z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
        <circle cx="16" cy="11.5" r="2.6" fill="currentColor" />
        <path d="M7 26h18M10 30h12" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span className={styles.logoText}>{t('brand')}</span>
    </Link>
  );
}
