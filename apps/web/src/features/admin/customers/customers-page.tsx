import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminCustomerRow } from '@boutique/contracts/admin';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { useAdminCustomers } from '../api/customers';
import { PagedTable } from '../components/admin-table';
import { AdminPageHeader, useListParams } from '../components/admin-ui';

const PER_PAGE = 20;
const column = createColumnHelper<AdminCustomerRow>();

/** The shop's accounts with how many orders each made and what they spent. */
export default function CustomersPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const { values, page, set } = useListParams(['q'] as const);
  const list = useAdminCustomers({ page, per_page: PER_PAGE, q: values.q || undefined });
  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: () => t('customers.name'),
        cell: (info) => (
          <Link to={paths.adminCustomer.href(info.row.original.id)}>
            <bdi>{info.getValue() || info.row.original.email}</bdi>
          </Link>
        ),
      }),
      column.accessor('email', {
        header: () => t('customers.email'),
        cell: (info) => <bdi dir="ltr">{info.getValue()}</bdi>,
      }),
      column.accessor('orders_count', {
        header: () => t('customers.orders'),
        cell: (info) => <span className="adm-num">{info.getValue()}</span>,
      }),
      column.accessor((row) => Number(row.total_spent), {
        id: 'spent',
        header: () => t('customers.spent'),
        cell: (info) => <span className="adm-num">{formatMoney(info.row.original.total_spent, lang)}</span>,
      }),
      column.accessor('created_at', {
        header: () => t('customers.since'),
        cell: (info) => <span className="adm-num">{formatDate(info.getValue(), lang)}</span>,
      }),
      column.accessor('role', {
        header: () => t('customers.role'),
        cell: (info) => (
          <span className="adm-badge">
            {info.getValue() === 'staff' ? t('staff.roles.staff') : t(`customers.roles.${info.getValue()}`)}
            {!info.row.original.verified && ` · ${t('customers.unverified')}`}
          </span>
        ),
      }),
    ],
    [t, lang],
  );
  return (
    <>
      <AdminPageHeader
        title={t('customers.title')}
        subtitle={list.data ? t('customers.count', { count: list.data.total }) : undefined}
      />
      <PagedTable
        label={t('customers.title')}
        search={{
          id: 'customers-q',
          label: t('customers.search'),
          value: values.q,
          onSearch: (q) => set({ q }),
        }}
        list={list.data}
        error={list.error}
        retry={() => void list.refetch()}
        columns={columns}
        empty={t('customers.empty')}
        onPage={(next) => set({ page: next })}
      />
    </>
  );
}
