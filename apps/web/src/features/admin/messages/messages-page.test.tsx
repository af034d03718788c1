import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ADMIN_API,
  AdminMessageListResponseSchema,
  AdminMessageResponseSchema,
  MessageUpdateSchema,
  type AdminMessage,
} from '@boutique/contracts/admin';
import {
  AdminReplyListResponseSchema,
  AdminReplyResponseSchema,
  DESK_API,
} from '@boutique/contracts/admin-desk';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import { fakeApi, ok, refused } from '../test-api';
import MessagesPage from './messages-page';

const message = (change: Partial<AdminMessage>): AdminMessage => ({
  id: 1,
  name: 'Salma Bennani',
  email: 'salma@example.ae',
  phone: '+971 50 123 4567',
  subject: 'personal',
  message: 'Could the Noor caftan be made longer?',
  created_at: '2026-11-25T09:00:00.000Z',
  read_at: null,
  archived_at: null,
  answered_at: null,
  locale: null,
  version: 1,
  ...change,
});

let api: ReturnType<typeof fakeApi>;
let messages: AdminMessage[];

beforeEach(() => {
  messages = [
    message({}),
    message({
      id: 2,
      name: 'Hind Alaoui',
      email: 'hind@example.ae',
      subject: null,
      message: 'Do you ship to Oman?',
    }),
  ];
  api = fakeApi()
    .get(ADMIN_API.messages, ({ query }) => {
      const archived = query.get('box') === 'archived';
      const data = messages.filter((m) => !!m.archived_at === archived);
      return ok(AdminMessageListResponseSchema, {
        success: true,
        data: {
          messages: { data, current_page: 1, last_page: 1, per_page: 20, total: data.length },
          unread: messages.filter((m) => !m.read_at && !m.archived_at).length,
        },
      });
    })
    .on('PATCH', /^\/api\/v1\/admin\/messages\/\d+$/, ({ path, body }) => {
      const id = Number(path.split('/').at(-1));
      const change = MessageUpdateSchema.parse(body);
      const current = messages.find((m) => m.id === id)!;
      if (change.version !== current.version)
        return refused(409, { success: false, message: 'Changed.', code: 'stale', error: 'stale', current });
      const now = '2026-11-26T10:00:00.000Z';
      const next: AdminMessage = {
        ...current,
        read_at: change.read === undefined ? current.read_at : change.read ? now : null,
        archived_at: change.archived === undefined ? current.archived_at : change.archived ? now : null,
        version: current.version + 1,
      };
      messages = messages.map((m) => (m.id === id ? next : m));
      return ok(AdminMessageResponseSchema, { success: true, data: { message: next } });
    });
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

async function renderPage(lng: 'en' | 'ar' = 'en') {
  const { i18n, missing } = await createTestI18n(lng);
  renderWithProviders(<MessagesPage />, i18n, '/admin/messages');
  await screen.findAllByRole('article');
  return missing;
}

const card = (name: RegExp) => screen.getByRole('article', { name });
const patches = () => api.seen('PATCH', /messages\/\d+$/).map((c) => [c.path, c.body]);

describe('the messages', () => {
  it('marks a message read, and unread again, the inbox count following', async () => {
    await renderPage();
    expect(screen.getByText('2 unread')).toBeTruthy();
    const salma = card(/Salma Bennani/);
    expect(within(salma).getByText('New')).toBeTruthy();
    expect(within(salma).getByRole('heading').textContent).toBe('New Salma Bennani · Made to measure');

    fireEvent.click(within(salma).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('1 unread')).toBeTruthy();
    await waitFor(() => expect(within(card(/Salma Bennani/)).queryByText('New')).toBeNull());
    fireEvent.click(within(card(/Salma Bennani/)).getByRole('button', { name: 'Mark as unread' }));
    expect(await screen.findByText('2 unread')).toBeTruthy();
    expect(patches()).toEqual([
      [ADMIN_API.message(1), { read: true, version: 1 }],
      [ADMIN_API.message(1), { read: false, version: 2 }],
    ]);
  });

  it('archives a message out of the inbox, and brings it back from the archived box', async () => {
    const missing = await renderPage('ar');
    fireEvent.click(within(card(/Hind Alaoui/)).getByRole('button', { name: 'أرشفة' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /Hind Alaoui/ })).toBeNull());
    expect(screen.getByText('رسالة واحدة غير مقروءة')).toBeTruthy();

    const boxes = within(screen.getByRole('navigation', { name: 'الصناديق' }));
    fireEvent.click(boxes.getByRole('button', { name: 'المؤرشفة' }));
    const hind = await screen.findByRole('article', { name: /Hind Alaoui/ });
    expect(screen.queryByRole('article', { name: /Salma Bennani/ })).toBeNull();
    fireEvent.click(within(hind).getByRole('button', { name: 'إعادة إلى الوارد' }));
    expect(await screen.findByText('لا رسائل هنا.')).toBeTruthy();
    expect(patches()).toEqual([
      [ADMIN_API.message(2), { archived: true, version: 1 }],
      [ADMIN_API.message(2), { archived: false, version: 2 }],
    ]);
    expect(missing).toEqual([]);
  });

  it('says so when the message changed elsewhere, and shows it as it is now', async () => {
    await renderPage();
    messages = messages.map((m) =>
      m.id === 1 ? { ...m, read_at: '2026-11-26T08:00:00.000Z', version: 2 } : m,
    );
    fireEvent.click(within(card(/Salma Bennani/)).getByRole('button', { name: 'Mark as read' }));
    expect(await within(card(/Salma Bennani/)).findByRole('alert')).toHaveProperty(
      'textContent',
      'This message was changed elsewhere: it is shown as it is now. Nothing was changed.',
    );
    await waitFor(() =>
      expect(within(card(/Salma Bennani/)).getByRole('button', { name: 'Mark as unread' })).toBeTruthy(),
    );
    expect(screen.getByText('1 unread')).toBeTruthy();
  });

  it('sends a reply with the version the page showed, then shows it in the thread with its state', async () => {
    const reply = {
      id: 7,
      body: 'Yes, up to 160 cm.',
      author: null,
      sent_at: '2026-11-25T10:00:00.000Z',
      delivered_at: null,
    };
    api.on('POST', DESK_API.replies(1), ({ body }) => {
      messages = messages.map((m) => (m.id === 1 ? { ...m, answered_at: reply.sent_at, version: 2 } : m));
      api.on('GET', DESK_API.replies(1), () =>
        ok(AdminReplyListResponseSchema, {
          success: true,
          data: { message: messages[0]!, replies: [{ ...reply, delivery: 'sent' }] },
        }),
      );
      return ok(
        AdminReplyResponseSchema,
        {
          success: true,
          data: {
            message: messages[0]!,
            reply: { ...reply, body: (body as { body: string }).body, delivery: 'queued' },
          },
        },
        201,
      );
    });
    api.on('GET', DESK_API.replies(1), () =>
      ok(AdminReplyListResponseSchema, { success: true, data: { message: messages[0]!, replies: [] } }),
    );
    await renderPage();
    fireEvent.click(within(card(/Salma Bennani/)).getByRole('button', { name: 'Reply by e-mail' }));
    fireEvent.change(within(card(/Salma Bennani/)).getByLabelText('Reply to salma@example.ae'), {
      target: { value: 'Yes, up to 160 cm.' },
    });
    fireEvent.click(within(card(/Salma Bennani/)).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(api.seen('POST', DESK_API.replies(1))[0]?.body).toEqual({
        body: 'Yes, up to 160 cm.',
        version: 1,
      }),
    );
    expect(await within(card(/Salma Bennani/)).findByText('Sent')).toBeTruthy();
    expect(within(card(/Salma Bennani/)).getByText('Answered')).toBeTruthy();
    expect(within(card(/Salma Bennani/)).getByText('Yes, up to 160 cm.')).toBeTruthy();
  });
});
