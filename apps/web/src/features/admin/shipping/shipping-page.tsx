import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShippingZone } from '@boutique/contracts/admin-shipping';
import type { Language } from '@boutique/contracts/constants';
import { formatMoney } from '@/lib/format';
import { useCountryName } from '@/lib/countries';
import { useDeliveryDays } from '@/lib/delivery';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteShippingZone, useAdminShippingZones, useRefreshShippingZones } from '../api/shipping';
import { AdminPageHeader, QueryState, errorMessage } from '../components/admin-ui';
import { staleRecord } from '../components/conflict';
import { ZoneEditor } from './zone-editor';

/**
 * The owner's shipping zones (DESIGN section 17): each zone's countries and its rates (names in three languages,
 * price, free over, delivery days); add, edit, delete. The worldwide zone serves every country no other zone
 * lists: it can be edited, not deleted.
 */
export default function ShippingPage() {
  const { t } = useTranslation('admin');
  const zones = useAdminShippingZones();
  const refresh = useRefreshShippingZones();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number>();
  const [deleting, setDeleting] = useState<ShippingZone>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const remove = async (zone: ShippingZone) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await deleteShippingZone(zone.id, zone.version);
      setDeleting(undefined);
    } catch (error) {
      setProblem(staleRecord(error) ? t('shipping.stale') : errorMessage(error, t('errors.save')));
      setDeleting(undefined);
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <>
      <AdminPageHeader
        title={t('shipping.title')}
        subtitle={t('shipping.subtitle')}
        actions={!adding && <Button onClick={() => setAdding(true)}>{t('shipping.addZone')}</Button>}
      />
      {adding && (
        <section className="adm-card adm-stack" aria-labelledby="zone-new">
          <h2 id="zone-new">{t('shipping.newZone')}</h2>
          <ZoneEditor onDone={() => setAdding(false)} />
        </section>
      )}
      {problem && (
        <p className="adm-error" role="alert">
          {problem}
        </p>
      )}
      {!zones.data ? (
        <QueryState error={zones.error} retry={() => void zones.refetch()} />
      ) : (
        <div className="adm-stack">
          {zones.data.map((zone) =>
            editing === zone.id ? (
              <section key={zone.id} className="adm-card adm-stack" aria-labelledby={`zone-${zone.id}`}>
                <h2 id={`zone-${zone.id}`}>{t('shipping.editZone')}</h2>
                <ZoneEditor zone={zone} onDone={() => setEditing(undefined)} />
              </section>
            ) : (
              <ZoneCard
                key={zone.id}
                zone={zone}
                onEdit={() => setEditing(zone.id)}
                onDelete={() => setDeleting(zone)}
              />
            ),
          )}
        </div>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('shipping.deleteTitle')}
        confirmLabel={t('shipping.deleteConfirm')}
        cancelLabel={t('cancel')}
        busy={busy}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        <p>{t('shipping.deleteText')}</p>
      </ConfirmDialog>
    </>
  );
}

function ZoneCard({
  zone,
  onEdit,
  onDelete,
}: {
  zone: ShippingZone;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const countryName = useCountryName(lang);
  const days = useDeliveryDays();
  const money = (amount: string) => formatMoney(amount, lang);
  return (
    <section className="adm-card adm-stack" aria-labelledby={`zone-${zone.id}`} data-testid="shipping-zone">
      <div className="adm-zone-head">
        <h2 id={`zone-${zone.id}`}>
          <bdi>{zone.name[lang] || zone.name.en}</bdi>
        </h2>
        <div className="adm-actions">
          <button type="button" className="adm-small-btn" onClick={onEdit}>
            {t('shipping.edit')}
          </button>
          {!zone.worldwide && (
            <button type="button" className="adm-small-btn" data-danger="true" onClick={onDelete}>
              {t('shipping.delete')}
            </button>
          )}
        </div>
      </div>
      <p className="adm-muted">
        {zone.worldwide
          ? t('shipping.worldwide')
          : zone.countries.map((c) => `${countryName(c)} (${c})`).join(t('conflict.listSeparator'))}
      </p>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">{t('shipping.rate')}</th>
              <th scope="col">{t('shipping.price')}</th>
              <th scope="col">{t('shipping.freeOver')}</th>
              <th scope="col">{t('shipping.days')}</th>
            </tr>
          </thead>
          <tbody>
            {zone.rates.map((r) => (
              <tr key={r.id}>
                <th scope="row" className="adm-wrap">
                  <bdi>{r.name[lang] || r.name.en}</bdi>
                </th>
                <td className="adm-num">
                  {Number(r.price) === 0 ? <strong>{t('shipping.free')}</strong> : money(r.price)}
                </td>
                <td className="adm-num">{r.free_over ? money(r.free_over) : '—'}</td>
                <td>{days(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
