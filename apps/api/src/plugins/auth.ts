import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.js';
import type { UserRole } from '@boutique/contracts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A hook that admits only requests with a valid access token (`Authorization: Bearer <jwt>`) and sets
     * `request.user`; anything else is a 401. Use it as `onRequest` (so a signed-out caller hears 401 before
     * any 422 about the body) or `preHandler`.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null on routes without it. */
    user: AuthUser | null;
  }
}

/* The request's side of sign-in; the auth module issues and verifies the tokens. */
/** Who a valid access token speaks for; `request.user` on authenticated routes. */
export interface AuthUser {
  id: number;
  role: UserRole;
  /** The sign-in (refresh-token family) the token was issued for: revoking it refuses the token at once. */
  sessionId: string;
}

/** The token of an `Authorization: Bearer <token>` header, if that is what the header holds. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer[ \t]+([^\s]+)[ \t]*$/i);
  return match?.[1];
}

export const UNAUTHENTICATED = 'Unauthenticated.';

/** The signed-in user of a route guarded by `authenticate`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, UNAUTHENTICATED);
  return request.user;
}

export interface AuthenticateOptions {
  /** The user of a valid access token whose sign-in is still alive, or undefined. */
  verify: (accessToken: string) => Promise<AuthUser | undefined>;
}

/** Adds `app.authenticate` and `request.user` to the scope it is registered in (not encapsulated). */
export const authenticatePlugin = fp<AuthenticateOptions>(
  async (app: FastifyInstance, { verify }) => {
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request.headers.authorization);
      const user = token === undefined ? undefined : await verify(token);
      if (!user) {
        void reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, UNAUTHENTICATED);
      }
      request.user = user;
    });
  },
  { name: 'authenticate' },
);
