import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API } from '@boutique/contracts/admin';
import type {
  StaffInvitationCreateInput,
  StaffInvitationResponseSchema,
  StaffListResponse,
} from '@boutique/contracts/admin-staff';
import type { z } from 'zod';
import { adminRequest } from './admin-request';

const staffKey = ['admin', 'staff'] as const;

/** The owner, the staff and the invitations not yet accepted (owner only). */
export const useAdminStaff = () =>
  useQuery({
    queryKey: staffKey,
    queryFn: async ({ signal }) => (await adminRequest<StaffListResponse>(ADMIN_API.staff, { signal })).data,
    staleTime: 0,
  });

/** Invites someone: the e-mail leaves through the outbox in their language. */
export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInvitationCreateInput) =>
      adminRequest<z.infer<typeof StaffInvitationResponseSchema>>(ADMIN_API.staffInvitations, {
        method: 'POST',
        body,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}

/** Withdraws an invitation (`invitation`) or takes a staff member back to a customer (`member`). */
export function useRemoveStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'invitation' | 'member'; id: number }) =>
      adminRequest(kind === 'invitation' ? ADMIN_API.staffInvitation(id) : ADMIN_API.staffMember(id), {
        method: 'DELETE',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}
