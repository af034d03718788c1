import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MessageResponse,
  RecoveryCodes,
  SessionsResponse,
  TwoFactorProof,
  TwoFactorSetup,
} from '@boutique/contracts';
import { TOTP_DIGITS, type Language } from '@boutique/contracts/constants';
import { apiRequest } from '@/lib/api-client';
import { session } from '@/lib/session/session';
import { twoFactorStatusQuery } from '@/lib/session/two-factor';

/** The devices signed in to the account, the most recently used first. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<SessionsResponse>('/v1/auth/sessions', { signal })).data.sessions,
  });

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<MessageResponse>(`/v1/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}

/** Signs every device out, this one too: the session here ends with them. */
export function useEndAllSessions() {
  return useMutation({
    mutationFn: () => apiRequest<MessageResponse>('/v1/auth/sessions', { method: 'DELETE' }),
    onSuccess: () => session.signOut({ serverKnows: true }),
  });
}

/** A new confirmation link for the signed-in account's address, written in `lang`. */
export const resendVerification = (lang: Language) =>
  apiRequest<MessageResponse>('/v1/auth/verify-email/resend', { method: 'POST', body: { lang } });

export const startTwoFactorSetup = async () =>
  (await apiRequest<{ success: true; data: TwoFactorSetup }>('/v1/auth/two-factor/setup', { method: 'POST' }))
    .data;

function useTwoFactorChange<T, A>(fn: (arg: A) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey }),
  });
}

export const useEnableTwoFactor = () =>
  useTwoFactorChange(
    async (code: string) =>
      (
        await apiRequest<{ success: true; data: RecoveryCodes }>('/v1/auth/two-factor/enable', {
          method: 'POST',
          body: { code },
        })
      ).data.recovery_codes,
  );

/** Six digits are a code of the app; anything else is the password (which is never that short). */
export const twoFactorProof = (entered: string): TwoFactorProof =>
  new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(entered.trim()) ? { code: entered.trim() } : { password: entered };

export const useNewRecoveryCodes = () =>
  useTwoFactorChange(
    async (proof: TwoFactorProof) =>
      (
        await apiRequest<{ success: true; data: RecoveryCodes }>('/v1/auth/two-factor/recovery-codes', {
          method: 'POST',
          body: proof,
        })
      ).data.recovery_codes,
  );

export const useDisableTwoFactor = () =>
  useTwoFactorChange((proof: TwoFactorProof) =>
    apiRequest<MessageResponse>('/v1/auth/two-factor', { method: 'DELETE', body: proof }),
  );
