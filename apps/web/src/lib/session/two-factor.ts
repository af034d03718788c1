import { queryOptions } from '@tanstack/react-query';
import type { MessageResponse, TwoFactorStatus, TwoFactorVerify } from '@boutique/contracts';
import { ERROR_CODES } from '@boutique/contracts/constants';
import { ApiError, apiRequest } from '@/lib/api-client';

/** Whether the account has an authenticator app, whether this sign-in passed it, and whether the role needs it. */
export const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: ['auth', 'two-factor'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ success: true; data: TwoFactorStatus }>('/v1/auth/two-factor', { signal })).data,
    staleTime: 0,
  });

/** The second step of a sign-in: a code of the app, or a recovery code. */
export const verifySecondFactor = (input: TwoFactorVerify) =>
  apiRequest<MessageResponse>('/v1/auth/two-factor/verify', { method: 'POST', body: input });

/** An admin call refused for want of the second factor (the API's `code`): the UI sends to its step. */
export function needsSecondFactor(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const code = (error.data as { code?: unknown } | undefined)?.code;
  return code === ERROR_CODES.secondFactorRequired || code === ERROR_CODES.secondFactorEnrolmentRequired;
}
