import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminFailedMail } from '@boutique/contracts/admin';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import MessagesPage from './messages-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

const failed: AdminFailedMail = {
  id: 41,
  kind: 'order_confirmation',
  to: 'noura@example.ae',
  subject: 'Your order DL-7Q2K9',
  attempts: 8,
  last_error: '421 4.3.2 Service not available',
  created_at: '2026-11-27T09:30:00.000Z',
};

let mails: AdminFailedMail[];
beforeEach(() => {
  mails = [failed];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.includes('/mail/41/resend') && init?.method === 'POST') {
      mails = [];
      return json(200, { success: true, data: { resent: true } });
    }
    if (url.includes('/mail/failed')) return json(200, { success: true, data: { mails } });
    return json(200, {
      success: true,
      data: { messages: { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }, unread: 0 },
    });
  });
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('undelivered e-mails in the back office', () => {
  it('lists what the mail server refused and sends one again with one click, in Arabic', async () => {
    const { i18n } = await createTestI18n('ar');
    renderWithProviders(<MessagesPage />, i18n, '/admin/messages?box=failed');
    expect(await screen.findByText('Your order DL-7Q2K9')).toBeTruthy();
    expect(screen.getByText('421 4.3.2 Service not available')).toBeTruthy();
    expect(screen.getByText(/8 محاولات/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'إعادة الإرسال' }));
    expect(await screen.findByText('الرسالة في طريقها من جديد.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('سُلِّمت جميع الرسائل.')).toBeTruthy());
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => (url instanceof Request ? url.url : url.toString()))).toEqual([
      expect.stringMatching(/\/v1\/admin\/mail\/41\/resend$/),
    ]);
  });
});
