import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, UserResponse, VerifyEmail } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import { session } from '@/lib/session/session';

/**
 * 422 with `errors.token` when the link is unknown, expired or already used. A signed-in account then reads
 * itself again, so every page knows its address is confirmed.
 */
export async function verifyEmail(input: VerifyEmail) {
  const res = await apiRequest<MessageResponse>('/v1/auth/verify-email', {
    method: 'POST',
    body: input,
    session: false,
  });
  if (session.get().status === 'authenticated') {
    const me = await apiRequest<UserResponse>('/v1/auth/user').catch(() => undefined);
    if (me) session.updateUser(me.data.user);
  }
  return res;
}

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
