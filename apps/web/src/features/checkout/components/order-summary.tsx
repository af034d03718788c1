import { useTranslation } from 'react-i18next';
import { formatMoney, formatMoneyOff } from '@/lib/format';
import { localized } from '@/lib/product';
import { TotalsList } from '@/components/ui/totals';
import type { CheckoutLine, OrderSummary as Summary } from '../checkout-model';
import styles from './checkout.module.css';

/** Subtotal, the chosen shipping and total of the order, in the active language's money format. */
export function Totals({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation('checkout');
  const money = (fils: number) => formatMoney(fils / 100, i18n.language);
  return (
    <TotalsList
      className={styles.totals}
      grandClassName={styles.grandTotal}
      rows={[
        { label: t('summary.subtotal', { count: summary.count }), value: money(summary.subtotalFils) },
        summary.shippingPending
          ? { label: t('summary.shipping'), value: t('summary.shippingNext') }
          : {
              label: t('summary.shipping'),
              value: summary.shippingFils === 0 ? t('summary.free') : money(summary.shippingFils),
              ...(summary.shippingFils === 0 && { valueClassName: styles.free }),
              testId: 'checkout-shipping',
            },
        ...(summary.discountCode
          ? [
              {
                label: (
                  <>
                    {t('summary.discount')} <bdi>{summary.discountCode}</bdi>
                  </>
                ),
                value: formatMoneyOff(summary.discountFils / 100, i18n.language),
                testId: 'checkout-discount',
              },
            ]
          : []),
        {
          label: t('summary.total'),
          value: money(summary.totalFils),
          grand: true,
          testId: 'checkout-total',
        },
      ]}
    />
  );
}

/** The pieces being bought, with the totals: the sidebar on large screens. */
export function OrderSummary({ lines, summary }: { lines: CheckoutLine[]; summary: Summary }) {
  const { t, i18n } = useTranslation('checkout');
  const lang = i18n.language;
  return (
    <div className={styles.summary}>
      <h2 className={styles.summaryTitle}>{t('summary.title')}</h2>
      <ul className={styles.summaryLines}>
        {lines.map((line) => (
          <li
            key={line.id}
            className={styles.summaryLine}
            data-unavailable={!line.available || line.exceedsStock || undefined}
          >
            <span className={styles.summaryImage}>
              {line.image && <img src={line.image} alt="" width={64} height={85} loading="lazy" />}
              <span className={styles.quantityBadge} aria-hidden="true">
                {line.quantity}
              </span>
            </span>
            <span className={styles.summaryText}>
              <span className={styles.summaryName}>{localized(line.name, lang)}</span>
              <span className={styles.summaryOptions}>
                {line.colorName && `${localized(line.colorName, lang)} · `}
                {t('summary.size', { size: line.size })} · {t('summary.quantity', { count: line.quantity })}
              </span>
              {!line.available ? (
                <span className={styles.unavailable}>{t('summary.unavailable')}</span>
              ) : (
                line.exceedsStock && (
                  <span className={styles.unavailable}>
                    {line.left === 0
                      ? t(line.colorName ? 'summary.soldOutColor' : 'summary.soldOut')
                      : t('summary.onlyLeft', { count: line.left ?? 0 })}
                  </span>
                )
              )}
            </span>
            <span className={styles.summaryPrice}>
              {formatMoney((Math.round(Number(line.price) * 100) * line.quantity) / 100, lang)}
            </span>
          </li>
        ))}
      </ul>
      <Totals summary={summary} />
    </div>
  );
}
