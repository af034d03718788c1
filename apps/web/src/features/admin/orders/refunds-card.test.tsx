import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RefundCreateSchema, type Refund } from '@boutique/contracts';
import {
  AFTER_SALE_API,
  AdminOrderRefundsResponseSchema,
  RefundResponseSchema,
} from '@boutique/contracts/admin-after-sale';
import { createTestI18n, renderWithProviders, stubModalDialogs } from '@/testing/providers';
import { fakeApi, ok, refused } from '../test-api';
import { testOrder } from './test-order';
import { RefundsCard } from './refunds-card';

const order = testOrder({ fulfillment_status: 'delivered' });
const address = AFTER_SALE_API.orderRefunds(order.id);
let api: ReturnType<typeof fakeApi>;
let failNext = false;

beforeEach(() => {
  stubModalDialogs();
  failNext = false;
  api = fakeApi()
    .get(address, () =>
      ok(AdminOrderRefundsResponseSchema, {
        success: true,
        data: {
          refunds: [],
          refundable: {
            amount: '2900.00',
            lines: [
              { line_id: 101, quantity: 1, amount: '1450.00' },
              { line_id: 102, quantity: 2, amount: '1450.00' },
            ],
          },
        },
      }),
    )
    .on('POST', address, ({ body }) => {
      if (failNext) {
        failNext = false;
        return refused(502, { success: false, message: 'The payment provider did not answer.' });
      }
      const request = RefundCreateSchema.parse(body);
      const refund: Refund = {
        id: 5,
        order_id: order.id,
        amount: request.amount ?? '725.00',
        status: 'succeeded',
        credit_note_number: 'CN-000005',
        created_at: '2026-11-22T10:00:00.000Z',
        refunded_at: '2026-11-22T10:00:01.000Z',
        kind: 'owner',
        reason: request.reason,
        restock: request.restock ?? false,
        lines: [],
        vat: '0.00',
        return_number: null,
      };
      return ok(RefundResponseSchema, { success: true, data: { refund } }, 201);
    });
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

async function renderCard(lng: 'en' | 'ar' = 'en') {
  const { i18n, missing } = await createTestI18n(lng);
  renderWithProviders(<RefundsCard order={order} />, i18n);
  await screen.findByRole('heading', { level: 3 });
  return missing;
}

const posts = () => api.seen('POST', address);
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^(Refund|استرداد)/ }));

describe('the refunds card', () => {
  it('refuses an amount that is not one, more than is left, or without a reason, and sends nothing', async () => {
    await renderCard();
    fireEvent.click(screen.getByRole('radio', { name: 'An amount' }));
    const amount = screen.getByLabelText('Amount (AED)');

    fireEvent.change(amount, { target: { value: '12.345' } });
    submit();
    expect(screen.getByText('Type an amount in AED, e.g. 250 or 250.50.')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '2900.01' } });
    submit();
    expect(screen.getByText('That is more than is left to refund.')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '250.50' } });
    expect(screen.getByRole('button', { name: 'Refund AED\u00a0250.50' })).toBeTruthy();
    submit();
    expect(screen.getByText('Say why: the reason is printed on the credit note.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('refunds an amount once confirmed, with one idempotency key kept across a retry', async () => {
    await renderCard();
    fireEvent.click(screen.getByRole('radio', { name: 'An amount' }));
    fireEvent.change(screen.getByLabelText('Amount (AED)'), { target: { value: '250.50' } });
    fireEvent.change(screen.getByLabelText('Reason (on the credit note)'), {
      target: { value: 'Hem redone' },
    });
    failNext = true;
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Refund AED\u00a0250.50?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund now' }));
    // The gateway's failure is not the owner's to read: the generic line, and the refund may be tried again.
    expect(await screen.findByText('This could not be saved. Please try again.')).toBeTruthy();

    submit();
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Refund AED\u00a0250.50?' })).getByRole('button', {
        name: 'Refund now',
      }),
    );
    expect(await screen.findByText('AED 250.50 refunded.')).toBeTruthy();
    expect(posts().map((c) => c.body)).toEqual([
      { amount: '250.50', restock: false, reason: 'Hem redone' },
      { amount: '250.50', restock: false, reason: 'Hem redone' },
    ]);
    const [first, second] = posts().map((c) => c.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    // The form is empty again, for the next refund, which is a new one: it has a key of its own.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Everything left' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'An amount' }));
    fireEvent.change(screen.getByLabelText('Amount (AED)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Reason (on the credit note)'), { target: { value: 'Goodwill' } });
    submit();
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Refund AED\u00a010.00?' })).getByRole('button', {
        name: 'Refund now',
      }),
    );
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(posts()[2]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(posts()[2]!.headers['idempotency-key']).not.toBe(first);
  });

  it('cancelling the confirmation sends nothing', async () => {
    await renderCard();
    fireEvent.change(screen.getByLabelText('Reason (on the credit note)'), { target: { value: 'Goodwill' } });
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Refund AED\u00a02,900.00?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);
  });

  it('refunds chosen pieces at their share of the line, at least one piece, put back on sale if asked', async () => {
    await renderCard();
    fireEvent.click(screen.getByRole('radio', { name: 'Chosen pieces' }));
    fireEvent.change(screen.getByLabelText('Reason (on the credit note)'), { target: { value: 'Too long' } });
    submit();
    expect(screen.getByText('Choose at least one piece.')).toBeTruthy();

    const takchita = screen.getByLabelText('Amira takchita size L');
    expect(screen.getByText('2 pieces left, AED 1,450.00')).toBeTruthy();
    fireEvent.change(takchita, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Put the pieces back on sale' }));
    submit();
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Refund AED\u00a0725.00?' })).getByRole('button', {
        name: 'Refund now',
      }),
    );
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      lines: [{ line_id: 102, quantity: 1 }],
      restock: true,
      reason: 'Too long',
    });
  });

  it('takes an amount typed in Arabic-Indic digits, as every other money field does', async () => {
    const missing = await renderCard('ar');
    fireEvent.click(screen.getByRole('radio', { name: 'مبلغ' }));
    fireEvent.change(screen.getByLabelText('المبلغ (درهم)'), { target: { value: '٢٥٠٫٥٠' } });
    fireEvent.change(screen.getByLabelText('السبب (يُطبع على الإشعار الدائن)'), {
      target: { value: 'تعديل الطول' },
    });
    submit();
    expect(screen.queryByText('اكتب مبلغاً بالدرهم، مثل 250 أو 250.50.')).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: /^استرداد .*250\.50.*؟$/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'استرداد الآن' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ amount: '250.50', restock: false, reason: 'تعديل الطول' });
    expect(missing).toEqual([]);
  });

  it('takes pieces typed in Arabic-Indic digits', async () => {
    await renderCard('ar');
    fireEvent.click(screen.getByRole('radio', { name: 'قطع مختارة' }));
    fireEvent.change(screen.getByLabelText('تكشيطة أميرة المقاس L'), { target: { value: '١' } });
    fireEvent.change(screen.getByLabelText('السبب (يُطبع على الإشعار الدائن)'), {
      target: { value: 'طويلة جدًا' },
    });
    expect(screen.getByRole('button', { name: /^استرداد .*725\.00/ })).toBeTruthy();
    submit();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'استرداد الآن' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      lines: [{ line_id: 102, quantity: 1 }],
      restock: false,
      reason: 'طويلة جدًا',
    });
  });
});
