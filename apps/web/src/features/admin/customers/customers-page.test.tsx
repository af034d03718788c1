import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_API, AdminCustomerListResponseSchema, type AdminCustomerRow } from '@boutique/contracts/admin';
import { DESK_API, TagsInUseResponseSchema } from '@boutique/contracts/admin-desk';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import { fakeApi, ok } from '../test-api';
import CustomersPage from './customers-page';

const customer = (change: Partial<AdminCustomerRow>): AdminCustomerRow => ({
  id: 1,
  name: 'Salma Bennani',
  email: 'salma@example.ae',
  role: 'customer',
  verified: true,
  created_at: '2026-02-10T09:00:00.000Z',
  orders_count: 3,
  total_spent: '4350.00',
  tags: [],
  ...change,
});
const everyone = [
  customer({ tags: ['vip'] }),
  customer({ id: 2, name: 'Hind Alaoui', email: 'hind@example.ae', orders_count: 1, total_spent: '950.00' }),
  customer({
    id: 3,
    name: '',
    email: 'new@example.ae',
    verified: false,
    orders_count: 0,
    total_spent: '0.00',
  }),
];

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi()
    .get(DESK_API.tagsInUse, () =>
      ok(TagsInUseResponseSchema, { success: true, data: { tags: [{ tag: 'vip', count: 1 }] } }),
    )
    .get(ADMIN_API.customers, ({ query }) => {
      const q = query.get('q')?.toLowerCase();
      const found = everyone.filter((c) => !q || `${c.name} ${c.email}`.toLowerCase().includes(q));
      const page = Number(query.get('page'));
      // Two per page, so that the list has pages.
      const data = found.slice((page - 1) * 2, page * 2);
      return ok(AdminCustomerListResponseSchema, {
        success: true,
        data: {
          customers: {
            data,
            current_page: page,
            last_page: Math.max(1, Math.ceil(found.length / 2)),
            per_page: 2,
            total: found.length,
          },
        },
      });
    });
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

async function renderPage(lng: 'en' | 'ar' = 'en') {
  const { i18n, missing } = await createTestI18n(lng);
  renderWithProviders(<CustomersPage />, i18n, '/admin/customers');
  await screen.findAllByRole('link');
  return missing;
}
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('the customers list', () => {
  it('lists the accounts with their orders and spending, and pages through them', async () => {
    await renderPage();
    expect(screen.getByText('3 accounts')).toBeTruthy();
    expect(rows()).toEqual([
      ['Salma Bennani', 'vip', 'salma@example.ae', '3', 'AED\u00a04,350', '10 February 2026', 'Customer'],
      ['Hind Alaoui', '', 'hind@example.ae', '1', 'AED\u00a0950', '10 February 2026', 'Customer'],
    ]);
    expect(screen.getByRole('link', { name: 'Hind Alaoui' }).getAttribute('href')).toBe('/admin/customers/2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // An account without a name is shown, and linked, by its e-mail; an unconfirmed one says so.
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toEqual([
      'new@example.ae',
      '',
      'new@example.ae',
      '0',
      'AED\u00a00',
      '10 February 2026',
      'Customer · address not confirmed',
    ]);
    expect(api.seen('GET', ADMIN_API.customers).at(-1)!.query.get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 2 · 3 in all')).toBeTruthy();
  });

  it('sorts the page by what they spent, as amounts', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: /Total spent/ }));
    const first = rows().map((r) => r[0]);
    fireEvent.click(screen.getByRole('button', { name: /Total spent/ }));
    const second = rows().map((r) => r[0]);
    expect([first, second]).toContainEqual(['Hind Alaoui', 'Salma Bennani']);
    expect([first, second]).toContainEqual(['Salma Bennani', 'Hind Alaoui']);
  });

  it('searches once typing pauses, from the first page, and says when no one matches', async () => {
    const missing = await renderPage('ar');
    fireEvent.click(screen.getByRole('button', { name: 'التالية' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.change(screen.getByRole('searchbox', { name: 'البحث بالاسم أو البريد الإلكتروني' }), {
      target: { value: 'hind' },
    });
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(['Hind Alaoui']));
    const last = api.seen('GET', ADMIN_API.customers).at(-1)!.query;
    expect(Object.fromEntries(last)).toEqual({ page: '1', per_page: '20', q: 'hind' });
    expect(screen.getByText('حساب واحد')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nobody' } });
    expect(await screen.findByRole('cell', { name: 'لا يوجد عميل مطابق.' })).toBeTruthy();
    expect(missing).toEqual([]);
  });
});
