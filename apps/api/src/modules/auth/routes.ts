import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthResponseSchema,
  LoginSchema,
  LogoutResponseSchema,
  MessageResponseSchema,
  RegisterSchema,
  ResendVerificationSchema,
  SessionIdParamsSchema,
  SessionsResponseSchema,
  UserResponseSchema,
  VerifyEmailSchema,
} from '@boutique/contracts';
import type { Config } from '../../env.js';
import { fieldError, HttpError, unprocessable } from '../../lib/http-error.js';
import { clientKey, type RateLimit, type RateLimiter } from '../../lib/rate-limit.js';
import { securityEvent } from '../../lib/security-log.js';
import { privateRoutes } from '../../lib/private-routes.js';
import { requireUser, UNAUTHENTICATED } from '../../plugins/auth.js';
import {
  ALREADY_VERIFIED,
  EMAIL_VERIFIED,
  VERIFICATION_SENT,
  type EmailVerificationService,
} from './email-verification.js';
import { weakPasswordReason } from './password-policy.js';
import type { PasswordResetService } from './password-reset.js';
import type { ProfileService } from './profile.js';
import { emailLanguage } from './reset-email.js';
import { selfServiceRoutes } from './self-service-routes.js';
import { BAD_CREDENTIALS, type AuthService, type Client } from './service.js';
import { sessionHttp } from './session-http.js';
import { bearerToken } from './tokens.js';

export interface AuthRoutesOptions {
  service: AuthService;
  passwordReset: PasswordResetService;
  verification: EmailVerificationService;
  profile: ProfileService;
  limiter: RateLimiter;
  config: Config;
}

export const EMAIL_TAKEN = 'The email has already been taken.';
export const SESSION_NOT_FOUND = 'This sign-in was not found, or has already ended.';

