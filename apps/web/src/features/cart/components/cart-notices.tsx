import { useTranslation } from 'react-i18next';
import { localized } from '@/lib/product';
import { dismissCartFailure, type CartShortage, type ShopCart } from '@/stores/shop-cart';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import styles from './cart.module.css';

/** The spec's cart failures, in the visitor's language, where the cart is shown. */
export function CartNotices({
  cart,
}: {
  cart: Pick<ShopCart, 'loadFailed' | 'failure' | 'shortage' | 'retry'>;
}) {
  const { t, i18n } = useTranslation('cart');
  // What is left of the colour × size asked for: the colour named when the piece has one.
  const shortageText = ({ left, size, colorName }: CartShortage) => {
    const color = colorName ? localized(colorName, i18n.language) : undefined;
    if (color)
      return left === 0
        ? t('errors.soldOutColor', { size, color })
        : t('errors.stockColor', { count: left, size, color });
    return left === 0 ? t('errors.soldOut', { size }) : t('errors.stock', { count: left, size });
  };
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
              ? shortageText(cart.shortage)
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
