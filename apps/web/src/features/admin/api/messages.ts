import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  type AdminFailedMailListResponse,
  type AdminMessageListQuery,
  type AdminMessageListResponse,
  type AdminMessageResponse,
  type MessageUpdate,
} from '@boutique/contracts/admin';
import { adminRequest, listQuery } from './admin-request';

export type MessageFilters = Pick<AdminMessageListQuery, 'box'> & { page: number; per_page: number };

const messagesKey = ['admin', 'messages'] as const;

export const adminMessagesQuery = (filters: MessageFilters) =>
  queryOptions({
    queryKey: [...messagesKey, filters] as const,
    queryFn: async ({ signal }) =>
      (
        await adminRequest<AdminMessageListResponse>(ADMIN_API.messages, {
          signal,
          query: listQuery(filters),
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminMessages = (filters: MessageFilters) => useQuery(adminMessagesQuery(filters));

/** Read, unread, archived or back in the inbox; the inbox, its count and the dashboard follow. */
export function useUpdateMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: MessageUpdate }) =>
      adminRequest<AdminMessageResponse>(ADMIN_API.message(id), { method: 'PATCH', body: change }),
    // A refused change (another tab got there first) refreshes the inbox as well: it shows the message as it is.
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: messagesKey });
      await client.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
  });
}

const failedMailsKey = ['admin', 'mail', 'failed'] as const;

/** E-mails the outbox gave up on after every try (a long mail server outage). */
export const useFailedMails = () =>
  useQuery({
    queryKey: failedMailsKey,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminFailedMailListResponse>(ADMIN_API.failedMails, { signal })).data.mails,
    staleTime: 0,
  });

/** Sends a failed e-mail again; the list follows. */
export function useResendMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest(ADMIN_API.resendMail(id), { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: failedMailsKey }),
  });
}
