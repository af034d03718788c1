import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Order, OrderRefund, OrderReturn } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { localized } from '@/lib/product';
import { creditNoteKind, returnInProgress, returnWindow } from '../after-sale';
import styles from './after-sale.module.css';
import orderStyles from './orders.module.css';

/** Where a refund stands, in the shopper's words, with its credit note once the money went back. */
function RefundLine({ order, refund }: { order: Order; refund: OrderRefund }) {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.language;
  return (
    <li className={styles.refund}>
      <span>
        <strong>
          <bdi>{formatMoney(refund.amount, lang, { cents: true })}</bdi>
        </strong>{' '}
        ·{' '}
        <time dateTime={refund.created_at}>{formatDate(refund.refunded_at ?? refund.created_at, lang)}</time>
      </span>
      <span className={styles.state} data-state={refund.status}>
        {t(`refunds.status.${refund.status}`)}
      </span>
      {refund.credit_note_number && (
        <Link
          to={paths.creditNote.href(order.id, refund.credit_note_number)}
          className={orderStyles.details}
          aria-label={t('creditNote.openOf', {
            kind: t(`creditNote.kind.${creditNoteKind(refund.credit_note_number)}`),
            number: refund.credit_note_number,
          })}
        >
          {t(`creditNote.kind.${creditNoteKind(refund.credit_note_number)}`)}{' '}
          <bdi dir="ltr">{refund.credit_note_number}</bdi>
        </Link>
      )}
    </li>
  );
}

/** The order's refunds: what went back, what is on its way, and their credit notes. */
export function RefundsSection({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby="order-refunds">
      <h3 id="order-refunds" className={orderStyles.sectionTitle}>
        {t('refunds.title')}
      </h3>
      <ul className={styles.list}>
        {refunds.map((refund) => (
          <RefundLine key={refund.id} order={order} refund={refund} />
        ))}
      </ul>
    </section>
  );
}

/** One return or exchange as the shopper follows it: its pieces and wishes, each step with the shop's note. */
function ReturnCard({ order, ret }: { order: Order; ret: OrderReturn }) {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.language;
  return (
    <li className={styles.returnCard} data-testid="return-card">
      <header className={styles.returnHead}>
        <span>
          {t(`returns.kind.${ret.type}`)} <bdi dir="ltr">{ret.number}</bdi>
        </span>
        <span className={styles.state} data-state={returnInProgress(ret.status) ? 'pending' : ret.status}>
          {t(`returns.status.${ret.status}`)}
        </span>
      </header>
      <ul className={styles.returnLines}>
        {ret.lines.map((line) => (
          <li key={line.line_id}>
            <bdi>{localized(line.product_name, lang)}</bdi> × <bdi dir="ltr">{line.quantity}</bdi> ·{' '}
            {line.wanted_size
              ? t('returns.wanted', {
                  from: line.size,
                  to: line.wanted_size,
                  color: line.wanted_color_name ? localized(line.wanted_color_name, lang) : '',
                })
              : t('returns.sizeOf', { size: line.size })}
          </li>
        ))}
      </ul>
      <ol className={styles.steps} aria-label={t('returns.steps')}>
        {ret.history.map((step, index) => (
          <li key={index}>
            <span>{t(`returns.status.${step.status}`)}</span> ·{' '}
            <time dateTime={step.at}>{formatDate(step.at, lang)}</time>
            {step.note && (
              <p className={styles.note}>
                <bdi>{step.note}</bdi>
              </p>
            )}
          </li>
        ))}
      </ol>
      {ret.status === 'approved' && (
        <p className={styles.hint}>{t(`returns.next.${ret.type}`, { number: ret.number })}</p>
      )}
      {ret.refund && (
        <ul className={styles.list}>
          <RefundLine order={order} refund={ret.refund} />
        </ul>
      )}
    </li>
  );
}

/** The order's returns and exchanges, and until when the shopper may ask for one. */
export function ReturnsSection({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const returns = order.returns ?? [];
  const window = returnWindow(order);
  if (returns.length === 0 && window.state === 'none') return null;
  return (
    <section aria-labelledby="order-returns">
      <h3 id="order-returns" className={orderStyles.sectionTitle}>
        {t('returns.title')}
      </h3>
      {window.state !== 'none' && (
        <p className={styles.hint} data-testid="return-window">
          {t(window.state === 'open' ? 'returns.until' : 'returns.ended', {
            date: formatDate(window.until, i18n.language),
          })}
        </p>
      )}
      {returns.length > 0 && (
        <ul className={styles.list}>
          {returns.map((ret) => (
            <ReturnCard key={ret.id} order={order} ret={ret} />
          ))}
        </ul>
      )}
    </section>
  );
}
