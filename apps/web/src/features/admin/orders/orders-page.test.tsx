import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ADMIN_API, AdminOrderListResponseSchema } from '@boutique/contracts/admin';
import { AFTER_SALE_API, AdminRefundListResponseSchema } from '@boutique/contracts/admin-after-sale';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import { fakeApi, ok, type SeenCall } from '../test-api';
import { testOrderRow } from './test-order';
import OrdersPage from './orders-page';

const rows = [
  testOrderRow({ id: 3, order_number: 'DL-000003', fulfillment_status: 'shipped', total_amount: '1450.00' }),
  testOrderRow({
    id: 2,
    order_number: 'DL-000002',
    customer: { name: 'Hind Alaoui', email: 'hind@example.ae' },
  }),
];
const counts = { all: 9, to_ship: 5, unfulfilled: 4, processing: 1, shipped: 2, delivered: 1, cancelled: 1 };

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi()
    .get(AFTER_SALE_API.refunds, () =>
      ok(AdminRefundListResponseSchema, { success: true, data: { refunds: [] } }),
    )
    .get(ADMIN_API.orders, ({ query }: SeenCall) => {
      const status = query.get('status');
      const data = rows.filter(
        (r) =>
          (!status || r.fulfillment_status === status) &&
          (!query.get('q') || r.customer.name.toLowerCase().includes(query.get('q')!.toLowerCase())),
      );
      return ok(AdminOrderListResponseSchema, {
        success: true,
        data: {
          orders: { data, current_page: 1, last_page: 1, per_page: 20, total: data.length },
          counts,
        },
      });
    });
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

const lastListQuery = () => Object.fromEntries(api.seen('GET', ADMIN_API.orders).at(-1)!.query);

async function renderPage(lng: 'en' | 'fr' | 'ar' = 'en', route = '/admin/orders') {
  const { i18n, missing } = await createTestI18n(lng);
  renderWithProviders(
    <Routes>
      <Route path="/admin/orders" element={<OrdersPage />} />
      <Route path="/admin/orders/:id" element={<h1>Order page</h1>} />
    </Routes>,
    i18n,
    route,
  );
  await screen.findByRole('link', { name: 'DL-000003' });
  return missing;
}

describe('the orders list', () => {
  it('shows each status tab with its count and asks the API for the tab picked', async () => {
    const missing = await renderPage('fr');
    const tabs = screen.getByRole('navigation', { name: 'Commandes par statut' });
    const tab = (name: RegExp) => within(tabs).getByRole('button', { name });
    expect(
      within(tabs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Toutes9',
      'À expédier5',
      'Commande reçue4',
      'En préparation1',
      'Expédiée2',
      'Livrée1',
      'Annulée1',
    ]);
    expect(tab(/^Toutes/).getAttribute('aria-pressed')).toBe('true');
    expect(lastListQuery()).toEqual({ page: '1', per_page: '20' });

    fireEvent.click(tab(/^Expédiée/));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ status: 'shipped' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'DL-000002' })).toBeNull());
    expect(tab(/^Expédiée/).getAttribute('aria-pressed')).toBe('true');
    expect(tab(/^Toutes/).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(tab(/^À expédier/));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ status: 'to_ship' }));
    fireEvent.click(tab(/^Toutes/));
    await waitFor(() => expect(lastListQuery()).not.toHaveProperty('status'));
    expect(missing).toEqual([]);
  });

  it('searches by name on Enter and says when nothing matches', async () => {
    await renderPage();
    const box = screen.getByRole('searchbox', { name: 'Search by number, e-mail or name' });
    fireEvent.change(box, { target: { value: '  hind ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(lastListQuery()).toMatchObject({ q: 'hind' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'DL-000003' })).toBeNull());
    expect(screen.getByRole('link', { name: 'DL-000002' })).toBeTruthy();

    fireEvent.change(box, { target: { value: 'nobody' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('cell', { name: 'No order matches.' })).toBeTruthy();
  });

  it('filters between two days of the shop’s calendar, the last never before the first', async () => {
    const missing = await renderPage('ar');
    const from = screen.getByLabelText<HTMLInputElement>('من');
    const to = screen.getByLabelText<HTMLInputElement>('إلى');
    const note = document.getElementById(from.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe('أيام تقويم المتجر (Asia/Dubai).');
    expect(to.getAttribute('aria-describedby')).toBe(note?.id);

    fireEvent.change(from, { target: { value: '2026-11-01' } });
    await waitFor(() => expect(lastListQuery()).toMatchObject({ from: '2026-11-01' }));
    expect(to.min).toBe('2026-11-01');
    fireEvent.change(to, { target: { value: '2026-11-15' } });
    await waitFor(() => expect(lastListQuery()).toMatchObject({ from: '2026-11-01', to: '2026-11-15' }));
    expect(from.max).toBe('2026-11-15');
    expect(missing).toEqual([]);
  });

  it('leaves out a day in the address that is not a day', async () => {
    await renderPage('en', '/admin/orders?from=yesterday&to=2026-11-15&status=lost');
    expect(lastListQuery()).toEqual({ page: '1', per_page: '20', to: '2026-11-15' });
  });

  it('opens an order from its number', async () => {
    await renderPage();
    const link = screen.getByRole('link', { name: 'DL-000003' });
    expect(link.getAttribute('href')).toBe('/admin/orders/3');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeTruthy();
  });
});
