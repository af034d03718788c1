import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { localized } from '@/lib/product';
import { MAX_QUANTITY } from '@/stores/cart-model';
import type { CartLineView } from '@/stores/shop-cart';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { TrashIcon } from '@/components/ui/icons';
import styles from './cart.module.css';

interface CartLineProps {
  item: CartLineView;
  onQuantity: (id: string, quantity: number) => void;
  onRemove: (id: string) => void;
  onNavigate?: () => void;
}

export function CartLine({ item, onQuantity, onRemove, onNavigate }: CartLineProps) {
  const { t, i18n } = useTranslation('cart');
  const lang = i18n.language;
  const name = localized(item.name, lang);
  return (
    <li
      className={styles.line}
      data-testid="cart-line"
      data-flagged={!item.available || item.exceedsStock || undefined}
      aria-busy={item.pending || undefined}
    >
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
          {item.color && (
            <span>
              {t('color')}: {localized(item.color.name, lang)}
            </span>
          )}
          <span>
            {t('size')}: {item.size}
          </span>
        </p>
        {!item.available ? (
          <p className={styles.unavailable}>{t('unavailable')}</p>
        ) : item.exceedsStock ? (
          <p className={styles.unavailable} data-testid="cart-line-stock">
            {/* What is left of this line's own colour and size (the server counts per variant). */}
            {item.left === 0
              ? t(item.color ? 'soldOutLineColor' : 'soldOutLine')
              : t('overStock', { count: item.left ?? 0 })}
          </p>
        ) : (
          item.left !== null && (
            <p className={styles.fewLeft} data-testid="cart-line-stock">
              {t('onlyLeft', { count: item.left })}
            </p>
          )
        )}
        <div className={styles.lineBottom}>
          <QuantityStepper
            size="sm"
            value={item.quantity}
            max={item.left ?? MAX_QUANTITY}
            onChange={(quantity) => onQuantity(item.id, quantity)}
            label={t('quantityOf', { name })}
            decreaseLabel={t('decrease')}
            increaseLabel={t('increase')}
            disabled={item.pending}
          />
          <span className={styles.linePrice}>{formatMoney(Number(item.price) * item.quantity, lang)}</span>
        </div>
      </div>
      <button
        type="button"
        className={styles.remove}
        aria-label={t('remove', { name })}
        disabled={item.pending}
        onClick={() => onRemove(item.id)}
      >
        <TrashIcon size={18} />
      </button>
    </li>
  );
}
