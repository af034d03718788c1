import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { localized } from '@/lib/product';
import { useCountryName } from '@/lib/countries';
import { useDeliveryDays } from '@/lib/delivery';
import { Button } from '@/components/ui/button';
import { useShippingZones } from '../api/get-shipping-zones';
import styles from '../shipping-page.module.css';

/**
 * Where the shop ships and what it costs, as the owner set the zones and rates: one row per rate, its
 * destination, its cost (FREE highlighted, and the amount over which it is free) and its delivery time.
 */
export function ShippingRates() {
  const { t, i18n } = useTranslation('shipping');
  const lang = i18n.language;
  const zones = useShippingZones();
  const countryName = useCountryName(lang);
  const days = useDeliveryDays();

  if (zones.isError)
    return (
      <p className={styles.ratesState} role="alert">
        {t('costs.error')}{' '}
        <Button variant="light" onClick={() => void zones.refetch()}>
          {t('costs.retry')}
        </Button>
      </p>
    );
  if (!zones.data) return <p className={styles.ratesState}>{t('costs.loading')}</p>;

  // Zones naming countries first, the rest of the world last.
  const ordered = [...zones.data].sort((a, b) => Number(a.worldwide) - Number(b.worldwide));
  return (
    <div className={styles.tableWrap}>
      {/*
        On phones each rate becomes a card, so the table's CSS display changes; the explicit roles keep it a
        table for screen readers (some browsers drop table semantics when display changes).
      */}
      <table className={`${styles.table} ${styles.stacked}`} role="table" data-testid="shipping-rates">
        <caption className="visually-hidden">{t('costs.title')}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {t('costs.columns.region')}
            </th>
            <th scope="col" role="columnheader">
              {t('costs.columns.cost')}
            </th>
            <th scope="col" role="columnheader">
              {t('costs.columns.notes')}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {ordered.flatMap((zone) => {
            const where = zone.worldwide
              ? t('costs.elsewhere')
              : zone.countries.map(countryName).join(t('costs.separator'));
            return zone.methods.map((m) => {
              const free = Number(m.regular_price) === 0;
              return (
                <tr key={m.id} role="row">
                  <th scope="row" role="rowheader">
                    <bdi>{localized(zone.name, lang)}</bdi>
                    <span className={styles.rateName}>
                      <bdi>{localized(m.name, lang)}</bdi>
                    </span>
                  </th>
                  <td role="cell">
                    {free ? (
                      <strong className={styles.free}>{t('costs.free')}</strong>
                    ) : (
                      <span className={styles.cost}>{formatMoney(m.regular_price, lang)}</span>
                    )}
                  </td>
                  <td role="cell" className={styles.notes}>
                    {days(m)}
                    {m.free_over && !free && (
                      <>
                        <br />
                        <strong className={styles.freeOver}>
                          {t('costs.freeOver', { amount: formatMoney(m.free_over, lang) })}
                        </strong>
                      </>
                    )}
                    <br />
                    {where}
                  </td>
                </tr>
              );
            });
          })}
        </tbody>
      </table>
    </div>
  );
}
