import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ADMIN_API, AdminStatsResponseSchema, type AdminStats } from '@boutique/contracts/admin';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import { AdminWorkloadResponseSchema } from '@boutique/contracts/admin-staff';
import { session } from '@/lib/session/session';
import { fakeApi, ok } from '../test-api';
import DashboardPage from './dashboard-page';

// The chart draws on a canvas (uPlot), which jsdom does not have: it is replaced by what it was given, the
// figures themselves are the page's own and are tested as they are.
vi.mock('./revenue-chart', () => ({
  default: ({ perDay, labels }: { perDay: AdminStats['per_day']; labels: { revenue: string } }) => (
    <p data-testid="chart">{`${labels.revenue}: ${perDay.length} days`}</p>
  ),
}));

function stats(days: number): AdminStats {
  const per_day = Array.from({ length: days }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 28 - days + 1 + i)).toISOString().slice(0, 10),
    revenue: i === days - 1 ? '2900.00' : '0.00',
    orders: i === days - 1 ? 2 : 0,
  }));
  return {
    days,
    from: per_day[0]!.date,
    to: '2026-11-28',
    revenue: days === 7 ? '2900.00' : '14500.00',
    orders: days === 7 ? 2 : 10,
    average_basket: days === 7 ? '1450.00' : '1450.00',
    per_day,
    top_products:
      days === 7
        ? []
        : [
            {
              product_id: 7,
              slug: 'noor-caftan',
              name: { en: 'Noor caftan', fr: 'Caftan Noor', ar: 'قفطان نور' },
              quantity: 6,
              revenue: '8700.00',
            },
            {
              product_id: null,
              slug: 'old-piece',
              name: { en: 'Old piece', fr: 'Ancienne pièce', ar: 'قطعة قديمة' },
              quantity: 1,
              revenue: '950.00',
            },
          ],
    low_stock: Array.from({ length: 14 }, (_, i) => ({
      product_id: 100 + i,
      slug: `piece-${i}`,
      name: { en: `Piece ${i}`, fr: `Pièce ${i}`, ar: `قطعة ${i}` },
      color: i % 2 === 0 ? 'emerald' : '',
      size: 'M' as const,
      available: i === 0 ? 0 : 2,
    })),
    unread_messages: 3,
    awaiting_shipment: 5,
  };
}

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi().get(ADMIN_API.stats, ({ query }) =>
    ok(AdminStatsResponseSchema, { success: true, data: { stats: stats(Number(query.get('days'))) } }),
  );
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

async function renderPage(lng: 'en' | 'ar' = 'en', route = '/admin') {
  const { i18n, missing } = await createTestI18n(lng);
  renderWithProviders(
    <Routes>
      <Route path="/admin" element={<DashboardPage />} />
      <Route path="/admin/orders" element={<h1>Orders to ship</h1>} />
    </Routes>,
    i18n,
    route,
  );
  await screen.findByTestId('chart');
  return missing;
}

const kpi = (label: string) =>
  screen.getByText(label, { selector: '.adm-kpi > span' }).parentElement!.querySelector('strong')!
    .textContent;

