import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { OrderStatusResponseSchema, OrderStatusUpdateSchema } from '@boutique/contracts';
import { ADMIN_API, AdminOrderResponseSchema, type AdminOrder } from '@boutique/contracts/admin';
import {
  AFTER_SALE_API,
  AdminOrderRefundsResponseSchema,
  AdminReturnListResponseSchema,
  RETURN_TABS,
  type ReturnTab,
} from '@boutique/contracts/admin-after-sale';
import { AdminNoteListResponseSchema, DESK_API } from '@boutique/contracts/admin-desk';
import { createTestI18n, renderWithProviders, stubModalDialogs } from '@/testing/providers';
import { fakeApi, ok, refused } from '../test-api';
import { testOrder } from './test-order';
import OrderPage from './order-page';

const noReturns = Object.fromEntries(RETURN_TABS.map((tab) => [tab, 0])) as Record<ReturnTab, number>;

let api: ReturnType<typeof fakeApi>;
/** The order as the server holds it. */
let stored: AdminOrder;

beforeEach(() => {
  stubModalDialogs();
  stored = testOrder();
  api = fakeApi()
    .get(DESK_API.orderNotes(42), () =>
      ok(AdminNoteListResponseSchema, { success: true, data: { notes: [] } }),
    )
    .get(ADMIN_API.order(42), () =>
      ok(AdminOrderResponseSchema, { success: true, data: { order: stored, audit: [] } }),
    )
    .get(AFTER_SALE_API.orderRefunds(42), () =>
      ok(AdminOrderRefundsResponseSchema, {
        success: true,
        data: { refunds: [], refundable: { amount: '0.00', lines: [] } },
      }),
    )
    .get(AFTER_SALE_API.returns, () =>
      ok(AdminReturnListResponseSchema, {
        success: true,
        data: {
          returns: { data: [], current_page: 1, last_page: 1, per_page: 50, total: 0 },
          counts: noReturns,
        },
      }),
    )
    .on('PATCH', ADMIN_API.orderStatus(42), ({ body }) => {
      const move = OrderStatusUpdateSchema.parse(body);
      if (move.version !== stored.version)
        return refused(409, {
          success: false,
          message: 'This record was changed by someone else since you opened it: nothing was saved.',
          code: 'stale',
          error: 'stale',
          current: stored,
        });
      stored = {
        ...stored,
        fulfillment_status: move.status,
        carrier: move.carrier ?? stored.carrier,
        tracking_number: move.tracking_number ?? stored.tracking_number,
        version: stored.version + 1,
        history: [
          ...stored.history,
          {
            from: stored.fulfillment_status,
            to: move.status,
            at: '2026-11-21T09:00:00.000Z',
            by: { id: 1, name: 'Lalla', email: 'owner@darlalla.ae' },
            carrier: move.carrier ?? null,
            tracking_number: move.tracking_number ?? null,
            note: move.note ?? null,
          },
        ],
      };
      return ok(OrderStatusResponseSchema, { success: true, data: { order: stored } });
    });
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

async function renderPage(lng: 'en' | 'fr' | 'ar' = 'en') {
  const { i18n, missing } = await createTestI18n(lng);
  renderWithProviders(
    <Routes>
      <Route path="/admin/orders/:id" element={<OrderPage />} />
    </Routes>,
    i18n,
    '/admin/orders/42',
  );
  await screen.findByRole('heading', { level: 1 });
  return missing;
}

const moves = () => api.seen('PATCH', ADMIN_API.orderStatus(42)).map((c) => c.body);
const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the order page’s status move', () => {
  it('offers only the statuses the order may go to, and asks for the parcel’s carrier and tracking when shipping', async () => {
    const missing = await renderPage();
    const select = screen.getByLabelText<HTMLSelectElement>('New status');
    // Never back to "Order received", never the status it already has.
    expect(options(select)).toEqual(['Preparing', 'Shipped', 'Delivered', 'Cancelled']);
    expect(screen.queryByLabelText('Carrier')).toBeNull();
    expect(screen.queryByLabelText('Tracking number')).toBeNull();

    fireEvent.change(select, { target: { value: 'shipped' } });
    fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: ' Aramex ' } });
    fireEvent.change(screen.getByLabelText('Tracking number'), { target: { value: 'AWB-3141' } });
    fireEvent.change(screen.getByLabelText('Note for the customer (optional)'), {
      target: { value: 'Wrapped in tissue.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change the status' }));

    expect(await screen.findByText('The order is now Shipped; the customer has been e-mailed.')).toBeTruthy();
    expect(moves()).toEqual([
      {
        status: 'shipped',
        carrier: 'Aramex',
        tracking_number: 'AWB-3141',
        note: 'Wrapped in tissue.',
        version: 1,
      },
    ]);
    // The page shows the order as it is now: shipped, with its parcel, and offers what comes after.
    await waitFor(() => expect(options(screen.getByLabelText('New status'))).toEqual(['Delivered']));
    const card = screen.getByRole('region', { name: 'Status' });
    expect(within(card).getByText('Aramex')).toBeTruthy();
    expect(within(card).getByText('AWB-3141')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('refuses a carrier or tracking number too long, in the owner’s language, and sends nothing', async () => {
    await renderPage('ar');
    fireEvent.change(screen.getByLabelText('الحالة الجديدة'), { target: { value: 'shipped' } });
    fireEvent.change(screen.getByLabelText('شركة الشحن'), { target: { value: 'A'.repeat(61) } });
    fireEvent.change(screen.getByLabelText('رقم التتبع'), { target: { value: `AWB${'\u0007'}1` } });
    fireEvent.click(screen.getByRole('button', { name: 'تغيير الحالة' }));
    expect(await screen.findByText('60 حرفًا على الأكثر.')).toBeTruthy();
    expect(screen.getByText('يحتوي على رموز غير مسموح بها.')).toBeTruthy();
    expect(moves()).toEqual([]);
  });

  it('confirms a move that makes the order final, and offers no further move', async () => {
    stored = testOrder({ fulfillment_status: 'shipped', carrier: 'Aramex', tracking_number: 'AWB-3141' });
    await renderPage();
    expect(options(screen.getByLabelText('New status'))).toEqual(['Delivered']);
    fireEvent.click(screen.getByRole('button', { name: 'Change the status' }));
    await waitFor(() =>
      expect(screen.getByText('This order is final: its status no longer changes.')).toBeTruthy(),
    );
    expect(moves()).toEqual([
      { status: 'delivered', carrier: null, tracking_number: null, note: null, version: 1 },
    ]);
    // The owner (and a screen reader) still hears that the customer was told.
    expect(within(screen.getByRole('region', { name: 'Status' })).getByRole('status').textContent).toBe(
      'The order is now Delivered; the customer has been e-mailed.',
    );
    expect(screen.queryByRole('button', { name: 'Change the status' })).toBeNull();
  });

  it('offers no move on an order that is final', async () => {
    stored = testOrder({ fulfillment_status: 'delivered' });
    await renderPage('fr');
    expect(screen.getByText('Cette commande est terminée : son statut ne change plus.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Changer le statut' })).toBeNull();
  });

  it('on a move refused as stale, shows what changed and makes the same move on the order as it is now', async () => {
    const missing = await renderPage('ar');
    // Meanwhile someone else starts preparing the order.
    stored = {
      ...stored,
      fulfillment_status: 'processing',
      version: 2,
      history: [
        ...stored.history,
        {
          from: 'unfulfilled',
          to: 'processing',
          at: '2026-11-21T07:00:00.000Z',
          by: null,
          carrier: null,
          tracking_number: null,
          note: null,
        },
      ],
    };
    fireEvent.change(screen.getByLabelText('الحالة الجديدة'), { target: { value: 'shipped' } });
    fireEvent.click(screen.getByRole('button', { name: 'تغيير الحالة' }));

    const alert = await screen.findByRole('alert', {
      name: 'عدّل شخص آخر هذا الطلب بعد أن فتحته. لم يُحفظ شيء.',
    });
    expect(moves()).toEqual([
      { status: 'shipped', carrier: null, tracking_number: null, note: null, version: 1 },
    ]);
    const changed = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('strong')?.textContent);
    expect(changed).toEqual(['الحالة', 'سجل الحالات']);
    const status = within(alert).getAllByRole('listitem')[0]!;
    expect(within(status).getByText('تم استلام الطلب')).toBeTruthy();
    expect(within(status).getByText('قيد التجهيز')).toBeTruthy();
    expect(within(alert).getByText(/تم الشحن/)).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'طبّق تعديلي على النسخة الحالية' }));
    await waitFor(() => expect(moves()).toHaveLength(2));
    expect(moves()[1]).toMatchObject({ status: 'shipped', version: 2 });
    expect(await screen.findByText('حالة الطلب الآن: تم الشحن؛ وأُرسلت رسالة إلى العميل.')).toBeTruthy();
    expect(screen.queryByRole('alert', { name: /عدّل شخص آخر/ })).toBeNull();
    expect(stored.fulfillment_status).toBe('shipped');
    expect(missing).toEqual([]);
  });

  it('drops the refused move when the owner discards it', async () => {
    await renderPage();
    stored = { ...stored, version: 2, carrier: 'DHL' };
    fireEvent.click(screen.getByRole('button', { name: 'Change the status' }));
    const alert = await screen.findByRole('alert', { name: /Someone changed this order/ });
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CarrierWhen you opened it(none)NowDHL']);
    fireEvent.click(within(alert).getByRole('button', { name: 'Discard my edit' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: /Someone changed/ })).toBeNull());
    expect(moves()).toHaveLength(1);
  });
});
