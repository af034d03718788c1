import { useTranslation } from 'react-i18next';
import { dismissCartFailure, type ShopCart } from '@/stores/shop-cart';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import styles from './cart.module.css';

/** The spec's cart failures, in the visitor's language, where the cart is shown. */
export function CartNotices({
  cart,
}: {
  cart: Pick<ShopCart, 'loadFailed' | 'failure' | 'shortage' | 'retry'>;
}) {
  const { t } = useTranslation('cart');
  return (
    <div role="alert" className={styles.notices}>
      {cart.loadFailed && (
        <p className={styles.notice}>
          <span>{t('errors.load')}</span>
          <Button variant="ghost" onClick={cart.retry}>
            {t('common:errors.retry')}
          </Button>
        </p>
      )}
      {cart.failure && (
        <p className={styles.notice}>
          <span>
            {cart.failure === 'stock' && cart.shortage
              ? cart.shortage.left === 0
                ? t('errors.soldOut', { size: cart.shortage.size })
                : t('errors.stock', { count: cart.shortage.left, size: cart.shortage.size })
              : t(`errors.${cart.failure === 'stock' ? 'update' : cart.failure}`)}
          </span>
          <button
            type="button"
            className={styles.noticeClose}
            aria-label={t('common:close')}
            onClick={dismissCartFailure}
          >
            <CloseIcon size={16} />
          </button>
        </p>
      )}
    </div>
  );
}
