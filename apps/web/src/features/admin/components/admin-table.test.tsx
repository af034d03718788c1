import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { ApiError } from '@/lib/api-client';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import { AdminTable, PagedTable } from './admin-table';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
  pieces: number;
}
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('name', {
    header: () => 'Name',
    cell: (info) => <Link to={`/admin/products/${info.row.original.id}`}>{info.getValue()}</Link>,
  }),
  column.accessor('pieces', { header: () => 'Pieces' }),
  column.display({ id: 'note', header: () => 'Note', cell: () => '—' }),
];
const rows: Row[] = [
  { id: 1, name: 'Noor caftan', pieces: 3 },
  { id: 2, name: 'Amira takchita', pieces: 12 },
  { id: 3, name: 'Layla jellaba', pieces: 1 },
];

const names = () =>
  within(screen.getByRole('region', { name: 'Caftans' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('the back office table', () => {
  it('sorts the page shown by a column, ascending then descending, and says so to screen readers', async () => {
    const { i18n } = await createTestI18n('en');
    renderWithProviders(<AdminTable label="Caftans" data={rows} columns={columns} empty="None." />, i18n);
    expect(names()).toEqual(['Noor caftan', 'Amira takchita', 'Layla jellaba']);
    const header = screen.getByRole('columnheader', { name: /Pieces/ });
    expect(header.getAttribute('aria-sort')).toBeNull();

    // A number column sorts by value (12 after 3), not as text.
    fireEvent.click(within(header).getByRole('button', { name: /Pieces/ }));
    const firstOrder = names();
    fireEvent.click(within(header).getByRole('button', { name: /Pieces/ }));
    const secondOrder = names();
    expect([firstOrder, secondOrder]).toContainEqual(['Layla jellaba', 'Noor caftan', 'Amira takchita']);
    expect([firstOrder, secondOrder]).toContainEqual(['Amira takchita', 'Noor caftan', 'Layla jellaba']);
    expect(header.getAttribute('aria-sort')).toBe(
      secondOrder[0] === 'Layla jellaba' ? 'ascending' : 'descending',
    );

    fireEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(names()).toEqual(['Amira takchita', 'Layla jellaba', 'Noor caftan']);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    // Only one column sorts at a time.
    expect(header.getAttribute('aria-sort')).toBeNull();
    // A column without a value offers no sorting.
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: /Name/ }).getAttribute('title')).toBe('Sort by this column');
  });

  it('says the list is empty across every column', async () => {
    const { i18n } = await createTestI18n('fr');
    renderWithProviders(
      <AdminTable label="Caftans" data={[]} columns={columns} empty="Aucun caftan." />,
      i18n,
    );
    const cell = screen.getByRole('cell', { name: 'Aucun caftan.' });
    expect(cell.getAttribute('colspan')).toBe('3');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('opens a row’s page from its link', async () => {
    const { i18n } = await createTestI18n('en');
    renderWithProviders(
      <Routes>
        <Route
          path="/admin/products"
          element={<AdminTable label="Caftans" data={rows} columns={columns} empty="None." />}
        />
        <Route path="/admin/products/:id" element={<h1>Product page 2</h1>} />
      </Routes>,
      i18n,
      '/admin/products',
    );
    const link = screen.getByRole('link', { name: 'Amira takchita' });
    expect(link.getAttribute('href')).toBe('/admin/products/2');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Product page 2' })).toBeTruthy();
  });

  it('pages: where the owner is, previous and next only where there is a page to go to', async () => {
    const { i18n } = await createTestI18n('en');
    const onPage = vi.fn<(page: number) => void>();
    function Harness() {
      const [page, setPage] = useState(1);
      return (
        <PagedTable
          label="Caftans"
          search={{ id: 'q', label: 'Search', value: '', onSearch: () => undefined }}
          error={null}
          retry={() => undefined}
          columns={columns}
          empty="None."
          list={{ data: rows, current_page: page, last_page: 3, total: 45 }}
          onPage={(next) => {
            onPage(next);
            setPage(next);
          }}
        />
      );
    }
    renderWithProviders(<Harness />, i18n);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    const button = (name: string) => within(pager).getByRole<HTMLButtonElement>('button', { name });
    expect(within(pager).getByText('Page 1 of 3 · 45 in all')).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    fireEvent.click(button('Next'));
    fireEvent.click(button('Next'));
    expect(onPage.mock.calls).toEqual([[2], [3]]);
    expect(within(pager).getByText('Page 3 of 3 · 45 in all')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    fireEvent.click(button('Previous'));
    expect(onPage).toHaveBeenLastCalledWith(2);
    expect(button('Previous').disabled).toBe(false);
  });

  it('shows the failure with a way to try again while there is no list', async () => {
    const { i18n } = await createTestI18n('en');
    const retry = vi.fn();
    renderWithProviders(
      <PagedTable
        label="Caftans"
        search={{ id: 'q', label: 'Search', value: '', onSearch: () => undefined }}
        list={undefined}
        error={new ApiError('Server error', 500)}
        retry={retry}
        columns={columns}
        empty="None."
        onPage={() => undefined}
      />,
      i18n,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('This could not be loaded. Please try again.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
