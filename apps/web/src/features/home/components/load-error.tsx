import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from './section.module.css';

/** A block that could not load says so and offers another try (the spec left these failures silent). */
interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  /** A new attempt is under way: the button says so instead of looking idle. */
  retrying?: boolean;
}

export function LoadError({ message, onRetry, retrying }: LoadErrorProps) {
  const { t } = useTranslation('home');
  return (
    <div className={styles.error} role="alert">
      <p>{message}</p>
      <Button variant="outline" onClick={onRetry} loading={retrying}>
        {t('retry')}
      </Button>
    </div>
  );
}
