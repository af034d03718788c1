import { z } from 'zod';
import { STAFF_INVITE_HOURS } from '@boutique/contracts';
import { optionalString } from './fields.js';
import { rateLimits, type LimitsEnv, type RateLimits } from './limits.js';

const emailList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const emails = value
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean);
    for (const email of emails) {
      if (!z.email().safeParse(email).success) {
        ctx.addIssue({ code: 'custom', message: `${email} is not an e-mail address` });
        return z.NEVER;
      }
    }
    return emails;
  });

/** Who becomes an admin, and what signs the access tokens of sessions. */
export const AuthEnv = z.object({
  /** Accounts that become admins at sign-in once their address is verified (decision 013). */
  ADMIN_EMAILS: emailList,
  /** Signs access tokens. Unset: generated once and kept in `{DATA_DIR}/jwt-secret` (see ensureJwtSecret). */
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** How long the owner's invitation to join the staff can be accepted (1 to 720 hours). */
  STAFF_INVITE_HOURS: z.coerce.number().int().min(1).max(720).default(STAFF_INVITE_HOURS),
});
export type AuthEnv = z.infer<typeof AuthEnv>;

export interface AuthConfig {
  /** Undefined when JWT_SECRET is unset: ensureJwtSecret() then supplies the one kept under the data dir. */
  jwtSecret: string | undefined;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  rateLimits: RateLimits;
  /** Failed sign-ins of one account in the login window before each attempt is slowed down. */
  loginSlowdownAfter: number;
  /** Lifetime of an e-mail confirmation link. */
  emailVerificationTtlS: number;
  /** How recent a sign-in must be to set a first password. */
  freshSignInS: number;
  /** Addresses that become admins once verified. */
  adminEmails: string[];
  /** Lifetime of a password-reset link. */
  passwordResetTtlS: number;
  /** Lifetime of an invitation to the staff (STAFF_INVITE_HOURS). */
  staffInviteHours: number;
}

export function authConfig(e: AuthEnv & LimitsEnv): AuthConfig {
  return {
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlS: 15 * 60,
    refreshTokenTtlS: 30 * 24 * 60 * 60,
    rateLimits: rateLimits(e),
    loginSlowdownAfter: e.LOGIN_SLOWDOWN_AFTER,
    emailVerificationTtlS: 24 * 60 * 60,
    freshSignInS: 10 * 60,
    adminEmails: e.ADMIN_EMAILS,
    passwordResetTtlS: 60 * 60,
    staffInviteHours: e.STAFF_INVITE_HOURS,
  };
}
