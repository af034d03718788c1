import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { usePackingSlip } from '../api/orders';
import { QueryState } from '../components/admin-ui';

/** What goes in the parcel and where it goes, without prices; the print style leaves the back office out. */
export default function PackingSlipPage() {
  const { id } = useParams();
  const orderId = Number(id);
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const query = usePackingSlip(orderId);
  if (!query.data) return <QueryState error={query.error} retry={() => void query.refetch()} />;
  const slip = query.data;
  return (
    <>
      <title>{`${t('slip.title', { number: slip.order_number })} · ${t('backOffice')}`}</title>
      <div className="adm-actions adm-no-print" style={{ marginBlockEnd: 'var(--space-4)' }}>
        <Link to={paths.adminOrder.href(orderId)}>{t('slip.back')}</Link>
        <Button onClick={() => window.print()}>{t('slip.print')}</Button>
      </div>
      <article className="adm-slip">
        <header className="adm-head">
          <div>
            {/* The number in one piece: a phone would break it at its hyphen. */}
            <h1>
              {t('slip.heading')} <bdi>{slip.order_number}</bdi>
            </h1>
            <p>{formatDate(slip.created_at, lang)}</p>
          </div>
          <div>
            <strong>{slip.shop.name}</strong>
            <br />
            <bdi dir="ltr">{slip.shop.email}</bdi>
            <br />
            <bdi dir="ltr">{slip.shop.phone}</bdi>
          </div>
        </header>
        <section>
          <h2>{t('slip.shipTo')}</h2>
          <address style={{ fontStyle: 'normal' }}>
            <bdi>{slip.ship_to.name}</bdi>
            <br />
            <bdi>{slip.ship_to.address}</bdi>
            <br />
            <bdi>
              {[slip.ship_to.city, slip.ship_to.postalCode, slip.ship_to.country].filter(Boolean).join(', ')}
            </bdi>
            <br />
            <bdi dir="ltr">{slip.ship_to.phone}</bdi>
          </address>
        </section>
        <table className="adm-table" style={{ marginBlock: 'var(--space-4)' }}>
          <caption className="visually-hidden">{t('slip.lines')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('slip.piece')}</th>
              <th scope="col">{t('slip.colorSize')}</th>
              <th scope="col">{t('slip.quantity')}</th>
            </tr>
          </thead>
          <tbody>
            {slip.lines.map((line, index) => (
              <tr key={index}>
                <td>
                  <bdi>{line.product_name[lang] || line.product_name.en}</bdi>
                  <br />
                  <span className="adm-muted" dir="ltr">
                    {line.product_slug}
                  </span>
                </td>
                <td>{[line.color_name?.[lang], line.size].filter(Boolean).join(' · ')}</td>
                <td className="adm-num">{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          <strong>{t('slip.pieces', { count: slip.pieces })}</strong>
        </p>
        {(slip.carrier || slip.tracking_number) && (
          <p>
            {t('orders.carrier')}: <bdi>{slip.carrier ?? '—'}</bdi> · {t('orders.tracking')}:{' '}
            <bdi dir="ltr">{slip.tracking_number ?? '—'}</bdi>
          </p>
        )}
      </article>
    </>
  );
}
