import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FulfillmentStatus, Order } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { localized } from '@/lib/product';
import { CheckIcon } from '@/components/ui/icons';
import { TRACKER_STAGES, stagesReached, statusLabelKey, thumbnails } from '../order-status';
import { creditNoteKind, creditNotesOf } from '../after-sale';
import styles from './orders.module.css';

export function StatusBadge({ status }: { status: FulfillmentStatus }) {
  const { t } = useTranslation('orders');
  return (
    <span className={styles.badge} data-status={status}>
      {t(statusLabelKey(status))}
    </span>
  );
}

/** One order in the list: number, date, status, up to three pictures and the total. */
export function OrderCard({ order, onOpen }: { order: Order; onOpen: () => void }) {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.language;
  const { shown, more } = thumbnails(order.items);
  const pieces = order.items.reduce((n, i) => n + i.quantity, 0);
  const titleId = `order-${order.id}-title`;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid="order-card">
      <header className={styles.cardHeader}>
        <div className={styles.cardHeading}>
          <h2 id={titleId} className={styles.cardTitle}>
            <span className={styles.cardLabel}>{t('card.number')}</span>{' '}
            <bdi className={styles.orderNumber}>{order.order_number}</bdi>
          </h2>
          <p className={styles.cardDate}>
            <time dateTime={order.created_at}>{formatDate(order.created_at, lang)}</time> ·{' '}
            {t('card.pieces', { count: pieces })}
          </p>
        </div>
        <StatusBadge status={order.fulfillment_status} />
      </header>
      <ul className={styles.thumbs} aria-label={t('card.pieces', { count: pieces })}>
        {shown.map((item) => (
          <li key={item.id}>
            {item.product_image ? (
              <img
                src={item.product_image}
                alt={localized(item.product_name, lang)}
                width={56}
                height={75}
                loading="lazy"
              />
            ) : (
              <span className={styles.thumbPlaceholder}>
                {localized(item.product_name, lang).slice(0, 1)}
              </span>
            )}
          </li>
        ))}
        {more > 0 && (
          <li className={styles.more} aria-label={t('card.more', { count: more })}>
            <bdi dir="ltr">+{more}</bdi>
          </li>
        )}
      </ul>
      <footer className={styles.cardFooter}>
        <p className={styles.cardTotal}>
          <span>{t('card.total')}</span>
          <strong data-testid="order-total">{formatMoney(order.total_amount, lang)}</strong>
          {(order.payment_status === 'refunded' || order.payment_status === 'partially_refunded') && (
            <span className={styles.refunded}>{t(`refunds.payment.${order.payment_status}`)}</span>
          )}
          {order.payment_status === 'awaiting_payment' && (
            <span className={styles.refunded} data-testid="order-awaiting-payment">
              {order.payment_method === 'cash_on_delivery'
                ? t('payOnDelivery', { amount: formatMoney(order.total_amount, lang) })
                : t('awaitingPayment')}
            </span>
          )}
        </p>
        <div className={styles.cardActions}>
          <Link
            to={paths.invoice.href(order.id)}
            className={styles.details}
            aria-label={t('invoice.openOf', { number: order.order_number })}
          >
            {t('invoice.open')}
          </Link>
          {creditNotesOf(order).map((refund) => (
            <Link
              key={refund.id}
              to={paths.creditNote.href(order.id, refund.credit_note_number)}
              className={styles.details}
              aria-label={t('creditNote.openOf', {
                kind: t(`creditNote.kind.${creditNoteKind(refund.credit_note_number)}`),
                number: refund.credit_note_number,
              })}
            >
              <bdi dir="ltr">{refund.credit_note_number}</bdi>
            </Link>
          ))}
          <button
            type="button"
            className={styles.details}
            onClick={onOpen}
            aria-label={t('card.viewDetailsOf', { number: order.order_number })}
          >
            {t('card.viewDetails')}
          </button>
        </div>
      </footer>
    </article>
  );
}

/** Received, preparing, shipped, delivered, in the badge's words; nothing for a cancelled order. */
export function OrderTracker({ status }: { status: FulfillmentStatus }) {
  const { t } = useTranslation('orders');
  const reached = stagesReached(status);
  if (reached === null) return null;
  return (
    <ol className={styles.tracker} aria-label={t('details.tracker')}>
      {TRACKER_STAGES.map((stage, index) => {
        const state = index + 1 < reached ? 'done' : index + 1 === reached ? 'current' : 'todo';
        return (
          <li key={stage} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.trackerDot} aria-hidden="true">
              {state !== 'todo' && <CheckIcon size={14} />}
            </span>
            <span className={styles.trackerLabel}>
              {t(statusLabelKey(stage))}
              {state === 'todo' && <span className="visually-hidden"> {t('details.stageTodo')}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
