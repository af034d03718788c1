import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminProductRow } from '@boutique/contracts/admin';
import { BULK_MAX_PRODUCTS } from '@boutique/contracts/admin-bulk';
import type { Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { productSelection } from '../api/bulk';
import { useAdminCategories, useAdminProducts } from '../api/products';
import { PagedTable } from '../components/admin-table';
import { AdminPageHeader, FilterSelect, formatDateTime, useListParams } from '../components/admin-ui';
import { BulkBar } from './bulk-bar';

const PER_PAGE = 20;
const column = createColumnHelper<AdminProductRow>();
const STATUSES = ['active', 'inactive', 'archived'] as const;
type StatusFilter = (typeof STATUSES)[number];
const isStatus = (value: string): value is StatusFilter => (STATUSES as readonly string[]).includes(value);

/** Every product of the shop: search by name or slug, filter by collection and status, page through. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const { values, page, set } = useListParams(['q', 'category', 'status'] as const);
  const status = isStatus(values.status) ? values.status : undefined;
  const list = useAdminProducts({
    page,
    per_page: PER_PAGE,
    q: values.q || undefined,
    category: values.category || undefined,
    status,
  });
  const categories = useAdminCategories();
  // The pieces chosen for a bulk action, with the version the table showed: kept across pages, dropped when
  // the filter changes (the choice was of what the filter showed).
  const [selection, setSelection] = useState<ReadonlyMap<number, number>>(new Map());
  const [selectingAll, setSelectingAll] = useState(false);
  useEffect(() => setSelection(new Map()), [values.q, values.category, values.status]);
  const rows = list.data?.data ?? [];
  const pageChosen = rows.length > 0 && rows.every((r) => selection.has(r.id));
  const toggle = (chosen: { id: number; version: number }[], on: boolean) =>
    setSelection((now) => {
      const next = new Map(now);
      for (const { id, version } of chosen) {
        if (on) next.set(id, version);
        else next.delete(id);
      }
      return next;
    });
  async function chooseAllMatching() {
    setSelectingAll(true);
    try {
      const all = await productSelection({
        q: values.q || undefined,
        category: values.category || undefined,
        status,
      });
      setSelection(new Map(all.products.map((p) => [p.id, p.version])));
    } finally {
      setSelectingAll(false);
    }
  }

  const columns = useMemo(
    () => [
      column.display({
        id: 'select',
        header: () => (
          <input
            type="checkbox"
            className="adm-select"
            aria-label={t('bulk.selectPage')}
            checked={pageChosen}
            onChange={(e) => toggle(rows, e.target.checked)}
          />
        ),
        cell: (info) => (
          <input
            type="checkbox"
            className="adm-select"
            aria-label={t('bulk.selectOne', {
              name: info.row.original.name[lang] || info.row.original.name.en,
            })}
            checked={selection.has(info.row.original.id)}
            onChange={(e) => toggle([info.row.original], e.target.checked)}
          />
        ),
      }),
      column.accessor((row) => row.name[lang] || row.name.en, {
        id: 'name',
        header: () => t('products.name'),
        cell: (info) => (
          <div className="adm-product-cell">
            {info.row.original.image && <img src={info.row.original.image} alt="" loading="lazy" />}
            <Link to={paths.adminProduct.href(info.row.original.id)}>
              <bdi>{info.getValue()}</bdi>
            </Link>
          </div>
        ),
      }),
      column.accessor('category', {
        header: () => t('products.category'),
        cell: (info) => {
          const found = categories.data?.find((c) => c.slug === info.getValue());
          return found ? found.name[lang] : info.getValue();
        },
      }),
      column.accessor((row) => Number(row.price), {
        id: 'price',
        header: () => t('products.price'),
        cell: (info) => (
          <span className="adm-num">
            {formatMoney(info.row.original.price, lang)}
            {info.row.original.old_price && (
              <>
                {' '}
                <s className="adm-muted">{formatMoney(info.row.original.old_price, lang)}</s>
              </>
            )}
          </span>
        ),
      }),
      column.accessor((row) => row.sizes.reduce((sum, size) => sum + size.stock, 0), {
        id: 'stock',
        header: () => t('products.stock'),
        cell: (info) => (
          <span className="adm-num">
            {info.row.original.sizes.map((s) => `${s.name} ${s.stock}`).join(' · ') || '—'}
          </span>
        ),
      }),
      column.accessor((row) => (row.archived_at ? 'archived' : row.status), {
        id: 'status',
        header: () => t('products.status'),
        cell: (info) => (
          <span className="adm-badge" data-tone={info.getValue() === 'active' ? 'good' : 'warn'}>
            {t(`productStatus.${info.getValue()}`)}
          </span>
        ),
      }),
      column.display({
        id: 'flags',
        header: () => t('products.flags'),
        cell: (info) =>
          [
            info.row.original.featured && t('products.featured'),
            info.row.original.best_seller && t('products.bestSeller'),
          ]
            .filter(Boolean)
            .join(' · '),
      }),
      column.accessor('updated_at', {
        header: () => t('products.updated'),
        cell: (info) => <span className="adm-num">{formatDateTime(info.getValue(), lang)}</span>,
      }),
    ],
    // `toggle` only sets state: the columns change with what is chosen and the rows shown.
    [t, lang, categories.data, selection, pageChosen, rows],
  );
  const total = list.data?.total ?? 0;

  return (
    <>
      <AdminPageHeader
        title={t('products.title')}
        subtitle={list.data ? t('products.count', { count: list.data.total }) : undefined}
        actions={
          <>
            <ButtonLink to={paths.adminProductsImport.href()} variant="outline">
              {t('csvImport.link')}
            </ButtonLink>
            <ButtonLink to={paths.adminNewProduct.href()} variant="dark">
              {t('products.new')}
            </ButtonLink>
          </>
        }
      />
      {selection.size > 0 && (
        <>
          {pageChosen && total > selection.size && (
            <p className="adm-bulk-all" role="status">
              {t('bulk.pageChosen', { count: selection.size })}{' '}
              <button
                type="button"
                className="adm-link"
                disabled={selectingAll}
                onClick={() => void chooseAllMatching()}
              >
                {t('bulk.selectAllMatching', { count: Math.min(total, BULK_MAX_PRODUCTS) })}
              </button>
            </p>
          )}
          <BulkBar
            selection={selection}
            categories={categories.data ?? []}
            onDone={(results) => toggle(results, true)}
            onClear={() => setSelection(new Map())}
          />
        </>
      )}
      <PagedTable
        label={t('products.title')}
        search={{
          id: 'products-q',
          label: t('products.search'),
          value: values.q,
          onSearch: (q) => set({ q }),
        }}
        filters={
          <>
            <FilterSelect
              id="products-category"
              label={t('products.category')}
              value={values.category}
              onChange={(category) => set({ category })}
              options={[
                { value: '', label: t('products.allCategories') },
                ...(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name[lang] })),
              ]}
            />
            <FilterSelect
              id="products-status"
              label={t('products.status')}
              value={status ?? ''}
              onChange={(next) => set({ status: next })}
              options={[
                { value: '', label: t('products.inShopOrHidden') },
                ...STATUSES.map((s) => ({ value: s, label: t(`productStatus.${s}`) })),
              ]}
            />
          </>
        }
        list={list.data}
        error={list.error}
        retry={() => void list.refetch()}
        columns={columns}
        empty={t('products.empty')}
        onPage={(next) => set({ page: next })}
      />
    </>
  );
}
