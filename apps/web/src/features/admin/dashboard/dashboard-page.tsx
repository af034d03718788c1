import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_STATS_DAYS } from '@boutique/contracts/admin';
import type { Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { PageFallback } from '@/components/page-fallback';
import { shopTimeZone } from '@/lib/boot';
import { formatMoney } from '@/lib/format';
import type { AdminWorkload } from '@boutique/contracts/admin-staff';
import { useAdminStats, useAdminWorkload } from '../api/stats';
import { useBackOfficeRole } from '../admin-layout';
import { AdminPageHeader, QueryState, Tabs, useListParams } from '../components/admin-ui';

/** The sizes nearest to running out first (as the API orders them); the rest are counted. */
const LOW_STOCK_SHOWN = 12;

// The chart library is loaded with the chart, after the figures.
const RevenueChart = lazy(() => import('./revenue-chart'));

/** The shop at a glance: sales over 7, 30 or 90 days, what sells, what runs out, what waits for the owner. */
export default function DashboardPage() {
  return useBackOfficeRole() === 'staff' ? <WorkDashboard /> : <OwnerDashboard />;
}

/** What staff see: what needs doing now, never a figure of money (`GET /admin/workload`). */
function WorkDashboard() {
  const { t } = useTranslation('admin');
  const work = useAdminWorkload();
  const w = work.data;
  return (
    <>
      <AdminPageHeader title={t('dashboard.title')} />
      {!w ? (
        <QueryState error={work.error} retry={() => void work.refetch()} />
      ) : (
        <>
          <div className="adm-kpis">
            <Link className="adm-kpi" to={`${paths.adminOrders.href()}?status=to_ship`}>
              <span>{t('dashboard.awaitingShipment')}</span>
              <strong>{w.awaiting_shipment}</strong>
            </Link>
            <Link className="adm-kpi" to={paths.adminMessages.href()}>
              <span>{t('dashboard.unreadMessages')}</span>
              <strong>{w.unread_messages}</strong>
            </Link>
          </div>
          <div className="adm-grid">
            <LowStockCard items={w.low_stock} />
          </div>
        </>
      )}
    </>
  );
}

/** The sizes running out, nearest first; the rest shown on demand. */
function LowStockCard({ items }: { items: AdminWorkload['low_stock'] }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, LOW_STOCK_SHOWN);
  return (
    <section className="adm-card" aria-labelledby="low-title">
      <h2 id="low-title">{t('dashboard.lowStock')}</h2>
      {items.length === 0 ? (
        <p className="adm-muted">{t('dashboard.noLowStock')}</p>
      ) : (
        <ul className="adm-list">
          {shown.map((item) => (
            <li key={`${item.product_id}-${item.color}-${item.size}`}>
              <Link to={paths.adminProduct.href(item.product_id)}>
                {/* Pieces are counted per colour × size: the colour by the key orders and carts use. */}
                <bdi>{item.name[lang] || item.name.en}</bdi>
                {item.color && (
                  <>
                    {' · '}
                    <bdi dir="ltr">{item.color}</bdi>
                  </>
                )}{' '}
                · {item.size}
              </Link>
              <span className="adm-badge" data-tone={item.available === 0 ? 'bad' : 'warn'}>
                {t('dashboard.left', { count: item.available })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {items.length > LOW_STOCK_SHOWN && (
        <p>
          <button type="button" className="adm-small-btn" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? t('staff.fewerLow') : t('dashboard.moreLow', { count: items.length - LOW_STOCK_SHOWN })}
          </button>
        </p>
      )}
    </section>
  );
}

/** The owner's dashboard: the figures of the period, and what needs doing. */
function OwnerDashboard() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const { values, set } = useListParams(['days'] as const);
  const days = (ADMIN_STATS_DAYS as readonly number[]).includes(Number(values.days))
    ? Number(values.days)
    : 30;
  const stats = useAdminStats(days);
  const s = stats.data;

  return (
    <>
      <AdminPageHeader
        title={t('dashboard.title')}
        subtitle={t('dashboard.shopDays', { zone: shopTimeZone() })}
      />
      <Tabs
        label={t('dashboard.period')}
        tabs={ADMIN_STATS_DAYS.map((d) => ({ key: d, label: t('dashboard.days', { count: d }) }))}
        current={days}
        onPick={(d) => set({ days: d === 30 ? '' : d })}
      />
      {!s ? (
        <QueryState error={stats.error} retry={() => void stats.refetch()} />
      ) : (
        <>
          <div className="adm-kpis">
            <div className="adm-kpi">
              <span>{t('dashboard.revenue')}</span>
              <strong>
                <bdi>{formatMoney(s.revenue, lang)}</bdi>
              </strong>
            </div>
            <div className="adm-kpi">
              <span>{t('dashboard.orders')}</span>
              <strong>{s.orders}</strong>
            </div>
            <div className="adm-kpi">
              <span>{t('dashboard.averageBasket')}</span>
              <strong>
                <bdi>{formatMoney(s.average_basket, lang)}</bdi>
              </strong>
            </div>
            <Link className="adm-kpi" to={`${paths.adminOrders.href()}?status=to_ship`}>
              <span>{t('dashboard.awaitingShipment')}</span>
              <strong>{s.awaiting_shipment}</strong>
            </Link>
            <Link className="adm-kpi" to={paths.adminMessages.href()}>
              <span>{t('dashboard.unreadMessages')}</span>
              <strong>{s.unread_messages}</strong>
            </Link>
          </div>
          <section
            className="adm-card"
            aria-labelledby="chart-title"
            style={{ marginBlockEnd: 'var(--space-4)' }}
          >
            <h2 id="chart-title">{t('dashboard.perDay', { count: days })}</h2>
            <Suspense fallback={<PageFallback />}>
              <RevenueChart
                perDay={s.per_day}
                lang={lang}
                labels={{ revenue: t('dashboard.revenue'), orders: t('dashboard.orders') }}
              />
            </Suspense>
            {/* Hidden by its box: a table keeps its own width whatever it is told, and widened the phone's page. */}
            <div className="visually-hidden">
              <table>
                <caption>{t('dashboard.perDay', { count: days })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.day')}</th>
                    <th scope="col">{t('dashboard.revenue')}</th>
                    <th scope="col">{t('dashboard.orders')}</th>
                  </tr>
                </thead>
                <tbody>
                  {s.per_day
                    .filter((d) => d.orders > 0)
                    .map((d) => (
                      <tr key={d.date}>
                        <td>{d.date}</td>
                        <td>{formatMoney(d.revenue, lang)}</td>
                        <td>{d.orders}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
          </section>
          <div className="adm-grid">
            <section className="adm-card" aria-labelledby="top-title">
              <h2 id="top-title">{t('dashboard.topProducts')}</h2>
              {s.top_products.length === 0 ? (
                <p className="adm-muted">{t('dashboard.noSales')}</p>
              ) : (
                <ol className="adm-list">
                  {s.top_products.map((p) => (
                    <li key={p.slug}>
                      {p.product_id ? (
                        <Link to={paths.adminProduct.href(p.product_id)}>
                          <bdi>{p.name[lang] || p.name.en}</bdi>
                        </Link>
                      ) : (
                        <bdi>{p.name[lang] || p.name.en}</bdi>
                      )}
                      <span className="adm-num">
                        {t('dashboard.sold', { count: p.quantity })} · {formatMoney(p.revenue, lang)}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <LowStockCard items={s.low_stock} />
          </div>
        </>
      )}
    </>
  );
}
