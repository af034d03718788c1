import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { Pager, QueryState, SearchBox } from './admin-ui';

/** One page of a list as the API answers it. */
interface ListPage<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
}

// TanStack's column type is invariant in the value type: any is its documented way for mixed columns.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Columns<T> = ColumnDef<T, any>[];

/**
 * A list page's body: its search box and other filters, then the page of rows as a table with the pager under
 * it, or the loading state / failure while there is none.
 */
export function PagedTable<T>({
  label,
  search,
  filters,
  list,
  error,
  retry,
  columns,
  empty,
  onPage,
}: {
  label: string;
  search: { id: string; label: string; value: string; onSearch: (q: string) => void };
  /** The filters beside the search box. */
  filters?: ReactNode;
  list: ListPage<T> | undefined;
  error: unknown;
  retry: () => void;
  columns: Columns<T>;
  empty: string;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <div className="adm-filters" role="search">
        <SearchBox {...search} />
        {filters}
      </div>
      {list ? (
        <>
          <AdminTable label={label} data={list.data} columns={columns} empty={empty} />
          <Pager page={list.current_page} lastPage={list.last_page} total={list.total} onPage={onPage} />
        </>
      ) : (
        <QueryState error={error} retry={retry} />
      )}
    </>
  );
}

/**
 * A page of a list as a table (TanStack Table, headless): the API filters and pages, the table sorts the page
 * shown by the columns that allow it. `label` names the table for screen readers.
 */
export function AdminTable<T>({
  label,
  data,
  columns,
  empty,
}: {
  label: string;
  data: T[];
  columns: Columns<T>;
  empty: string;
}) {
  const { t } = useTranslation('admin');
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    manualPagination: true,
    manualFiltering: true,
  });
  return (
    <div className="adm-table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="adm-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const content = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="adm-sort"
                        onClick={header.column.getToggleSortingHandler()}
                        title={t('table.sort')}
                      >
                        {content}
                        <span aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
          {data.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="adm-muted">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
