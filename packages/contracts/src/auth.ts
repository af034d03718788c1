import { z } from 'zod';
import { envelope } from './envelope.js';
import { SOCIAL_PROVIDERS, USER_ROLES } from './constants.js';

export { LoginSchema, RegisterSchema, VerifyEmailSchema } from './forms.js';
export type { Login, LoginInput, Register, RegisterInput, VerifyEmail, VerifyEmailInput } from './forms.js';

export const UserRoleSchema = z.enum(USER_ROLES);

export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: UserRoleSchema,
  /** Whether the owner of the address proved it (the e-mailed link, or a provider that vouches for it). */
  email_verified: z.boolean(),
  created_at: z.iso.datetime(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthTokensSchema = z.object({
  /** Short-lived signed JWT, sent as `Authorization: Bearer` on API calls. */
  accessToken: z.string(),
  /** Opaque and single-use; browsers also receive it in an HttpOnly cookie and need not keep it. */
  refreshToken: z.string(),
  /** Lifetime of the access token in seconds. */
  expiresIn: z.number().int(),
});
export type AuthTokens = z.infer<typeof AuthTokensSchema>;

export const AuthResponseSchema = envelope(z.object({ user: UserSchema, tokens: AuthTokensSchema }));
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const UserResponseSchema = envelope(z.object({ user: UserSchema }));
export type UserResponse = z.infer<typeof UserResponseSchema>;

/**
 * Registration answers 201 as a sign-in does (`AuthResponseSchema`: the user, address not yet confirmed, and
 * the tokens); an address that has an account answers 422 with `errors.email`.
 */
export const RegisterResponseSchema = AuthResponseSchema;
export type RegisterResponse = AuthResponse;

/** `POST /v1/auth/verify-email/resend`: the language of the new e-mail. */
export const ResendVerificationSchema = z.object({ lang: z.string().trim().max(35).optional() });

// ---------------------------------------------------------------- sessions

/** A sign-in of the account on some device: from its first sign-in to the last refresh. */
export const SignInSessionSchema = z.object({
  id: z.uuid(),
  /** The browser's User-Agent when it last refreshed (null when it sent none). */
  user_agent: z.string().nullable(),
  started_at: z.iso.datetime(),
  last_used_at: z.iso.datetime(),
  /** 30 days after it began, whatever its refreshes. */
  expires_at: z.iso.datetime(),
  /** The sign-in this very call was made with. */
  current: z.boolean(),
});
export type SignInSession = z.infer<typeof SignInSessionSchema>;

export const SessionsResponseSchema = envelope(z.object({ sessions: z.array(SignInSessionSchema) }));
export type SessionsResponse = z.infer<typeof SessionsResponseSchema>;

export const SessionIdParamsSchema = z.object({ id: z.uuid() });

// ---------------------------------------------------------------- second factor (TOTP)

const totpCode = z
  .string({ error: 'Enter the 6-digit code of your authenticator app.' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code of your authenticator app.');

export const TwoFactorStatusSchema = z.object({
  /** An authenticator app is enrolled and confirmed. */
  enabled: z.boolean(),
  /** This sign-in passed the second factor. */
  verified: z.boolean(),
  /** The account's role needs it (admins). */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
export const TwoFactorStatusResponseSchema = envelope(TwoFactorStatusSchema);

/** A new secret to enrol: the otpauth:// URI, the same as a QR code (SVG data URL), and the base32 secret. */
export const TwoFactorSetupResponseSchema = envelope(
  z.object({ secret: z.string(), uri: z.string(), qr: z.string() }),
);
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupResponseSchema>['data'];

/** Confirms the enrolment with a first code; answers the recovery codes, shown once. */
export const TwoFactorEnableSchema = z.object({ code: totpCode });
export const RecoveryCodesResponseSchema = envelope(z.object({ recovery_codes: z.array(z.string()) }));
export type RecoveryCodes = z.infer<typeof RecoveryCodesResponseSchema>['data'];

/** The second step of a sign-in: a code of the app, or one of the recovery codes. */
export const TwoFactorVerifySchema = z
  .object({
    code: totpCode.optional(),
    recovery_code: z.string().trim().max(64).optional(),
  })
  .refine((v) => v.code !== undefined || v.recovery_code !== undefined, {
    path: ['code'],
    message: 'Enter the 6-digit code of your authenticator app.',
  });
export type TwoFactorVerify = z.infer<typeof TwoFactorVerifySchema>;

/**
 * Removing the app or making new recovery codes: proof beyond the access token, the account's password or a
 * current code of the app (an account made by social sign-in has no password).
 */
export const TwoFactorProofSchema = z
  .object({
    password: z.string().max(128).optional(),
    code: totpCode.optional(),
  })
  .refine((v) => v.code !== undefined || (v.password !== undefined && v.password !== ''), {
    path: ['password'],
    message: 'Enter your password, or a code of your authenticator app.',
  });
export type TwoFactorProof = z.infer<typeof TwoFactorProofSchema>;

export const LogoutResponseSchema = envelope(z.object({ message: z.string() }));
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;

// ---------------------------------------------------------------- social sign-in

export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

/** `GET /v1/auth/{provider}?redirect_uri=...`: where the site wants the shopper back (its own origin only). */
export const SocialStartQuerySchema = z.object({ redirect_uri: z.string().max(2000).optional() });

/** `POST /v1/auth/social/exchange`: the one-time code of the callback URL, traded for a session. */
export const SocialExchangeSchema = z.object({
  token: z.string({ error: 'Invalid social authentication response' }).min(1).max(200),
  provider: SocialProviderSchema,
});
export type SocialExchange = z.infer<typeof SocialExchangeSchema>;

/** Which providers are configured, so the storefront shows only working buttons. */
export const SocialProvidersResponseSchema = envelope(z.object({ providers: z.array(SocialProviderSchema) }));

/**
 * The query of the storefront's `/auth/{provider}/callback` page as the API sends the browser there: either a
 * one-time `token` (2 minutes, single use) with its `provider`, to trade at `POST /v1/auth/social/exchange`, or
 * an `error` message ready to show. There is no `user` parameter: the exchange answers with the user.
 */
export const SocialCallbackQuerySchema = z.object({
  token: z.string().optional(),
  provider: SocialProviderSchema.optional(),
  error: z.string().optional(),
});
export type SocialCallbackQuery = z.infer<typeof SocialCallbackQuerySchema>;