const tags = ['auth'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Who is calling: the client address (as TRUST_PROXY allows) and the browser, for the sessions page. */
export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { service, passwordReset, verification, profile, limiter, config },
) => {
  const limits = config.auth.rateLimits;
  const loginPerIp: RateLimit = { name: 'login:ip', ...limits.loginPerIp };
  const loginPerEmail: RateLimit = { name: 'login:ip-email', ...limits.loginPerEmail };
  const registerPerIp: RateLimit = { name: 'register:ip', ...limits.registerPerIp };
  // Failed sign-ins of one account from anywhere: counted, never refused (that would lock its owner out), but
  // past a few each further attempt waits longer, so guessing from many IPs gets slow.
  const loginFailures: RateLimit = {
    name: 'login-failures:account',
    max: Infinity,
    windowS: limits.loginPerIp.windowS,
  };
  const verificationPerUser: RateLimit = { name: 'verify-email:user', ...limits.verificationPerUser };

  const { startSession, endSession, throttle, presentedRefreshToken } = sessionHttp(config, limiter);

  privateRoutes(app, { signedIn: false });

  app.post(
    '/v1/auth/register',
    {
      schema: {
        tags,
        summary:
          'Create a customer account and sign it in (address not yet confirmed: a link is e-mailed); an address that has an account answers 422 with errors.email, and its owner is told by e-mail',
        body: RegisterSchema,
        response: { 201: AuthResponseSchema },
      },
    },
    async (req, reply) => {
      await throttle(req, reply, [[registerPerIp, clientKey(req.ip)]]);
      const weak = weakPasswordReason(req.body.password, req.body.email, req.body.name);
      if (weak) throw unprocessable('The given data was invalid', { password: [weak] });
      const lang = emailLanguage(req.body.lang);
      const { created, user } = await service.register(req.body, (tx, created) =>
        verification.issueLink(tx, created, lang),
      );
      if (!created) {
        // The spec's contract says so (a registration form must tell); the per-IP limit keeps it from being a
        // fast way to test addresses, and the owner hears that someone tried.
        await verification.noticeAlreadyRegistered(user, lang, req.log);
        throw unprocessable('The given data was invalid', { email: [fieldError('taken', EMAIL_TAKEN)] });
      }
      req.log.info({ userId: user.id }, 'account created, confirmation link queued');
      const session = await service.signInCreated(user.id, clientOf(req));
      startSession(reply, session);
      securityEvent(req, 'signed_in', { userId: user.id, reason: 'registration' });
      return reply.code(201).send({ success: true as const, data: session });
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
      await throttle(req, reply, [
        [loginPerIp, ip],
        [loginPerEmail, perEmailKey],
      ]);
      const failures = await limiter.count(loginFailures, req.body.email);
      const over = failures - config.auth.loginSlowdownAfter;
      if (over >= 0) {
        const delayMs = Math.min(1000 * 2 ** over, 10_000);
        securityEvent(req, 'login_slowed', { reason: `${failures} failed sign-ins of the account`, delayMs });
        await sleep(delayMs);
      }
      const { session, userId } = await service.login(req.body, clientOf(req));
      if (!session) {
        await limiter.consume(loginFailures, req.body.email);
        securityEvent(req, 'login_failed', { userId, reason: userId ? 'wrong password' : 'unknown account' });
        throw new HttpError(401, BAD_CREDENTIALS);
      }
      await limiter.reset(loginPerEmail, perEmailKey);
      await limiter.reset(loginFailures, req.body.email);
      startSession(reply, session);
      securityEvent(req, 'signed_in', {
        userId: session.user.id,
        reason: 'password',
        role: session.user.role,
      });
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
      const outcome = token ? await service.refresh(token, clientOf(req)) : undefined;
      if (outcome && 'session' in outcome) {
        startSession(reply, outcome.session);
        return { success: true as const, data: outcome.session };
      }
      if (outcome && 'reused' in outcome) {
        securityEvent(req, 'refresh_token_reused', {
          userId: outcome.reused.userId,
          reason: 'a spent refresh token came back: the sign-in is ended',
        });
      }
      endSession(reply);
      throw new HttpError(401, UNAUTHENTICATED);
    },
  );

  app.post(
    '/v1/auth/logout',
    {
      schema: {
        tags,
        summary:
          'Sign out: ends the sign-in of the refresh token (cookie or bearer) or of the bearer access token, and clears the cookie',
        response: { 200: LogoutResponseSchema },
      },
    },
    async (req, reply) => {
      const refreshToken = presentedRefreshToken(req);
      const bearer = bearerToken(req.headers.authorization);
      const access = bearer && !refreshToken ? await service.verifyAccessToken(bearer) : undefined;
      if (refreshToken || access) {
        const userId = await service.logout({ refreshToken, sessionId: access?.sessionId });
        securityEvent(req, 'signed_out', { userId: userId ?? access?.id, reason: 'logout' });
      }
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

  app.post(
    '/v1/auth/verify-email',
    {
      schema: {
        tags,
        summary:
          'Confirm the address with the token of the e-mailed link (single use, 24 hours) and the account’s password, or a new password that hands the account over: every sign-in ends and any authenticator app is removed',
        body: VerifyEmailSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      await throttle(req, reply, [[{ name: 'verify-email:ip', ...limits.resetPerIp }, clientKey(req.ip)]]);
      const outcome = await verification.verify(req.body.token, req.body, (email) =>
        req.body.password === undefined ? undefined : weakPasswordReason(req.body.password, email),
      );
      await service.publishRevoked(outcome.revoked);
      securityEvent(req, 'email_verified', {
        userId: outcome.userId,
        reason: outcome.handedOver
          ? 'confirmation link, new password'
          : 'confirmation link, account password',
      });
      if (outcome.handedOver) {
        securityEvent(req, 'password_reset', {
          userId: outcome.userId,
          reason: 'chosen on the confirmation page: the account is handed to the mailbox owner',
          sessionsEnded: outcome.revoked.length,
          secondFactorRemoved: outcome.factorRemoved,
        });
      }
      return { success: true as const, data: { message: EMAIL_VERIFIED } };
    },
  );

  app.post(
    '/v1/auth/verify-email/resend',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'E-mail a new confirmation link to the signed-in account (earlier links stop working)',
        body: ResendVerificationSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      const { id } = requireUser(req);
      const user = await service.user(id);
      if (!user) throw new HttpError(401, UNAUTHENTICATED);
      if (user.email_verified) return { success: true as const, data: { message: ALREADY_VERIFIED } };
      await throttle(req, reply, [[verificationPerUser, String(id)]], id);
      await verification.sendLink(user, emailLanguage(req.body?.lang), req.log);
      return { success: true as const, data: { message: VERIFICATION_SENT } };
    },
  );

  app.get(
    '/v1/auth/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The devices signed in to this account, the most recently used first; `current` is this one',
        response: { 200: SessionsResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { sessions: await service.sessions(requireUser(req)) },
    }),
  );

  app.delete(
    '/v1/auth/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Sign one device out (its refresh and access tokens stop working at once)',
        params: SessionIdParamsSchema,
        response: { 200: LogoutResponseSchema },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      if (!(await service.endSession(user.id, req.params.id))) throw new HttpError(404, SESSION_NOT_FOUND);
      securityEvent(req, 'sessions_revoked', { userId: user.id, reason: 'signed out one device', count: 1 });
      if (req.params.id === user.sessionId) endSession(reply);
      return { success: true as const, data: { message: 'That device has been signed out.' } };
    },
  );

  app.delete(
    '/v1/auth/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Sign out everywhere, this device included',
        response: { 200: LogoutResponseSchema },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const count = await service.endAllSessions(user.id);
      securityEvent(req, 'sessions_revoked', { userId: user.id, reason: 'signed out everywhere', count });
      endSession(reply);
      return { success: true as const, data: { message: 'You have been signed out everywhere.' } };
    },
  );

  // Forgotten passwords and the profile share this scope's JSON parsing, no-store and refresh cookie.
  await app.register(selfServiceRoutes, { service, passwordReset, profile, config, limiter });
};
