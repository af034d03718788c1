import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toFils } from '@boutique/contracts/constants';
import { formatMoney } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { TotalsList } from '@/components/ui/totals';
import type { CashOnDeliveryError } from '../use-cash-on-delivery';
import { AlertIcon } from './checkout-icons';
import styles from './checkout.module.css';

interface CashOnDeliverySectionProps {
  /** The fee, AED. */
  fee: string;
  /** What the courier collects: the cart's total and the fee, in fils. */
  totalFils: number;
  busy: boolean;
  disabled: boolean;
  error: CashOnDeliveryError | null;
  onPlace: () => void;
}

/** Step 2's other way to pay, for UAE addresses: the order placed now, paid in cash to the courier. */
export function CashOnDeliverySection({
  fee,
  totalFils,
  busy,
  disabled,
  error,
  onPlace,
}: CashOnDeliverySectionProps) {
  const { t, i18n } = useTranslation('checkout');
  const base = useId();
  const money = (fils: number) => formatMoney(fils / 100, i18n.language);
  const amount = money(totalFils);
  return (
    <section className={styles.codSection} aria-labelledby={`${base}-cod`} data-testid="cash-on-delivery">
      <p className={styles.divider}>
        <span>{t('cod.orCod')}</span>
      </p>
      <h3 id={`${base}-cod`} className={styles.cardTitle}>
        {t('cod.title')}
      </h3>
      <p className={styles.codText}>{t('cod.text')}</p>
      <TotalsList
        className={styles.totals}
        grandClassName={styles.grandTotal}
        rows={[
          ...(toFils(fee) > 0 ? [{ label: t('cod.fee'), value: money(toFils(fee)) }] : []),
          { label: t('cod.total'), value: amount, grand: true, testId: 'cod-total' },
        ]}
      />
      <div role="alert" className={styles.alertSlot}>
        {error && (
          <p className={styles.paymentError} data-testid="cod-error">
            <AlertIcon size={20} />
            <span>{t(`cod.errors.${error}`)}</span>
          </p>
        )}
      </div>
      <Button
        variant="outline"
        className={styles.payButton}
        onClick={onPlace}
        disabled={disabled || busy}
        loading={busy}
        data-testid="cod-button"
      >
        {busy ? t('cod.processing') : t('cod.submit', { amount })}
      </Button>
    </section>
  );
}
