import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ReturnUpdateSchema } from '@boutique/contracts';
import {
  AFTER_SALE_API,
  AdminReturnResponseSchema,
  type AdminReturn,
} from '@boutique/contracts/admin-after-sale';
import { createTestI18n, renderWithProviders, stubModalDialogs } from '@/testing/providers';
import { fakeApi, ok, refused } from '../test-api';
import ReturnPage from './return-page';

let api: ReturnType<typeof fakeApi>;
let stored: AdminReturn;

function testReturn(change: Partial<AdminReturn>): AdminReturn {
  return {
    id: 7,
    number: 'RMA-000007',
    order_id: 42,
    order_number: 'DL-000042',
    type: 'return',
    status: 'requested',
    reason: 'too_small',
    comment: 'Too tight at the shoulders.',
    lines: [
      {
        line_id: 101,
        product_slug: 'noor-caftan',
        product_name: { en: 'Noor caftan', fr: 'Caftan Noor', ar: 'قفطان نور' },
        product_image: null,
        size: 'M',
        color_name: null,
        quantity: 1,
        wanted_size: null,
        wanted_color: null,
        wanted_color_name: null,
      },
    ],
    history: [{ status: 'requested', at: '2026-11-21T10:00:00.000Z', note: null, by: null }],
    restocked: null,
    refund: null,
    created_at: '2026-11-21T10:00:00.000Z',
    customer: { id: 7, name: 'Salma Bennani', email: 'salma@example.ae' },
    held: [],
    ...change,
  };
}

beforeEach(() => {
  stubModalDialogs();
  stored = testReturn({});
  api = fakeApi()
    .get(AFTER_SALE_API.return(7), () =>
      ok(AdminReturnResponseSchema, { success: true, data: { return: stored, audit: [] } }),
    )
    .on('PATCH', AFTER_SALE_API.return(7), ({ body }) => {
      const step = ReturnUpdateSchema.parse(body);
      if (step.status === 'closed' && stored.status === 'closed')
        return refused(422, { success: false, message: 'A closed return cannot change any more.' });
      stored = {
        ...stored,
        status: step.status,
        restocked: step.restock ?? stored.restocked,
        history: [
          ...stored.history,
          { status: step.status, at: '2026-11-22T10:00:00.000Z', note: step.note ?? null, by: null },
        ],
      };
      return ok(AdminReturnResponseSchema, { success: true, data: { return: stored, audit: [] } });
    });
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

async function renderReturn(lng: 'en' | 'fr' | 'ar' = 'en') {
  const { i18n, missing } = await createTestI18n(lng);
  renderWithProviders(
    <Routes>
      <Route path="/admin/returns/:id" element={<ReturnPage />} />
    </Routes>,
    i18n,
    '/admin/returns/7',
  );
  await screen.findByRole('heading', { level: 1 });
  return missing;
}

const actions = () =>
  within(screen.getByRole('region', { name: 'Status' }))
    .getAllByRole('button')
    .map((b) => b.textContent);
const steps = () => api.seen('PATCH', AFTER_SALE_API.return(7)).map((c) => c.body);

describe('a return’s page', () => {
  it('offers approve or reject on a new request, and sends the note with the step', async () => {
    const missing = await renderReturn();
    expect(screen.getByRole('heading', { level: 1, name: 'Return RMA-000007' })).toBeTruthy();
    expect(actions()).toEqual(['Approve', 'Reject']);
    fireEvent.change(screen.getByLabelText('Note for the customer'), {
      target: { value: ' Send it with the label. ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Done: Approved.')).toBeTruthy();
    expect(steps()).toEqual([{ status: 'approved', note: 'Send it with the label.' }]);
    // The page shows the return as it is now, and its next steps.
    await waitFor(() => expect(actions()).toEqual(['Received, back on sale', 'Received, damaged', 'Close']));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Note for the customer').value).toBe('');
    expect(missing).toEqual([]);
  });

  it('records a received parcel as back on sale or damaged', async () => {
    stored = testReturn({ status: 'approved' });
    await renderReturn();
    fireEvent.click(screen.getByRole('button', { name: 'Received, damaged' }));
    expect(await screen.findByText('Done: Received.')).toBeTruthy();
    expect(steps()).toEqual([{ status: 'received', note: null, restock: false }]);
    expect(await screen.findByText('Recorded as damaged')).toBeTruthy();
  });

  it('refunds a received return only once confirmed; an exchange ships the new piece instead', async () => {
    stored = testReturn({ status: 'received', restocked: true });
    await renderReturn();
    expect(actions()).toEqual(['Refund the pieces', 'Close']);
    fireEvent.click(screen.getByRole('button', { name: 'Refund the pieces' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the pieces of RMA-000007?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(steps()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Refund the pieces' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund the pieces' }),
    );
    await waitFor(() => expect(steps()).toEqual([{ status: 'refunded', note: null }]));
    cleanup();

    stored = testReturn({ type: 'exchange', status: 'received' });
    await renderReturn();
    expect(actions()).toEqual(['Ship the new piece', 'Close']);
  });

  it('offers nothing more on a closed or rejected return', async () => {
    for (const status of ['closed', 'rejected'] as const) {
      stored = testReturn({ status });
      await renderReturn('ar');
      expect(screen.getByText('لا شيء آخر للقيام به.')).toBeTruthy();
      expect(screen.queryByLabelText('ملاحظة للعميل')).toBeNull();
      cleanup();
    }
  });

  it('shows the server’s refusal of a step', async () => {
    stored = testReturn({ status: 'refunded' });
    await renderReturn();
    stored = { ...stored, status: 'closed' };
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('A closed return cannot change any more.')).toBeTruthy();
  });
});
