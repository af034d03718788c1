import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminOrderRow } from '@boutique/contracts/admin';
import { ADMIN_BULK_API } from '@boutique/contracts/admin-bulk';
import { FULFILLMENT_STATUSES, roleMayUse, shopDay } from '@boutique/contracts/constants';
import { useBackOfficeRole } from '../admin-layout';
import { paths } from '@/config/paths';
import { shopTimeZone } from '@/lib/boot';
import { inputClass } from '@/components/ui/field';
import { formatMoney } from '@/lib/format';
import { useAdminOrders } from '../api/orders';
import { PagedTable } from '../components/admin-table';
import { ExportButton } from '../components/export-button';
import { RefundsAttention } from './refunds-card';
import {
  AdminPageHeader,
  OrderStatusBadge,
  Tabs,
  formatDateTime,
  useListParams,
} from '../components/admin-ui';

const PER_PAGE = 20;
const column = createColumnHelper<AdminOrderRow>();
const TABS = ['all', 'to_ship', ...FULFILLMENT_STATUSES] as const;
type Tab = (typeof TABS)[number];
const isStatus = (value: string): value is Exclude<Tab, 'all'> =>
  value !== 'all' && (TABS as readonly string[]).includes(value);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Orders by status (tabs with their counts), searched by number, e-mail or name, between two days. */
export default function OrdersPage() {
  const { t, i18n } = useTranslation('admin');
  const role = useBackOfficeRole();
  const lang = i18n.language;
  const { values, page, set } = useListParams(['status', 'q', 'from', 'to'] as const);
  const status = isStatus(values.status) ? values.status : undefined;
  const list = useAdminOrders({
    page,
    per_page: PER_PAGE,
    status,
    q: values.q || undefined,
    from: isDay(values.from) ? values.from : undefined,
    to: isDay(values.to) ? values.to : undefined,
  });

  // The export takes the list's days and status; without days, the shop's year so far.
  const today = shopDay(new Date(), shopTimeZone());
  const exportQuery = {
    from: isDay(values.from) ? values.from : `${today.slice(0, 4)}-01-01`,
    to: isDay(values.to) ? values.to : today,
    status: status && status !== 'to_ship' ? status : undefined,
  };

  const columns = useMemo(
    () => [
      column.accessor('order_number', {
        header: () => t('orders.number'),
        cell: (info) => (
          <Link className="adm-nowrap" to={paths.adminOrder.href(info.row.original.id)}>
            <bdi>{info.getValue()}</bdi>
          </Link>
        ),
      }),
      column.accessor('created_at', {
        header: () => t('orders.date'),
        cell: (info) => <span className="adm-num">{formatDateTime(info.getValue(), lang)}</span>,
      }),
      column.accessor((row) => row.customer.name, {
        id: 'customer',
        header: () => t('orders.customer'),
        cell: (info) => (
          <>
            <bdi>{info.getValue()}</bdi>
            <br />
            <bdi className="adm-muted">{info.row.original.customer.email}</bdi>
          </>
        ),
      }),
      column.accessor('items_count', {
        header: () => t('orders.pieces'),
        cell: (info) => <span className="adm-num">{info.getValue()}</span>,
      }),
      column.accessor((row) => Number(row.total_amount), {
        id: 'total',
        header: () => t('orders.total'),
        cell: (info) => <span className="adm-num">{formatMoney(info.row.original.total_amount, lang)}</span>,
      }),
      column.accessor('fulfillment_status', {
        header: () => t('orders.status'),
        cell: (info) => <OrderStatusBadge status={info.getValue()} />,
      }),
      column.accessor('payment_status', {
        header: () => t('orders.payment'),
        cell: (info) => t(`paymentStatus.${info.getValue()}`),
      }),
    ],
    [t, lang],
  );

  const counts = list.data?.counts;

  return (
    <>
      <AdminPageHeader
        title={t('orders.title')}
        actions={
          <>
            {roleMayUse(role, 'revenue') && (
              <ExportButton
                address={ADMIN_BULK_API.ordersCsv}
                query={exportQuery}
                filename={`orders-${exportQuery.from}-${exportQuery.to}.csv`}
              />
            )}
            <Link className="adm-small-btn" to={paths.adminNewOrder.href()}>
              {t('orders.newOrder')}
            </Link>
          </>
        }
      />
      {roleMayUse(role, 'refunds') && <RefundsAttention />}
      <Tabs
        label={t('orders.byStatus')}
        tabs={TABS.map((tab) => ({
          key: tab,
          label:
            tab === 'all'
              ? t('orders.all')
              : tab === 'to_ship'
                ? t('orders.toShip')
                : t(`common:orderStatus.${tab}`),
          count: counts ? counts[tab] : '…',
        }))}
        current={status ?? 'all'}
        onPick={(tab) => set({ status: tab === 'all' ? '' : tab })}
      />
      <PagedTable
        label={t('orders.title')}
        search={{ id: 'orders-q', label: t('orders.search'), value: values.q, onSearch: (q) => set({ q }) }}
        filters={
          <>
            {(['from', 'to'] as const).map((bound) => (
              <div key={bound} className="adm-field">
                <label htmlFor={`orders-${bound}`}>{t(`orders.${bound}`)}</label>
                <input
                  id={`orders-${bound}`}
                  type="date"
                  className={inputClass}
                  value={values[bound]}
                  // The first day cannot come after the last one.
                  min={bound === 'to' ? values.from || undefined : undefined}
                  max={bound === 'from' ? values.to || undefined : undefined}
                  onChange={(e) => set({ [bound]: e.target.value })}
                  aria-describedby="orders-days-zone"
                />
              </div>
            ))}
            <p id="orders-days-zone" className="adm-muted adm-filter-note">
              {t('orders.shopDays', { zone: shopTimeZone() })}
            </p>
          </>
        }
        list={list.data?.orders}
        error={list.error}
        retry={() => void list.refetch()}
        columns={columns}
        empty={t('orders.empty')}
        onPage={(next) => set({ page: next })}
      />
    </>
  );
}
