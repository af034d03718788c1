import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from './frame.module.css';

/** Last resort when a page fails to load (e.g. a chunk missing after a deploy): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className={styles.routeError} role="alert">
      <h1>{t('errors.pageTitle')}</h1>
      <p>{t('errors.pageText')}</p>
      <Button onClick={() => location.reload()}>{t('errors.reload')}</Button>
    </div>
  );
}
