import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDeliveryDays } from '@/lib/delivery';
import { localized } from '@/lib/product';
import { paths } from '@/config/paths';
import { formatDate, formatMoney, formatMoneyOff } from '@/lib/format';
import { PageMeta } from '@/components/page-meta';
import { ButtonLink } from '@/components/ui/button';
import { TruckIcon } from '@/components/ui/icons';
import { isConfirmationState } from './checkout-model';
import { CheckCircleIcon, MailOpenIcon, ScissorsIcon } from './components/checkout-icons';
import styles from './components/confirmation.module.css';

const NEXT_STEPS = [
  { key: 'email', Icon: MailOpenIcon },
  { key: 'atelier', Icon: ScissorsIcon },
  { key: 'delivery', Icon: TruckIcon },
] as const;

/** Thanks the customer for the order the checkout just placed (handed over as navigation state). */
export default function OrderConfirmationPage() {
  const { t, i18n } = useTranslation('orderConfirmation');
  const state: unknown = useLocation().state;
  const [today] = useState(() => new Date());
  const lang = i18n.language;
  const days = useDeliveryDays();

  // Reached without an order (typed in, reloaded much later): the orders list says it all.
  if (!isConfirmationState(state)) return <Navigate replace to={paths.orders.href()} />;
  const cashOnDelivery = state.paymentMethod === 'cash_on_delivery';

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={t('title')} />
      <meta name="robots" content="noindex" />
      <div className={styles.card}>
        <span className={styles.seal} aria-hidden="true">
          <CheckCircleIcon size={44} />
        </span>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.lead}>
          {cashOnDelivery ? t('leadCod', { amount: formatMoney(state.amount, lang) }) : t('lead')}
        </p>

        <dl className={styles.details}>
          <div>
            <dt>{t('orderNumber')}</dt>
            <dd>
              <bdi data-testid="confirmation-order-number">{state.orderNumber}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('date')}</dt>
            <dd>{formatDate(today, lang)}</dd>
          </div>
          {state.discount && (
            <div>
              <dt>
                {t('discount')} <bdi>{state.discount.code}</bdi>
              </dt>
              <dd data-testid="confirmation-discount">{formatMoneyOff(state.discount.amount, lang)}</dd>
            </div>
          )}
          <div>
            <dt>{cashOnDelivery ? t('totalCod') : t('total')}</dt>
            <dd data-testid="confirmation-total">{formatMoney(state.amount, lang)}</dd>
          </div>
          <div>
            <dt>{t('paymentMethod')}</dt>
            <dd data-testid="confirmation-method">{t(`methods.${state.paymentMethod ?? 'card'}`)}</dd>
          </div>
          {state.delivery && (
            <div>
              <dt>{t('shipping')}</dt>
              <dd data-testid="confirmation-delivery">
                {localized(state.delivery.name, lang)} · {days.estimate(state.delivery)}
              </dd>
            </div>
          )}
        </dl>

        <section className={styles.next} aria-labelledby="whats-next">
          <h2 id="whats-next" className={styles.nextTitle}>
            {t('next.title')}
          </h2>
          <ol className={styles.nextList}>
            {NEXT_STEPS.map(({ key, Icon }) => (
              <li key={key}>
                <span className={styles.nextIcon} aria-hidden="true">
                  <Icon size={22} />
                </span>
                <span>
                  <strong>{t(`next.${key}.title`)}</strong>
                  <span className={styles.nextText}>{t(`next.${key}.text`)}</span>
                </span>
              </li>
            ))}
          </ol>
        </section>

        <div className={styles.actions}>
          <ButtonLink to={paths.orders.href()}>{t('viewOrders')}</ButtonLink>
          <ButtonLink to={paths.invoice.href(state.orderId)} variant="outline">
            {t('invoice')}
          </ButtonLink>
          <ButtonLink to={paths.collections.href()} variant="light">
            {t('continueShopping')}
          </ButtonLink>
        </div>
        <p className={styles.support}>
          {t('support')} <Link to={paths.contact.href()}>{t('contact')}</Link>
        </p>
      </div>
    </div>
  );
}
