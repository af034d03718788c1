import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShippingMethod } from '@boutique/contracts';
import { formatMoney } from '@/lib/format';
import { localized } from '@/lib/product';
import { useDeliveryDays } from '@/lib/delivery';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import styles from './checkout.module.css';

interface ShippingOptionsProps {
  methods: ShippingMethod[] | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  /** The rate used for the totals: the shopper's choice, else the cheapest. */
  selected: string | undefined;
  onSelect: (id: string) => void;
  disabled: boolean;
}

/** Step 2's choice of shipping for the address's country: name, delivery days and price, FREE highlighted. */
export function ShippingOptions({
  methods,
  loading,
  failed,
  retry,
  selected,
  onSelect,
  disabled,
}: ShippingOptionsProps) {
  const { t, i18n } = useTranslation('checkout');
  const lang = i18n.language;
  const base = useId();
  const days = useDeliveryDays();

  return (
    <fieldset className={styles.shippingOptions} disabled={disabled} data-testid="shipping-options">
      <legend id={`${base}-title`} className={styles.recapTitle}>
        {t('shipping.title')}
      </legend>
      {failed ? (
        <div className={styles.inlineError} role="alert">
          <FormMessage tone="error">{t('shipping.error')}</FormMessage>
          <Button variant="light" onClick={retry}>
            {t('retry')}
          </Button>
        </div>
      ) : loading || !methods ? (
        <p className={styles.recapText}>{t('shipping.loading')}</p>
      ) : methods.length === 0 ? (
        <FormMessage tone="error">{t('shipping.none')}</FormMessage>
      ) : (
        methods.map((m) => {
          const free = Number(m.price) === 0;
          return (
            <label key={m.id} className={styles.shippingOption} data-testid={`shipping-rate-${m.id}`}>
              <input
                type="radio"
                name={`${base}-rate`}
                value={m.id}
                checked={m.id === selected}
                onChange={() => onSelect(m.id)}
              />
              <span className={styles.shippingText}>
                <strong>{localized(m.name, lang)}</strong>
                <span className={styles.savedLine}>{days(m)}</span>
                {m.free_over && !free && (
                  <span className={styles.savedLine}>
                    {t('shipping.freeOver', { amount: formatMoney(m.free_over, lang) })}
                  </span>
                )}
              </span>
              <span className={free ? `${styles.shippingPrice} ${styles.free}` : styles.shippingPrice}>
                {free ? t('shipping.free') : formatMoney(m.price, lang)}
              </span>
            </label>
          );
        })
      )}
    </fieldset>
  );
}
