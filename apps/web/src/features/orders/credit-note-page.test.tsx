import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { CreditNote } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import CreditNotePage from './credit-note-page';

async function renderPage(path: string, lng: 'en' | 'ar' = 'en') {
  const { i18n } = await createTestI18n(lng);
  renderWithProviders(
    <Routes>
      <Route path={paths.creditNote.path} element={<CreditNotePage />} />
    </Routes>,
    i18n,
    path,
  );
}

/** One of two caftans refunded, from an order bought in `locale` with a tax invoice: 1,250.00 with 59.52 of VAT. */
const creditNote = (locale: CreditNote['locale']): CreditNote => ({
  kind: 'tax_credit_note',
  number: 'CN-000003',
  invoice_number: 'INV-000042',
  order_number: 'DL-7Q2K9',
  order_id: 7,
  issued_at: '2026-03-20T10:00:00.000Z',
  locale,
  reason: 'Returned unworn',
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
      quantity: 1,
      unit_price: '1250.00',
      total: '1250.00',
    },
  ],
  other: '0.00',
  total: '1250.00',
  vat: '59.52',
  net: '1190.48',
  vat_percent: 5,
  currency: 'AED',
});

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the credit note page', () => {
  it('shows the tax credit note: the invoice it corrects, what was refunded and the VAT given back', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: { credit_note: creditNote('en') } }));
    await renderPage('/account/orders/7/credit-notes/CN-000003');
    const sheet = await screen.findByTestId('credit-note');
    const url = fetchMock.mock.calls[0]![0];
    expect(String(url instanceof Request ? url.url : url)).toMatch(
      /\/v1\/orders\/7\/credit-notes\/CN-000003$/,
    );
    expect(within(sheet).getByRole('heading', { level: 1 }).textContent).toBe('Tax credit note');
    expect(within(sheet).getByTestId('credit-note-number').textContent).toBe('CN-000003');
    expect(within(sheet).getByText('INV-000042')).toBeTruthy();
    expect(within(sheet).getByTestId('invoice-trn').textContent).toBe('TRN 100123456700003');
    expect(within(sheet).getByText('Returned unworn')).toBeTruthy();
    expect(within(sheet).getByTestId('credit-note-vat').textContent).toBe('AED\u00a059.52');
    expect(within(sheet).getByTestId('credit-note-total').textContent).toBe('AED\u00a01,250.00');
    expect(within(sheet).queryByText('Shipping and other amounts')).toBeNull();
  });

  it('is written in the order’s language, right to left in Arabic, with numbers kept left to right', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: { credit_note: creditNote('ar') } }));
    await renderPage('/account/orders/7/credit-notes/CN-000003', 'en');
    const sheet = await screen.findByTestId('credit-note');
    expect(sheet.getAttribute('dir')).toBe('rtl');
    expect(within(sheet).getByRole('heading', { level: 1 }).textContent).toBe('إشعار دائن ضريبي');
    expect(within(sheet).getByTestId('credit-note-total').textContent).toBe('1,250.00\u00a0د.إ');
    expect(within(sheet).getByTestId('credit-note-number').getAttribute('dir')).toBe('ltr');
  });

  it('shows not found for someone else’s, and asks nothing for an address that names none', async () => {
    fetchMock.mockResolvedValue(json(404, { success: false, message: 'Credit note not found' }));
    await renderPage('/account/orders/7/credit-notes/CN-000009');
    expect(await screen.findByRole('heading', { name: 'Credit note not found' })).toBeTruthy();
    cleanup();
    fetchMock.mockReset();
    await renderPage('/account/orders/7/credit-notes/CN%20000009');
    expect(screen.getByRole('heading', { name: 'Credit note not found' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
