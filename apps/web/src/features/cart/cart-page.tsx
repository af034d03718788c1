import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useCart } from '@/stores/cart-store';
import { PageMeta } from '@/components/page-meta';
import { ButtonLink } from '@/components/ui/button';
import { PaymentLogos } from '@/components/payment-logos';
import { CartLine } from './components/cart-line';
import styles from './components/cart.module.css';

export default function CartPage() {
  const { t, i18n } = useTranslation('cart');
  const { items, totalItems, totalPrice } = useCart();
  const money = (v: number) => formatMoney(v, i18n.language);

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={t('title')} canonicalPath={paths.cart.href()} />
      <meta name="robots" content="noindex" />
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      {items.length === 0 ? (
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
              {items.map((item) => (
                <CartLine key={item.cartItemId} item={item} />
              ))}
            </ul>
          </section>
          <aside className={styles.summary} aria-labelledby="summary-title">
            <h2 id="summary-title">{t('summary')}</h2>
            <dl>
              <div>
                <dt>{t('subtotal', { count: totalItems })}</dt>
                <dd>{money(totalPrice)}</dd>
              </div>
              <div>
                <dt>{t('shipping')}</dt>
                <dd>{t('free')}</dd>
              </div>
              <div className={styles.summaryTotal}>
                <dt>{t('total')}</dt>
                <dd data-testid="cart-page-total">{money(totalPrice)}</dd>
              </div>
            </dl>
            <ButtonLink to={paths.checkout.href()} block>
              {t('checkout')}
            </ButtonLink>
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
