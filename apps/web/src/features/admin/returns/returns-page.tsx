import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { RETURN_TABS, type AdminReturnRow, type ReturnTab } from '@boutique/contracts/admin-after-sale';
import { paths } from '@/config/paths';
import { useAdminReturns } from '../api/after-sale';
import { PagedTable } from '../components/admin-table';
import { AdminPageHeader, Tabs, formatDateTime, useListParams } from '../components/admin-ui';
import { ReturnStatusBadge } from '../components/return-parts';

const PER_PAGE = 20;
const column = createColumnHelper<AdminReturnRow>();
const isTab = (value: string): value is ReturnTab => (RETURN_TABS as readonly string[]).includes(value);

/** Returns and exchanges by status (tabs with their counts; what waits for the owner first), searchable. */
export default function ReturnsPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const { values, page, set } = useListParams(['status', 'q'] as const);
  const status: ReturnTab = isTab(values.status) ? values.status : 'open';
  const list = useAdminReturns({ page, per_page: PER_PAGE, status, q: values.q || undefined });

  const columns = useMemo(
    () => [
      column.accessor('number', {
        header: () => t('returns.number'),
        cell: (info) => (
          <Link className="adm-nowrap" to={paths.adminReturn.href(info.row.original.id)}>
            <bdi dir="ltr">{info.getValue()}</bdi>
          </Link>
        ),
      }),
      column.accessor('created_at', {
        header: () => t('returns.date'),
        cell: (info) => <span className="adm-num">{formatDateTime(info.getValue(), lang)}</span>,
      }),
      column.accessor('order_number', {
        header: () => t('returns.order'),
        cell: (info) => (
          <Link className="adm-nowrap" to={paths.adminOrder.href(info.row.original.order_id)}>
            <bdi dir="ltr">{info.getValue()}</bdi>
          </Link>
        ),
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
      column.accessor('type', {
        header: () => t('returns.typeLabel'),
        cell: (info) => t(`returns.type.${info.getValue()}`),
      }),
      column.accessor('reason', {
        header: () => t('returns.reason'),
        cell: (info) => t(`returns.reasons.${info.getValue()}`),
      }),
      column.accessor('pieces', {
        header: () => t('orders.pieces'),
        cell: (info) => <span className="adm-num">{info.getValue()}</span>,
      }),
      column.accessor('status', {
        header: () => t('orders.status'),
        cell: (info) => <ReturnStatusBadge status={info.getValue()} />,
      }),
    ],
    [t, lang],
  );

  const counts = list.data?.counts;
  return (
    <>
      <AdminPageHeader title={t('returns.title')} subtitle={t('returns.intro')} />
      <Tabs
        label={t('returns.byStatus')}
        tabs={RETURN_TABS.map((tab) => ({
          key: tab,
          label: tab === 'open' || tab === 'all' ? t(`returns.tabs.${tab}`) : t(`returns.status.${tab}`),
          count: counts ? counts[tab] : '…',
        }))}
        current={status}
        onPick={(tab) => set({ status: tab === 'open' ? '' : tab })}
      />
      <PagedTable
        label={t('returns.title')}
        search={{ id: 'returns-q', label: t('returns.search'), value: values.q, onSearch: (q) => set({ q }) }}
        list={list.data?.returns}
        error={list.error}
        retry={() => void list.refetch()}
        columns={columns}
        empty={t('returns.empty')}
        onPage={(next) => set({ page: next })}
      />
    </>
  );
}
