import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { localized } from '@/lib/product';
import { cart } from '@/stores/cart-store';
import { MAX_QUANTITY, type CartItem } from '@/stores/cart-model';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { TrashIcon } from '@/components/ui/icons';
import styles from './cart.module.css';

export function CartLine({ item, onNavigate }: { item: CartItem; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation('cart');
  const lang = i18n.language;
  const name = localized(item.name, lang);
  return (
    <li className={styles.line} data-testid="cart-line">
      <Link
        to={paths.product.href(item.slug)}
        onClick={onNavigate}
        className={styles.lineImage}
        tabIndex={-1}
      >
        {item.image && <img src={item.image} alt="" width={90} height={120} loading="lazy" />}
      </Link>
      <div className={styles.lineBody}>
        <Link to={paths.product.href(item.slug)} onClick={onNavigate} className={styles.lineName}>
          {name}
        </Link>
        <p className={styles.lineOptions}>
          {item.selectedColor && (
            <span>
              {t('color')}: {localized(item.selectedColor.name, lang)}
            </span>
          )}
          <span>
            {t('size')}: {item.selectedSize}
          </span>
        </p>
        <div className={styles.lineBottom}>
          <QuantityStepper
            size="sm"
            value={item.quantity}
            max={MAX_QUANTITY}
            onChange={(quantity) => cart.updateQuantity(item.cartItemId, quantity)}
            label={t('quantityOf', { name })}
            decreaseLabel={t('decrease')}
            increaseLabel={t('increase')}
          />
          <span className={styles.linePrice}>{formatMoney(Number(item.price) * item.quantity, lang)}</span>
        </div>
      </div>
      <button
        type="button"
        className={styles.remove}
        aria-label={t('remove', { name })}
        onClick={() => cart.remove(item.cartItemId)}
      >
        <TrashIcon size={18} />
      </button>
    </li>
  );
}
