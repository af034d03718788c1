import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, VerifyEmail } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

/** 422 with `errors.token` when the link is unknown, expired or already used. */
export const verifyEmail = (input: VerifyEmail) =>
  apiRequest<MessageResponse>('/v1/auth/verify-email', { method: 'POST', body: input, session: false });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
