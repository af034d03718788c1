import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthResponseSchema,
  LoginSchema,
  LogoutResponseSchema,
  RegisterSchema,
  UserResponseSchema,
} from '@boutique/contracts';
import type { Config } from '../../env.js';
import { HttpError } from '../../lib/http-error.js';
import { clientKey, type RateLimit, type RateLimiter } from '../../lib/rate-limit.js';
import { requireUser, UNAUTHENTICATED } from '../../plugins/auth.js';
import { selfServiceRoutes } from './self-service-routes.js';
import type { PasswordResetService } from './password-reset.js';
import type { ProfileService } from './profile.js';
import { BAD_CREDENTIALS, type AuthService } from './service.js';
import { REFRESH_COOKIE, sessionHttp } from './session-http.js';
import { bearerToken, looksLikeRefreshToken } from './tokens.js';
import { privateRoutes } from '../../lib/private-routes.js';

export interface AuthRoutesOptions {
  service: AuthService;
  passwordReset: PasswordResetService;
  profile: ProfileService;
  limiter: RateLimiter;
  config: Config;
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { service, passwordReset, profile, limiter, config },
) => {
  const limits = config.auth.rateLimits;
  const loginPerIp: RateLimit = { name: 'login:ip', ...limits.loginPerIp };
  const loginPerEmail: RateLimit = { name: 'login:ip-email', ...limits.loginPerEmail };
  const registerPerIp: RateLimit = { name: 'register:ip', ...limits.registerPerIp };

  const { startSession, endSession, throttle } = sessionHttp(config, limiter);

  privateRoutes(app, { signedIn: false });

  /** Browsers send the cookie; other clients may send the refresh token as the bearer. */
  const presentedRefreshToken = (request: FastifyRequest) => {
    const bearer = bearerToken(request.headers.authorization);
    if (looksLikeRefreshToken(bearer)) return bearer;
    const cookie = request.cookies[REFRESH_COOKIE];
    return looksLikeRefreshToken(cookie) ? cookie : undefined;
  };

  app.post(
    '/v1/auth/register',
    {
      schema: {
        tags,
        summary: 'Create a customer account and sign it in',
        body: RegisterSchema,
        response: { 201: AuthResponseSchema },
      },
    },
    async (req, reply) => {
      await throttle(reply, [[registerPerIp, clientKey(req.ip)]]);
      const session = await service.register(req.body, req.headers['user-agent']);
      req.log.info({ userId: session.user.id }, 'account created');
      startSession(reply, session);
      return reply.code(201).send({ success: true, data: session });
    },
  );

  app.post(
    '/v1/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: LoginSchema,
        response: { 200: AuthResponseSchema },
      },
    },
    async (req, reply) => {
      const ip = clientKey(req.ip);
      const perEmailKey = `${ip}|${req.body.email}`;
      await throttle(reply, [
        [loginPerIp, ip],
        [loginPerEmail, perEmailKey],
      ]);
      const session = await service.login(req.body, req.headers['user-agent']);
      if (!session) throw new HttpError(401, BAD_CREDENTIALS);
      await limiter.reset(loginPerEmail, perEmailKey);
      startSession(reply, session);
      return { success: true as const, data: session };
    },
  );

  app.post(
    '/v1/auth/refresh',
    {
      schema: {
        tags,
        summary:
          'Trade the refresh token (cookie, or bearer for other clients) for a new pair; a reused one ends the sign-in',
        response: { 200: AuthResponseSchema },
      },
    },
    async (req, reply) => {
      const token = presentedRefreshToken(req);
      if (!token) {
        endSession(reply);
        throw new HttpError(401, UNAUTHENTICATED);
      }
      try {
        const session = await service.refresh(token, req.headers['user-agent']);
        startSession(reply, session);
        return { success: true as const, data: session };
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) endSession(reply);
        throw err;
      }
    },
  );

  app.post(
    '/v1/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: ends the sign-in of the presented refresh token and clears its cookie',
        response: { 200: LogoutResponseSchema },
      },
    },
    async (req, reply) => {
      const token = presentedRefreshToken(req);
      if (token) await service.logout(token);
      endSession(reply);
      return { success: true as const, data: { message: 'You have been signed out.' } };
    },
  );

  app.get(
    '/v1/auth/user',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The signed-in user (Authorization: Bearer <access token>)',
        response: { 200: UserResponseSchema },
      },
    },
    async (req) => {
      const user = await service.user(requireUser(req).id);
      if (!user) throw new HttpError(401, UNAUTHENTICATED);
      return { success: true as const, data: { user } };
    },
  );

  // Forgotten passwords and the profile share this scope's JSON parsing, no-store and refresh cookie.
  await app.register(selfServiceRoutes, { passwordReset, profile, config, throttle, presentedRefreshToken });
};
