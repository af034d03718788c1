import { useMutation } from '@tanstack/react-query';
import type { ForgotPassword, MessageResponse, ResetPassword } from '@boutique/contracts';
import type { Language } from '@boutique/contracts/constants';
import { apiRequest } from '@/lib/api-client';

/** The same answer whether or not the address has an account; the e-mail is written in `lang`. */
export const requestPasswordReset = (input: ForgotPassword & { lang: Language }) =>
  apiRequest<MessageResponse>('/v1/auth/forgot-password', { method: 'POST', body: input, session: false });

/** 422 with `errors.token` when the link is unknown, expired or already used. */
export const resetPassword = (input: ResetPassword) =>
  apiRequest<MessageResponse>('/v1/auth/reset-password', { method: 'POST', body: input, session: false });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
