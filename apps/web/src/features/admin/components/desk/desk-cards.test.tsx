import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AdminNoteListResponseSchema,
  AdminNoteResponseSchema,
  CustomerTagsResponseSchema,
  DESK_API,
  type AdminNote,
} from '@boutique/contracts/admin-desk';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import { fakeApi, ok, refused } from '../../test-api';
import { NotesCard } from './notes-card';
import { TagsCard } from './tags-card';

let api: ReturnType<typeof fakeApi>;
let notes: AdminNote[];
const owner = { id: 1, name: 'Lalla Owner', email: 'owner@example.ae' };

beforeEach(() => {
  notes = [
    {
      id: 1,
      body: 'Called: size M',
      author: { id: 2, name: 'Hind', email: 'hind@example.ae' },
      created_at: '2026-11-25T06:00:00.000Z',
      deletable: false,
    },
  ];
  api = fakeApi()
    .get(DESK_API.customerNotes(7), () => ok(AdminNoteListResponseSchema, { success: true, data: { notes } }))
    .on('POST', DESK_API.customerNotes(7), ({ body }) => {
      const note: AdminNote = {
        id: 2,
        body: (body as { body: string }).body.trim(),
        author: owner,
        created_at: '2026-11-25T07:00:00.000Z',
        deletable: true,
      };
      notes = [note, ...notes];
      return ok(AdminNoteResponseSchema, { success: true, data: { note } }, 201);
    });
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

describe('the notes card', () => {
  it('lists the notes in shop time with their author, adds one, and offers delete only on its own', async () => {
    const { i18n } = await createTestI18n('en');
    renderWithProviders(<NotesCard subject={{ kind: 'customer', id: 7 }} />, i18n, '/admin/customers/7');
    const list = await screen.findByRole('list', { name: 'Internal notes' });
    // 06:00 UTC is 10:00 in Dubai, the shop's time zone.
    expect(within(list).getByText(/25 Nov 2026, 10:00/)).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: '  Wants it by Eid ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(api.seen('POST', DESK_API.customerNotes(7))[0]?.body).toEqual({ body: '  Wants it by Eid ' });
    expect(within(list).getByText('Wants it by Eid')).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    expect(screen.getByLabelText<HTMLTextAreaElement>('New note').value).toBe('');
  });
});

describe('the tags card', () => {
  const render = async (tags: string[]) => {
    const { i18n } = await createTestI18n('en');
    renderWithProviders(<TagsCard customerId={7} tags={tags} version={3} />, i18n, '/admin/customers/7');
  };

  it('adds a tag as the shop keeps it, and removes one, each with the version shown', async () => {
    api.on('PUT', DESK_API.customerTags(7), ({ body }) =>
      ok(CustomerTagsResponseSchema, {
        success: true,
        data: { tags: (body as { tags: string[] }).tags, version: 4 },
      }),
    );
    await render(['vip']);
    fireEvent.change(screen.getByLabelText('New tag'), { target: { value: '  Made  To Measure ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(api.seen('PUT', DESK_API.customerTags(7))).toHaveLength(1));
    expect(api.seen('PUT', DESK_API.customerTags(7))[0]?.body).toEqual({
      tags: ['vip', 'made to measure'],
      version: 3,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the tag vip' }));
    await waitFor(() => expect(api.seen('PUT', DESK_API.customerTags(7))).toHaveLength(2));
    expect(api.seen('PUT', DESK_API.customerTags(7))[1]?.body).toEqual({ tags: [], version: 3 });
  });

  it('refuses a tag outside the rule where it is typed, sending nothing', async () => {
    await render([]);
    fireEvent.change(screen.getByLabelText('New tag'), { target: { value: 'vip!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(screen.getByLabelText('New tag').getAttribute('aria-invalid')).toBe('true');
    expect(api.seen('PUT', DESK_API.customerTags(7))).toEqual([]);
  });

  it('says so when the tags changed elsewhere', async () => {
    api.on('PUT', DESK_API.customerTags(7), () =>
      refused(409, {
        success: false,
        message: 'Changed.',
        code: 'stale',
        error: 'stale',
        current: { tags: ['wholesale'], version: 4 },
      }),
    );
    await render(['vip']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the tag vip' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Someone changed these tags/);
  });
});
