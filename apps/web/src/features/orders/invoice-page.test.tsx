import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Invoice } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import InvoicePage from './invoice-page';

/** The page at `/account/orders/:id/invoice` with the shop shown in `lng`. */
async function renderPage(id: string, lng: 'en' | 'ar' = 'en') {
  const { i18n } = await createTestI18n(lng);
  renderWithProviders(
    <Routes>
      <Route path={paths.invoice.path} element={<InvoicePage />} />
    </Routes>,
    i18n,
    `/account/orders/${id}/invoice`,
  );
}

/** A tax invoice of two caftans and paid shipping, bought in `locale`; 2,550.00 with 121.43 of VAT. */
function taxInvoice(locale: Invoice['locale']): Invoice {
  return {
    kind: 'tax_invoice',
    number: 'INV-000042',
    order_number: 'DL-7Q2K9',
    issued_at: '2026-03-14T10:00:00.000Z',
    locale,
    shop: {
      name: 'Dar Lalla',
      address: ['14 Al Fahidi Street', 'Bur Dubai, Dubai'],
      trn: '100123456700003',
      email: 'hello@darlalla.ae',
      phone: '+971 4 123 4567',
    },
    customer: {
      name: 'Salma Bennani',
      email: 'salma@example.ae',
      phone: '+971 50 123 4567',
      address: '12 Al Wasl Road',
      city: 'Dubai',
      postalCode: '00000',
      country: 'AE',
    },
    lines: [
      {
        name: { en: 'Zahra velvet caftan', fr: 'Caftan Zahra en velours', ar: 'قفطان زهرة المخملي' },
        color_name: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' },
        size: 'M',
        quantity: 2,
        unit_price: '1250.00',
        total: '2500.00',
      },
    ],
    shipping: '50.00',
    discount: null,
    total: '2550.00',
    vat: '121.43',
    net: '2428.57',
    vat_percent: 5,
    currency: 'AED',
  };
}

const receipt = (): Invoice => ({
  ...taxInvoice('en'),
  kind: 'receipt',
  number: 'DL-7Q2K9',
  shop: { ...taxInvoice('en').shop, trn: null },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const answer = (invoice: Invoice) =>
  fetchMock.mockResolvedValue(json(200, { success: true, data: { invoice } }));
const requested = () =>
  fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()));

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the invoice page', () => {
  it('shows a tax invoice: number, the shop’s TRN, the customer, the lines, VAT and total in AED', async () => {
    answer(taxInvoice('en'));
    await renderPage('7');
    const sheet = await screen.findByTestId('invoice');
    expect(requested()[0]).toMatch(/\/v1\/orders\/7\/invoice$/);
    expect(within(sheet).getByRole('heading', { level: 1 }).textContent).toBe('Tax invoice');
    expect(sheet.getAttribute('lang')).toBe('en');
    expect(sheet.getAttribute('dir')).toBe('ltr');
    expect(within(sheet).getByTestId('invoice-number').textContent).toBe('INV-000042');
    expect(within(sheet).getByText('DL-7Q2K9')).toBeTruthy();
    expect(within(sheet).getByTestId('invoice-trn').textContent).toBe('TRN 100123456700003');
    expect(within(sheet).getByText('Salma Bennani')).toBeTruthy();
    expect(within(sheet).getByText('United Arab Emirates')).toBeTruthy();
    const row = within(sheet).getByText('Zahra velvet caftan').closest('tr') as HTMLElement;
    expect(within(row).getByText('Emerald')).toBeTruthy();
    // The unit price twice: its column, and beside the piece where a phone hides that column.
    expect(within(row).getAllByText('AED 1,250.00')).toHaveLength(2);
    expect(within(row).getByText('AED 2,500.00')).toBeTruthy();
    expect(within(sheet).getByTestId('invoice-net').textContent).toBe('AED\u00a02,428.57');
    expect(within(sheet).getByText('VAT 5 %')).toBeTruthy();
    expect(within(sheet).getByTestId('invoice-vat').textContent).toBe('AED\u00a0121.43');
    expect(within(sheet).getByTestId('invoice-total').textContent).toBe('AED\u00a02,550.00');
    expect(screen.getByRole('link', { name: 'Back to my orders' }).getAttribute('href')).toBe(
      '/account/orders',
    );
  });

  it('is a plain receipt, without TRN, when the shop was not VAT-registered', async () => {
    answer(receipt());
    await renderPage('7');
    const sheet = await screen.findByTestId('invoice');
    expect(within(sheet).getByRole('heading', { level: 1 }).textContent).toBe('Receipt');
    expect(within(sheet).getByText('Receipt number')).toBeTruthy();
    expect(within(sheet).getByTestId('invoice-number').textContent).toBe('DL-7Q2K9');
    expect(within(sheet).queryByTestId('invoice-trn')).toBeNull();
    expect(within(sheet).getByTestId('invoice-vat').textContent).toBe('AED\u00a0121.43');
  });

  it('writes the document in the order’s language, right to left in Arabic, whatever the shop is shown in', async () => {
    answer(taxInvoice('ar'));
    await renderPage('7', 'en');
    const sheet = await screen.findByTestId('invoice');
    expect(sheet.getAttribute('lang')).toBe('ar');
    expect(sheet.getAttribute('dir')).toBe('rtl');
    expect(within(sheet).getByRole('heading', { level: 1 }).textContent).toBe('فاتورة ضريبية');
    expect(within(sheet).getByText('قفطان زهرة المخملي')).toBeTruthy();
    expect(within(sheet).getByText('ضريبة القيمة المضافة 5 %')).toBeTruthy();
    expect(within(sheet).getByTestId('invoice-total').textContent).toBe('2,550.00\u00a0د.إ');
    // Latin text and numbers keep their own direction inside the Arabic sheet.
    const number = within(sheet).getByTestId('invoice-number');
    expect(number.tagName).toBe('BDI');
    expect(number.getAttribute('dir')).toBe('ltr');
    expect(within(sheet).getByText('Salma Bennani').tagName).toBe('BDI');
    // The shop around it stays in the visitor's language.
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('prints with the browser’s print dialog', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    answer(receipt());
    await renderPage('7');
    await screen.findByTestId('invoice');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows not found for an order that is not the shopper’s, in their language', async () => {
    fetchMock.mockResolvedValue(json(404, { success: false, message: 'Order not found' }));
    await renderPage('99', 'ar');
    expect(await screen.findByRole('heading', { name: 'الفاتورة غير موجودة' })).toBeTruthy();
    expect(screen.queryByTestId('invoice')).toBeNull();
    expect(screen.queryByRole('button', { name: 'طباعة' })).toBeNull();
  });

  it('asks nothing of the server for an address without an order number', async () => {
    await renderPage('abc');
    expect(screen.getByRole('heading', { name: 'Invoice not found' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
