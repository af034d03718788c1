import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminCustomerRow } from '@boutique/contracts/admin';
import { ADMIN_BULK_API } from '@boutique/contracts/admin-bulk';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { useAdminCustomers } from '../api/customers';
import { PagedTable } from '../components/admin-table';
import { AdminPageHeader, FilterSelect, useListParams } from '../components/admin-ui';
import { ExportButton } from '../components/export-button';
import { useTagsInUse } from '../api/desk';

const PER_PAGE = 20;
const column = createColumnHelper<AdminCustomerRow>();

/** The shop's accounts with how many orders each made and what they spent. */
export default function CustomersPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const { values, page, set } = useListParams(['q', 'tag'] as const);
  const list = useAdminCustomers({
    page,
    per_page: PER_PAGE,
    q: values.q || undefined,
    tag: values.tag || undefined,
  });
  const tagsInUse = useTagsInUse();
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
      column.accessor('tags', {
        header: () => t('desk.tags'),
        cell: (info) =>
          info.getValue().length > 0 && (
            <ul className="adm-chips">
              {info.getValue().map((tag) => (
                <li key={tag} className="adm-chip">
                  <bdi>{tag}</bdi>
                </li>
              ))}
            </ul>
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
        actions={<ExportButton address={ADMIN_BULK_API.customersCsv} query={{}} filename="customers.csv" />}
      />
      <div className="adm-filters">
        <FilterSelect
          id="customers-tag"
          label={t('desk.filterByTag')}
          value={values.tag}
          options={[
            { value: '', label: t('desk.allTags') },
            ...(tagsInUse.data ?? []).map(({ tag, count }) => ({ value: tag, label: `${tag} (${count})` })),
            ...(values.tag && !tagsInUse.data?.some((x) => x.tag === values.tag)
              ? [{ value: values.tag, label: values.tag }]
              : []),
          ]}
          onChange={(tag) => set({ tag })}
        />
      </div>
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
