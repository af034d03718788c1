import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AFTER_SALE_API,
  AdminReturnListResponseSchema,
  RETURN_TABS,
  type AdminReturnRow,
  type ReturnTab,
} from '@boutique/contracts/admin-after-sale';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import { fakeApi, ok } from '../test-api';
import ReturnsPage from './returns-page';

const row = (change: Partial<AdminReturnRow>): AdminReturnRow => ({
  id: 1,
  number: 'RMA-000001',
  created_at: '2026-11-21T10:00:00.000Z',
  order_id: 42,
  order_number: 'DL-000042',
  customer: { name: 'Salma Bennani', email: 'salma@example.ae' },
  type: 'return',
  status: 'requested',
  reason: 'too_small',
  pieces: 1,
  ...change,
});
const rows = [
  row({ id: 1 }),
  row({ id: 2, number: 'RMA-000002', type: 'exchange', status: 'approved', reason: 'too_large' }),
  row({ id: 3, number: 'RMA-000003', status: 'closed' }),
];
const OPEN = ['requested', 'approved', 'received'];
const counts = Object.fromEntries(
  RETURN_TABS.map((tab) => [
    tab,
    rows.filter((r) => tab === 'all' || r.status === tab || (tab === 'open' && OPEN.includes(r.status)))
      .length,
  ]),
) as Record<ReturnTab, number>;

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi().get(AFTER_SALE_API.returns, ({ query }) => {
    const tab = (query.get('status') ?? 'open') as ReturnTab;
    const data = rows.filter(
      (r) => tab === 'all' || r.status === tab || (tab === 'open' && OPEN.includes(r.status)),
    );
    return ok(AdminReturnListResponseSchema, {
      success: true,
      data: { returns: { data, current_page: 1, last_page: 1, per_page: 20, total: data.length }, counts },
    });
  });
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

describe('the returns list', () => {
  it('opens on what waits for the owner, with each tab’s count, and switches tab', async () => {
    const { i18n, missing } = await createTestI18n('fr');
    renderWithProviders(<ReturnsPage />, i18n, '/admin/returns');
    await screen.findByRole('link', { name: 'RMA-000002' });
    const tabs = within(screen.getByRole('navigation', { name: 'Retours par statut' }));
    expect(tabs.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'À traiter2',
      'Tous3',
      'Demandé1',
      'Accepté1',
      'Reçu0',
      'Remboursé0',
      'Échange envoyé0',
      'Refusé0',
      'Clos1',
    ]);
    expect(tabs.getByRole('button', { name: /^À traiter/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('link', { name: 'RMA-000003' })).toBeNull();
    const exchange = screen.getByRole('link', { name: 'RMA-000002' }).closest('tr')!;
    expect(within(exchange).getByText('Échange')).toBeTruthy();
    expect(within(exchange).getByText('Trop grand')).toBeTruthy();
    expect(within(exchange).getByRole('link', { name: 'DL-000042' }).getAttribute('href')).toBe(
      '/admin/orders/42',
    );

    fireEvent.click(tabs.getByRole('button', { name: /^Clos/ }));
    expect(await screen.findByRole('link', { name: 'RMA-000003' })).toBeTruthy();
    expect(api.seen('GET', AFTER_SALE_API.returns).at(-1)!.query.get('status')).toBe('closed');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'RMA-000001' })).toBeNull());

    fireEvent.click(tabs.getByRole('button', { name: /^Refusé/ }));
    expect(await screen.findByRole('cell', { name: 'Aucune demande ici.' })).toBeTruthy();
    expect(missing).toEqual([]);
  });
});
