import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@boutique/contracts';
import { createTestI18n, renderWithProviders, stubModalDialogs } from '@/testing/providers';
import OrdersPage from './orders-page';

const add = vi.fn<(item: unknown) => Promise<void>>(() => Promise.resolve());
vi.mock('@/stores/shop-cart', () => ({ useCartActions: () => ({ add }) }));

async function renderPage(lng: 'en' | 'ar' = 'en') {
  const { i18n } = await createTestI18n(lng);
  renderWithProviders(<OrdersPage />, i18n, '/account/orders');
}

const address = {
  name: 'Salma Bennani',
  email: 'salma@example.ae',
  phone: '+971 50 123 4567',
  address: '12 Al Wasl Road',
  city: 'Dubai',
  postalCode: '00000',
  country: 'AE',
};

let nextItem = 1;
function order(id: number, status: Order['fulfillment_status'], pieces: number): Order {
  return {
    id,
    order_number: `DL-ORDER${id}`,
    created_at: '2026-03-14T10:00:00.000Z',
    fulfillment_status: status,
    payment_status: 'succeeded',
    payment_method: 'card',
    subtotal: `${pieces * 1000}.00`,
    shipping_amount: '0.00',
    discount_code: null,
    discount_amount: '0.00',
    total_amount: `${pieces * 1000}.00`,
    currency: 'AED',
    transaction_id: `pi_${id}`,
    billing_address: address,
    shipping_address: null,
    items: Array.from({ length: pieces }, (_, i) => ({
      id: nextItem++,
      product_slug: `piece-${i}`,
      product_name: { en: `Piece ${i}`, fr: `Pièce ${i}`, ar: `قطعة ${i}` },
      product_image: `/storage/piece-${i}.webp`,
      price: '1000.00',
      quantity: 1,
      line_total: '1000.00',
      discount: '0.00',
      options: {
        color: 'emerald',
        color_name: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' },
        size: 'M' as const,
      },
    })),
  };
}

const orders = [
  order(4, 'unfulfilled', 5),
  order(3, 'delivered', 2),
  order(2, 'cancelled', 1),
  order(1, 'unfulfilled', 1),
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  stubModalDialogs();
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  add.mockClear();
  vi.unstubAllGlobals();
});

function answerOrders() {
  fetchMock.mockImplementation((input) => {
    const url = input instanceof Request ? input.url : input.toString();
    const one = /\/v1\/orders\/(\d+)$/.exec(url);
    if (one)
      return Promise.resolve(
        json(200, { success: true, data: { order: orders.find((o) => o.id === Number(one[1])) } }),
      );
    return Promise.resolve(json(200, { success: true, data: { orders } }));
  });
}

describe('my orders', () => {
  it('counts the orders of every status and filters the list by tab', async () => {
    answerOrders();
    await renderPage();
    expect(await screen.findAllByTestId('order-card')).toHaveLength(4);
    const tab = (name: RegExp) => screen.getByRole('tab', { name });
    expect(tab(/^All/).textContent).toBe('All4');
    expect(tab(/^Order received/).textContent).toBe('Order received2');
    expect(tab(/^Preparing/).textContent).toBe('Preparing0');
    expect(tab(/^Delivered/).textContent).toBe('Delivered1');

    fireEvent.click(tab(/^Order received/));
    expect(screen.getAllByTestId('order-card')).toHaveLength(2);
    fireEvent.click(tab(/^Preparing/));
    expect(screen.getByText('No order with this status.')).toBeTruthy();
  });

  it('shows three pictures and counts the rest, with the date in the language’s long format', async () => {
    answerOrders();
    await renderPage();
    const card = (await screen.findAllByTestId('order-card'))[0] as HTMLElement;
    expect(within(card).getAllByRole('img')).toHaveLength(3);
    expect(within(card).getByLabelText('and 2 more pieces').textContent).toBe('+2');
    expect(within(card).getByText(/14 March 2026/)).toBeTruthy();
    expect(within(card).getByTestId('order-total').textContent).toBe('AED\u00a05,000');
  });

  it('links each order to its printable invoice', async () => {
    answerOrders();
    await renderPage();
    await screen.findAllByTestId('order-card');
    expect(screen.getByRole('link', { name: 'Invoice of order DL-ORDER3' }).getAttribute('href')).toBe(
      '/account/orders/3/invoice',
    );
  });

  it('opens the details; a delivered order can be ordered again, which puts its pieces back in the cart', async () => {
    answerOrders();
    await renderPage();
    await screen.findAllByTestId('order-card');
    fireEvent.click(screen.getByRole('button', { name: 'View details, order DL-ORDER3' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Piece 0')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Order progress' })).toBeTruthy();
    expect(within(dialog).getByText('Billing address')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Order again' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(2));
    expect(add.mock.calls[0]?.[0]).toMatchObject({
      slug: 'piece-0',
      quantity: 1,
      selectedSize: 'M',
      selectedColor: { key: 'emerald' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no tracker and no reorder for a cancelled order', async () => {
    answerOrders();
    await renderPage();
    await screen.findAllByTestId('order-card');
    fireEvent.click(screen.getByRole('button', { name: 'View details, order DL-ORDER2' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('list', { name: 'Order progress' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Order again' })).toBeNull();
  });

  it('shows the error banner over an empty list when the orders cannot be fetched, in Arabic too', async () => {
    fetchMock.mockResolvedValue(json(500, { success: false, message: 'Internal Server Error' }));
    await renderPage('ar');
    expect((await screen.findByRole('alert')).textContent).toContain('تعذّر تحميل طلباتك');
    expect(screen.queryAllByTestId('order-card')).toHaveLength(0);
  });

  it('invites to the collections when there is no order yet', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: { orders: [] } }));
    await renderPage();
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover the collections' }).getAttribute('href')).toBe(
      '/collections',
    );
  });
});