describe('the dashboard', () => {
  it('shows the last 30 days by default, what sells, what runs out and what waits', async () => {
    await renderPage();
    expect(api.seen('GET', ADMIN_API.stats).map((c) => c.query.get('days'))).toEqual(['30']);
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Days of the shop’s calendar (Asia/Dubai)')).toBeTruthy();
    expect(kpi('Revenue')).toBe('AED\u00a014,500');
    expect(kpi('Orders')).toBe('10');
    expect(kpi('Average basket')).toBe('AED\u00a01,450');
    expect(screen.getByTestId('chart').textContent).toBe('Revenue: 30 days');
    expect(screen.getByRole('heading', { name: 'Revenue and orders per day, last 30 days' })).toBeTruthy();

    const top = within(screen.getByRole('region', { name: 'Best-selling pieces' }));
    expect(top.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Noor caftan6 sold · AED\u00a08,700',
      'Old piece1 sold · AED\u00a0950',
    ]);
    expect(top.getByRole('link', { name: 'Noor caftan' }).getAttribute('href')).toBe('/admin/products/7');
    // A piece no longer in the shop is named, not linked.
    expect(top.queryByRole('link', { name: 'Old piece' })).toBeNull();

    const low = within(screen.getByRole('region', { name: 'Sizes running out' }));
    expect(low.getAllByRole('listitem')).toHaveLength(12);
    expect(low.getAllByRole('listitem')[0]!.textContent).toBe('Piece 0 · emerald · M0 left');
    expect(low.getAllByRole('listitem')[1]!.textContent).toBe('Piece 1 · M2 left');
    expect(low.getByText('and 2 more sizes')).toBeTruthy();
  });

  it('switches the period and asks the API for it', async () => {
    const missing = await renderPage('ar');
    fireEvent.click(screen.getByRole('button', { name: '7 أيام' }));
    await waitFor(() => expect(screen.getByTestId('chart').textContent).toBe('الإيرادات: 7 days'));
    expect(api.seen('GET', ADMIN_API.stats).map((c) => c.query.get('days'))).toEqual(['30', '7']);
    expect(screen.getByRole('button', { name: '7 أيام' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { name: 'الإيرادات والطلبات يوميًا، آخر 7 أيام' })).toBeTruthy();
    expect(kpi('الطلبات')).toBe('2');
    expect(screen.getByText('لا مبيعات في هذه الفترة.')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('keeps the period in the address, and ignores one it does not offer', async () => {
    await renderPage('en', '/admin?days=90');
    expect(api.seen('GET', ADMIN_API.stats).map((c) => c.query.get('days'))).toEqual(['90']);
    cleanup();
    await renderPage('en', '/admin?days=3650');
    expect(api.seen('GET', ADMIN_API.stats).at(-1)!.query.get('days')).toBe('30');
  });

  it('leads from the orders waiting to ship to that list', async () => {
    await renderPage();
    const link = screen.getByRole('link', { name: /Orders waiting to ship/ });
    expect(link.textContent).toBe('Orders waiting to ship5');
    expect(link.getAttribute('href')).toBe('/admin/orders?status=to_ship');
    expect(screen.getByRole('link', { name: /Unread messages/ }).getAttribute('href')).toBe(
      '/admin/messages',
    );
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Orders to ship' })).toBeTruthy();
  });
});

describe('the dashboard of a staff member', () => {
  it('shows the work to do without a figure of money, and every low size on demand', async () => {
    const { low_stock, unread_messages, awaiting_shipment } = stats(30);
    api.get(ADMIN_API.workload, () =>
      ok(AdminWorkloadResponseSchema, {
        success: true,
        data: { workload: { low_stock, unread_messages, awaiting_shipment } },
      }),
    );
    session.signIn({
      user: {
        id: 9,
        name: 'Khadija',
        email: 'khadija@example.ae',
        avatar: null,
        role: 'staff',
        email_verified: true,
        created_at: '2026-11-28T08:00:00.000Z',
      },
      tokens: { accessToken: 'a', refreshToken: 'r', expiresIn: 900 },
    });
    try {
      const { i18n, missing } = await createTestI18n('en');
      renderWithProviders(
        <Routes>
          <Route path="/admin" element={<DashboardPage />} />
        </Routes>,
        i18n,
        '/admin',
      );
      expect((await screen.findByRole('link', { name: /Orders waiting to ship/ })).textContent).toBe(
        'Orders waiting to ship5',
      );
      expect(api.seen('GET', ADMIN_API.stats)).toEqual([]);
      expect(screen.queryByText('Revenue')).toBeNull();
      expect(document.body.textContent).not.toMatch(/AED/);
      const low = within(screen.getByRole('region', { name: 'Sizes running out' }));
      expect(low.getAllByRole('listitem')).toHaveLength(12);
      fireEvent.click(low.getByRole('button', { name: 'and 2 more sizes' }));
      expect(low.getAllByRole('listitem')).toHaveLength(14);
      expect(missing).toEqual([]);
    } finally {
      await session.signOut({ serverKnows: true });
    }
  });
});
