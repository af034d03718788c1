import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Order } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { formatDate, formatMoney, formatMoneyOff } from '@/lib/format';
import { localized } from '@/lib/product';
import { Modal } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { TotalsList } from '@/components/ui/totals';
import { useOrder } from '../api/get-order';
import { useReorder } from '../use-reorder';
import { useCountryName } from '@/lib/countries';
import { returnWindow } from '../after-sale';
import { OrderTracker, StatusBadge } from './order-parts';
import { RefundsSection, ReturnsSection } from './after-sale-sections';
import { ReturnForm } from './return-form';
import styles from './orders.module.css';
import afterSale from './after-sale.module.css';

/** The whole order: tracker, pieces, billing address and totals; "order again" once it was delivered. */
export function OrderDetails({ order: listed, onClose }: { order: Order; onClose: () => void }) {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.language;
  const { data } = useOrder(listed);
  const order = data ?? listed;
  const { reorder, busy } = useReorder();
  const countryName = useCountryName(lang);
  const billing = order.billing_address;
  const money = (amount: string) => formatMoney(amount, lang);
  // The line whose return form is open, and the number of the request just made.
  const [asking, setAsking] = useState<number | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const canReturn = returnWindow(order).state === 'open';

  return (
    <Modal
      open
      onClose={onClose}
      closeLabel={t('details.close')}
      title={
        <>
          {t('card.number')} <bdi>{order.order_number}</bdi>
        </>
      }
      subtitle={
        <>
          <time dateTime={order.created_at}>{formatDate(order.created_at, lang)}</time> ·{' '}
          <StatusBadge status={order.fulfillment_status} />
        </>
      }
      footer={
        <>
          <p className={styles.support}>
            {t('details.help')} <Link to={paths.contact.href()}>{t('details.contact')}</Link>
          </p>
          {order.fulfillment_status === 'delivered' && (
            <Button
              loading={busy}
              onClick={() => {
                // The dialog gives way first: the cart drawer then opens on the pieces as they are added.
                onClose();
                void reorder(order);
              }}
            >
              {t('details.reorder')}
            </Button>
          )}
        </>
      }
    >
      <div className={styles.detailsBody}>
        {order.fulfillment_status === 'cancelled' ? (
          <p className={styles.cancelled}>{t('details.cancelled')}</p>
        ) : (
          <OrderTracker status={order.fulfillment_status} />
        )}

        <section aria-labelledby="order-items">
          <h3 id="order-items" className={styles.sectionTitle}>
            {t('details.items')}
          </h3>
          <ul className={styles.items}>
            {order.items.map((item) => (
              <li key={item.id} className={styles.item}>
                {item.product_image ? (
                  <img src={item.product_image} alt="" width={64} height={85} loading="lazy" />
                ) : (
                  <span className={styles.thumbPlaceholder} aria-hidden="true" />
                )}
                <div className={styles.itemText}>
                  <Link to={paths.product.href(item.product_slug)} className={styles.itemName}>
                    {localized(item.product_name, lang)}
                  </Link>
                  <p className={styles.itemOptions}>
                    {item.options.color_name && (
                      <span>
                        {t('details.color')}: {localized(item.options.color_name, lang)}
                      </span>
                    )}
                    <span>
                      {t('details.size')}: {item.options.size}
                    </span>
                  </p>
                  <p className={styles.itemOptions}>
                    <span>
                      {t('details.unitPrice')}: {money(item.price)}
                    </span>
                    <span>
                      {t('details.quantity')}: {item.quantity}
                    </span>
                  </p>
                </div>
                <p className={styles.itemTotal}>
                  <span className="visually-hidden">{t('details.lineTotal')}: </span>
                  {money(item.line_total)}
                </p>
                {canReturn && (item.returnable_quantity ?? 0) > 0 && asking !== item.id && (
                  <button
                    type="button"
                    className={`${styles.details} ${afterSale.ask}`}
                    aria-label={t('returns.askFor', { name: localized(item.product_name, lang) })}
                    onClick={() => {
                      setAsked(null);
                      setAsking(item.id);
                    }}
                  >
                    {t('returns.ask')}
                  </button>
                )}
                {asking === item.id && (
                  <div className={styles.itemWide}>
                    <ReturnForm
                      orderId={order.id}
                      item={item}
                      onCancel={() => setAsking(null)}
                      onDone={(created) => {
                        setAsking(null);
                        setAsked(created.number);
                      }}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
          {asked && (
            <p className={afterSale.done} role="status">
              {t('returns.sent', { number: asked })}
            </p>
          )}
        </section>

        <ReturnsSection order={order} />
        <RefundsSection order={order} />

        <div className={styles.detailsGrid}>
          <section aria-labelledby="order-billing">
            <h3 id="order-billing" className={styles.sectionTitle}>
              {t('details.billing')}
            </h3>
            <address className={styles.address}>
              {/* The shopper's own words, each in its own direction: a Latin street keeps its order in Arabic. */}
              <strong>
                <bdi>{billing.name}</bdi>
              </strong>
              {billing.address && (
                <span>
                  <bdi>{billing.address}</bdi>
                </span>
              )}
              {(billing.city || billing.postalCode) && (
                <span>
                  <bdi>{billing.city}</bdi> <bdi>{billing.postalCode}</bdi>
                </span>
              )}
              {billing.country && <span>{countryName(billing.country)}</span>}
              {billing.email && (
                <span>
                  <bdi dir="ltr">{billing.email}</bdi>
                </span>
              )}
              {billing.phone && (
                <span>
                  <bdi dir="ltr">{billing.phone}</bdi>
                </span>
              )}
            </address>
          </section>

          <section aria-labelledby="order-summary">
            <h3 id="order-summary" className={styles.sectionTitle}>
              {t('details.summary')}
            </h3>
            <TotalsList
              className={styles.totals}
              grandClassName={styles.grandTotal}
              rows={[
                { label: t('details.subtotal'), value: money(order.subtotal) },
                {
                  label: order.shipping_method
                    ? `${t('details.shipping')} · ${localized(order.shipping_method.name, lang)}`
                    : t('details.shipping'),
                  value:
                    Number(order.shipping_amount) === 0 ? t('details.free') : money(order.shipping_amount),
                },
                ...(order.discount_code
                  ? [
                      {
                        label: (
                          <>
                            {t('details.discount')} <bdi>{order.discount_code}</bdi>
                          </>
                        ),
                        value: formatMoneyOff(order.discount_amount, lang),
                        testId: 'order-discount',
                      },
                    ]
                  : []),
                ...(order.cod_fee && Number(order.cod_fee) > 0
                  ? [{ label: t('codFee'), value: money(order.cod_fee) }]
                  : []),
                { label: t('details.total'), value: money(order.total_amount), grand: true },
                ...(order.refunded_amount && Number(order.refunded_amount) > 0
                  ? [{ label: t('refunds.refunded'), value: money(order.refunded_amount) }]
                  : []),
                {
                  label: t('details.paymentMethod'),
                  value:
                    order.payment_status === 'awaiting_payment' && order.payment_method === 'cash_on_delivery'
                      ? `${t('methods.cash_on_delivery')} · ${t('awaitingPayment')}`
                      : t(`methods.${order.payment_method}`),
                  aside: true,
                },
              ]}
            />
          </section>
        </div>
      </div>
    </Modal>
  );
}
