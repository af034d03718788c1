import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatMoney, formatMoneyOff } from '@/lib/format';
import { useCartActions, useShopCart } from '@/stores/shop-cart';
import { useSession } from '@/lib/session/session';
import { PageMeta } from '@/components/page-meta';
import { Button, ButtonLink, Spinner } from '@/components/ui/button';
import { PaymentLogos } from '@/components/payment-logos';
import { CartLine } from './components/cart-line';
import { CartNotices } from './components/cart-notices';
import { DiscountCode } from './components/discount-code';
import styles from './components/cart.module.css';

export default function CartPage() {
  const { t, i18n } = useTranslation('cart');
  const shopCart = useShopCart();
  const { lines, totalItems, totalPrice, subtotal, discount, loading, blocked } = shopCart;
  const signedIn = useSession().status === 'authenticated';
  const stopped = Boolean(discount?.problem);
  const actions = useCartActions();
  const money = (v: number) => formatMoney(v, i18n.language);

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={t('title')} canonicalPath={paths.cart.href()} />
      <meta name="robots" content="noindex" />
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      <CartNotices cart={shopCart} />
      {loading ? (
        <div className={styles.loading}>
          <Spinner label={t('loading')} />
        </div>
      ) : lines.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('empty')}</p>
          <ButtonLink to={paths.collections.href()} variant="outline">
            {t('continue')}
          </ButtonLink>
        </div>
      ) : (
        <div className={styles.pageGrid}>
          <section aria-label={t('items')}>
            <ul className={styles.lines}>
              {lines.map((item) => (
                <CartLine
                  key={item.id}
                  item={item}
                  onQuantity={(id, quantity) => void actions.updateQuantity(id, quantity)}
                  onRemove={(id) => void actions.remove(id)}
                />
              ))}
            </ul>
          </section>
          <aside className={styles.summary} aria-labelledby="summary-title">
            <h2 id="summary-title">{t('summary')}</h2>
            <dl>
              <div>
                <dt>{t('subtotal', { count: totalItems })}</dt>
                <dd>{money(subtotal)}</dd>
              </div>
              {discount && !discount.problem && (
                <div>
                  <dt>
                    {t('discount.line')} <bdi>{discount.code}</bdi>
                  </dt>
                  <dd className={styles.discountAmount} data-testid="cart-page-discount">
                    {formatMoneyOff(discount.amount, i18n.language)}
                  </dd>
                </div>
              )}
              <div>
                <dt>{t('shipping')}</dt>
                <dd>{t('free')}</dd>
              </div>
              <div className={styles.summaryTotal}>
                <dt>{t('total')}</dt>
                <dd data-testid="cart-page-total">{money(totalPrice)}</dd>
              </div>
            </dl>
            {signedIn && <DiscountCode discount={discount} />}
            {blocked || stopped ? (
              <>
                {blocked && (
                  <p className={styles.blocked} id="cart-page-blocked" role="status">
                    {t('blocked')}
                  </p>
                )}
                <Button block disabled aria-describedby={blocked ? 'cart-page-blocked' : undefined}>
                  {t('checkout')}
                </Button>
              </>
            ) : (
              <ButtonLink to={paths.checkout.href()} block>
                {t('checkout')}
              </ButtonLink>
            )}
            <ButtonLink to={paths.collections.href()} variant="light" block>
              {t('continue')}
            </ButtonLink>
            <PaymentLogos />
          </aside>
        </div>
      )}
    </div>
  );
}
