import type { FastifyReply } from 'fastify';
import type { Config } from '../../env.js';
import { HttpError } from '../../lib/http-error.js';
import type { RateLimit, RateLimiter } from '../../lib/rate-limit.js';
import type { Session } from './service.js';

export const REFRESH_COOKIE = 'refresh_token';
/** The cookie goes only to the auth calls that need it, never to the rest of the API or the storefront. */
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

/**
 * What every route that signs someone in or out does to the HTTP answer, in one place so that password and
 * social sign-in set exactly the same cookie, and every limited route answers 429 the same way.
 */
export function sessionHttp(config: Config, limiter: RateLimiter) {
  const cookieOptions = {
    httpOnly: true,
    secure: config.publicUrl.startsWith('https://'),
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
  } as const;

  return {
    startSession: (reply: FastifyReply, session: Session) =>
      reply.setCookie(REFRESH_COOKIE, session.tokens.refreshToken, {
        ...cookieOptions,
        maxAge: config.auth.refreshTokenTtlS,
      }),

    endSession: (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, cookieOptions),

    /** Counts the attempt against every limit, stopping at the first one exceeded. */
    throttle: async (reply: FastifyReply, checks: [RateLimit, string][]) => {
      for (const [limit, key] of checks) {
        const verdict = await limiter.consume(limit, key);
        if (verdict.allowed) continue;
        const minutes = Math.ceil(verdict.retryAfterS / 60);
        void reply.header('retry-after', String(verdict.retryAfterS));
        throw new HttpError(
          429,
          `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        );
      }
    },
  };
}
