import { useTranslation } from 'react-i18next';

interface Days {
  min_days: number;
  max_days: number;
}

/**
 * A shipping rate's delivery time in the page's language ("2–4 business days", "1 business day"): one wording
 * for checkout, the shipping page, the confirmation and the orders.
 */
export function useDeliveryDays() {
  const { t } = useTranslation('common');
  const days = (m: Days) =>
    m.min_days === m.max_days
      ? t('delivery.days', { count: m.max_days })
      : t('delivery.range', { min: m.min_days, max: m.max_days });
  return Object.assign(days, { estimate: (m: Days) => t('delivery.estimate', { days: days(m) }) });
}
