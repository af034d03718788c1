import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DESK_API,
  type AdminNoteListResponse,
  type AdminReplyListResponse,
  type AdminReplyResponse,
  type CustomerTags,
  type TagsInUseResponse,
} from '@boutique/contracts/admin-desk';
import { adminRequest } from './admin-request';

export type NoteSubject = { kind: 'order' | 'customer'; id: number };

const notesPath = ({ kind, id }: NoteSubject) =>
  kind === 'order' ? DESK_API.orderNotes(id) : DESK_API.customerNotes(id);
const notesKey = (s: NoteSubject) => ['admin', 'notes', s.kind, s.id] as const;

/** The staff's notes on an order or a customer, newest first. */
export const useNotes = (subject: NoteSubject) =>
  useQuery({
    queryKey: notesKey(subject),
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminNoteListResponse>(notesPath(subject), { signal })).data.notes,
    staleTime: 0,
  });

export function useAddNote(subject: NoteSubject) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => adminRequest(notesPath(subject), { method: 'POST', body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useDeleteNote(subject: NoteSubject) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (noteId: number) =>
      adminRequest(`${notesPath(subject)}/${noteId}`, { method: 'DELETE', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** A customer's tags, replaced as one list based on its version; the customer and the lists follow. */
export function useSetTags(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { tags: string[]; version: number }) =>
      adminRequest<{ data: CustomerTags }>(DESK_API.customerTags(customerId), {
        method: 'PUT',
        body: change,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'customers'] }),
  });
}

/** The tags in use with their counts, for the customers list's filter. */
export const useTagsInUse = () =>
  useQuery({
    queryKey: ['admin', 'customers', 'tags'] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<TagsInUseResponse>(DESK_API.tagsInUse, { signal })).data.tags,
    staleTime: 0,
  });

const threadKey = (id: number) => ['admin', 'messages', 'thread', id] as const;

/** A message's replies with their e-mails' state; polled while one is still in the outbox's line. */
export const useThread = (messageId: number, enabled: boolean) =>
  useQuery({
    queryKey: threadKey(messageId),
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminReplyListResponse>(DESK_API.replies(messageId), { signal })).data,
    enabled,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.replies.some((r) => r.delivery === 'queued') ? 2000 : false,
  });

export function useSendReply(messageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; version: number }) =>
      adminRequest<AdminReplyResponse>(DESK_API.replies(messageId), { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'messages'] }),
  });
}
