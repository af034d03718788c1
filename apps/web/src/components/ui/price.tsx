import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import styles from './price.module.css';

/** Price with the old price struck through when there is one above 0. */
export function Price({
  price,
  oldPrice,
  className,
}: {
  price: string;
  oldPrice?: string | null;
  className?: string;
}) {
  const { i18n, t } = useTranslation();
  const showOld = oldPrice != null && Number(oldPrice) > 0 && Number(oldPrice) > Number(price);
  return (
    <span className={[styles.price, className].filter(Boolean).join(' ')}>
      <span className={styles.current}>{formatMoney(price, i18n.language)}</span>
      {showOld && (
        <s className={styles.old}>
          <span className="visually-hidden">{t('price.was')} </span>
          {formatMoney(oldPrice, i18n.language)}
        </s>
      )}
    </span>
  );
}
