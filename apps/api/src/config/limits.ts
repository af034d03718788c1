import { z } from 'zod';

export interface RateLimitRule {
  max: number;
  windowS: number;
}

/** How often one client or account may do what costs the shop (or a shopper's inbox) something. */
export const LimitsEnv = z.object({
  /** Sign-in attempts per IP and e-mail in 15 minutes. */
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Sign-in attempts per IP in 15 minutes, whatever the e-mail. */
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Accounts created per IP in an hour. */
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(5),
  /** Password-reset e-mails asked for one address in an hour, from anywhere: the inbox is not to be flooded. */
  FORGOT_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(100_000).default(3),
  /** Password-reset e-mails asked for from one IP in an hour, whatever the address. */
  FORGOT_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Attempts to use a password-reset link from one IP in an hour. */
  RESET_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Contact-form messages from one IP in an hour. */
  CONTACT_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(5),
  /** Replies to contact messages one admin may send from the back office in an hour (each is an e-mail). */
  REPLY_LIMIT_PER_ADMIN: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * Storefront pages with filter values not rendered yet (`?color=…`) one client may have rendered in a minute;
   * beyond, the page is served without its filters and the browser applies them.
   */
  RENDER_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** New profile pictures one account may send in an hour (each is decoded and re-encoded). */
  AVATAR_LIMIT_PER_USER: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Failed sign-ins of one account (from any IP) in 15 minutes before each further attempt on it is slowed
   * down (1 s, doubling, at most 10 s).
   */
  LOGIN_SLOWDOWN_AFTER: z.coerce.number().int().min(1).max(100_000).default(5),
});
export type LimitsEnv = z.infer<typeof LimitsEnv>;

export interface LimitsConfig {
  /** RENDER_LIMIT_PER_IP: new filtered storefront pages rendered for one client in a minute. */
  renderLimitPerIp: number;
}

export function limitsConfig(e: LimitsEnv): LimitsConfig {
  return { renderLimitPerIp: e.RENDER_LIMIT_PER_IP };
}

export interface RateLimits {
  loginPerEmail: RateLimitRule;
  loginPerIp: RateLimitRule;
  registerPerIp: RateLimitRule;
  forgotPerEmail: RateLimitRule;
  forgotPerIp: RateLimitRule;
  resetPerIp: RateLimitRule;
  contactPerIp: RateLimitRule;
  /** Replies to contact messages per admin. */
  replyPerAdmin: RateLimitRule;
  avatarPerUser: RateLimitRule;
  /** Codes of the second factor tried per account. */
  secondFactorPerUser: RateLimitRule;
  /** Confirmation links asked for per account. */
  verificationPerUser: RateLimitRule;
  /** Discount codes tried on a cart, per account and per network: a code cannot be found by guessing. */
  discountPerUser: RateLimitRule;
  discountPerIp: RateLimitRule;
}

/** The limits of sign-in and the account's own pages, and of the contact form (config.auth.rateLimits). */
export function rateLimits(e: LimitsEnv): RateLimits {
  return {
    loginPerEmail: { max: e.LOGIN_LIMIT_PER_EMAIL, windowS: 15 * 60 },
    loginPerIp: { max: e.LOGIN_LIMIT_PER_IP, windowS: 15 * 60 },
    registerPerIp: { max: e.REGISTER_LIMIT_PER_IP, windowS: 60 * 60 },
    forgotPerEmail: { max: e.FORGOT_LIMIT_PER_EMAIL, windowS: 60 * 60 },
    forgotPerIp: { max: e.FORGOT_LIMIT_PER_IP, windowS: 60 * 60 },
    resetPerIp: { max: e.RESET_LIMIT_PER_IP, windowS: 60 * 60 },
    contactPerIp: { max: e.CONTACT_LIMIT_PER_IP, windowS: 60 * 60 },
    replyPerAdmin: { max: e.REPLY_LIMIT_PER_ADMIN, windowS: 60 * 60 },
    avatarPerUser: { max: e.AVATAR_LIMIT_PER_USER, windowS: 60 * 60 },
    secondFactorPerUser: { max: 5, windowS: 15 * 60 },
    verificationPerUser: { max: 3, windowS: 60 * 60 },
    discountPerUser: { max: 10, windowS: 15 * 60 },
    discountPerIp: { max: 100, windowS: 15 * 60 },
  };
}
