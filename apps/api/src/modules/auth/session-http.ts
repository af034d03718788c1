import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../env.js';
import { createThrottle, type RateLimiter } from '../../lib/rate-limit.js';
import type { Session } from './service.js';
import { bearerToken, looksLikeRefreshToken } from './tokens.js';

/** The cookie's name over plain http (the demo); over https the `__Secure-` prefix binds it to TLS. */
export const REFRESH_COOKIE = 'refresh_token';
/** The cookie goes only to the auth calls that need it, never to the rest of the API or the storefront. */
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

/**
 * What every route that signs someone in or out does to the HTTP answer, in one place so that password and
 * social sign-in set exactly the same cookie, and every limited route answers 429 the same way.
 */
export function sessionHttp(config: Config, limiter: RateLimiter) {
  const https = config.publicUrl.startsWith('https://');
  const cookieName = https ? `__Secure-${REFRESH_COOKIE}` : REFRESH_COOKIE;
  const cookieOptions = {
    httpOnly: true,
    secure: https,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
  } as const;

  const throttle = createThrottle(limiter);

  return {
    cookieName,

    startSession: (reply: FastifyReply, session: Session) =>
      reply.setCookie(cookieName, session.tokens.refreshToken, {
        ...cookieOptions,
        maxAge: config.auth.refreshTokenTtlS,
      }),

    endSession: (reply: FastifyReply) => reply.clearCookie(cookieName, cookieOptions),

    /** Browsers send the cookie; other clients may send the refresh token as the bearer. */
    presentedRefreshToken: (request: FastifyRequest): string | undefined => {
      const bearer = bearerToken(request.headers.authorization);
      if (looksLikeRefreshToken(bearer)) return bearer;
      const cookie = request.cookies[cookieName];
      return looksLikeRefreshToken(cookie) ? cookie : undefined;
    },

    throttle,
  };
}
