import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  CartResponseSchema,
  ErrorEnvelopeSchema,
  type CartDiscount,
  type ServerCart,
} from '@boutique/contracts';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import { DiscountCode } from './discount-code';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (body: unknown) => json(200, CartResponseSchema.parse(body));
const refused = (status: number, body: unknown) => json(status, ErrorEnvelopeSchema.parse(body));

/** The cart's discount address faked at the fetch boundary; every call recorded. */
function fakeApi() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let answer: () => Response = () => json(404, {});
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      const path = new URL(url, 'http://localhost').pathname;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: init?.method ?? 'GET', path, body });
      return path === '/api/v1/cart/discount' ? answer() : json(404, {});
    }),
  );
  return {
    calls,
    on(_method: string, _path: string, reply: () => Response) {
      answer = reply;
      return this;
    },
  };
}

const cart = (discount: CartDiscount | null): ServerCart => ({
  items: [],
  total_items: 0,
  total_amount: '800.00',
  currency: 'AED',
  discount,
  totals: { subtotal: '1000.00', shipping: '0.00', discount: '200.00', total: '800.00' },
});
const eid: CartDiscount = { code: 'EID20', amount: '200.00', kind: 'percent', problem: null, minimum: null };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the discount code field', () => {
  it('applies a code (trimmed) through the server cart', async () => {
    const api = fakeApi().on('POST', '/api/v1/cart/discount', () =>
      ok({ success: true, data: { cart: cart(eid) } }),
    );
    const { i18n } = await createTestI18n('en');
    renderWithProviders(<DiscountCode discount={null} />, i18n);
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: '  eid20 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'eid20' });
  });

  it('words each refusal from its code, the minimum in the shopper’s money format', async () => {
    fakeApi().on('POST', '/api/v1/cart/discount', () =>
      refused(422, {
        success: false,
        message: 'This discount code needs a subtotal of at least AED 1500.00.',
        code: 'discount_below_minimum',
        minimum: '1500.00',
      }),
    );
    const { i18n, missing } = await createTestI18n('fr');
    renderWithProviders(<DiscountCode discount={null} />, i18n);
    fireEvent.change(screen.getByLabelText('Code de réduction'), { target: { value: 'EID20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/sous-total d’au moins/);
    expect(alert.textContent?.replace(/\D/g, '')).toContain('1500');
    expect(missing).toEqual([]);
  });

  it('asks for a code before calling the server, and says when too many were tried', async () => {
    const api = fakeApi().on('POST', '/api/v1/cart/discount', () =>
      refused(429, { success: false, message: 'Too many attempts.' }),
    );
    const { i18n } = await createTestI18n('ar');
    renderWithProviders(<DiscountCode discount={null} />, i18n);
    fireEvent.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect((await screen.findByRole('alert')).textContent).toBe('أدخل رمزًا.');
    expect(api.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('رمز الخصم'), { target: { value: 'GUESS' } });
    fireEvent.click(screen.getByRole('button', { name: 'تطبيق' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/محاولات كثيرة/));
  });

  it('shows the applied code isolated from the Arabic text, with its remove button, and why it stopped applying', async () => {
    const { i18n } = await createTestI18n('ar');
    renderWithProviders(
      <DiscountCode discount={{ ...eid, amount: '0.00', problem: 'discount_expired' }} />,
      i18n,
    );
    expect(screen.getByTestId('discount-chip').querySelector('bdi')?.textContent).toBe('EID20');
    expect(screen.getByRole('button', { name: 'إزالة الرمز EID20' })).toBeTruthy();
    expect(screen.getByTestId('discount-problem').textContent).toMatch(/انتهت صلاحية/);
  });
});
