import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatMoney, formatMoneyOff } from '@/lib/format';
import { cart } from '@/stores/cart-store';
import { useCartActions, useShopCart } from '@/stores/shop-cart';
import { useSession } from '@/lib/session/session';
import { Drawer, DrawerHeader } from '@/components/ui/drawer';
import { Button, ButtonLink, Spinner } from '@/components/ui/button';
import { CartLine } from './cart-line';
import { CartNotices } from './cart-notices';
import { DiscountCode } from './discount-code';
import styles from './cart.module.css';

export function CartDrawer() {
  const { t, i18n } = useTranslation('cart');
  const navigate = useNavigate();
  const shopCart = useShopCart();
  const { lines, isOpen, totalItems, totalPrice, discount, loading } = shopCart;
  const blocked = shopCart.blocked || Boolean(discount?.problem);
  const signedIn = useSession().status === 'authenticated';
  const money = (v: number) => formatMoney(v, i18n.language);
  const actions = useCartActions();
  const close = cart.close;

  return (
    <Drawer open={isOpen} onClose={close} label={t('title')} side="end" width="40rem">
      <DrawerHeader
        title={t('titleWithCount', { count: totalItems })}
        onClose={close}
        closeLabel={t('close')}
      />
      <CartNotices cart={shopCart} />
      {loading ? (
        <div className={styles.loading}>
          <Spinner label={t('loading')} />
        </div>
      ) : lines.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('empty')}</p>
          <Link to={paths.collections.href()} onClick={close} className={styles.continue}>
            {t('continue')}
          </Link>
        </div>
      ) : (
        <>
          <ul className={styles.lines}>
            {lines.map((item) => (
              <CartLine
                key={item.id}
                item={item}
                onQuantity={(id, quantity) => void actions.updateQuantity(id, quantity)}
                onRemove={(id) => void actions.remove(id)}
                onNavigate={close}
              />
            ))}
          </ul>
          <div className={styles.drawerFooter}>
            {signedIn && <DiscountCode discount={discount} />}
            {discount && !discount.problem && (
              <p className={styles.total}>
                <span>
                  {t('discount.line')} <bdi>{discount.code}</bdi>
                </span>
                <span className={styles.discountAmount} data-testid="cart-discount">
                  {formatMoneyOff(discount.amount, i18n.language)}
                </span>
              </p>
            )}
            <p className={styles.total}>
              <span>{t('total')}</span>
              <strong data-testid="cart-total">{money(totalPrice)}</strong>
            </p>
            <p className={styles.shippingNote}>{t('freeShipping')}</p>
            {shopCart.blocked && (
              <p className={styles.blocked} id="cart-drawer-blocked" role="status">
                {t('blocked')}
              </p>
            )}
            <Button
              block
              disabled={blocked}
              aria-describedby={shopCart.blocked ? 'cart-drawer-blocked' : undefined}
              onClick={() => {
                close();
                void navigate(paths.checkout.href());
              }}
            >
              {t('checkout')}
            </Button>
            <ButtonLink to={paths.cart.href()} variant="light" block onClick={close}>
              {t('viewCart')}
            </ButtonLink>
          </div>
        </>
      )}
    </Drawer>
  );
}
