import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ForgotPasswordSchema,
  MessageResponseSchema,
  ProfileResponseSchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
} from '@boutique/contracts';
import type { Config } from '../../env.js';
import { HttpError } from '../../lib/http-error.js';
import { clientKey, type RateLimit, type RateLimiter } from '../../lib/rate-limit.js';
import { securityEvent } from '../../lib/security-log.js';
import { requireUser, UNAUTHENTICATED } from '../../plugins/auth.js';
import { PASSWORD_RESET, RESET_LINK_SENT, type PasswordResetService } from './password-reset.js';
import { weakPasswordReason } from './password-policy.js';
import type { ProfileService } from './profile.js';
import { emailLanguage } from './reset-email.js';
import type { AuthService } from './service.js';
import { sessionHttp } from './session-http.js';

export interface SelfServiceRoutesOptions {
  service: AuthService;
  passwordReset: PasswordResetService;
  profile: ProfileService;
  config: Config;
  limiter: RateLimiter;
}

/** A data URL of 2 MB is 2.8 MB of base64: the profile form may be bigger than the API's usual 1 MB. */
const PROFILE_BODY_LIMIT = 4 * 1024 * 1024;

const tags = ['auth'];

/**
 * Forgotten passwords and the signed-in customer's profile. Registered inside the auth routes' scope, so they
 * share its JSON parsing, its `cache-control: no-store` and the refresh cookie's path.
 */
export const selfServiceRoutes: FastifyPluginAsyncZod<SelfServiceRoutesOptions> = async (
  app,
  { service, passwordReset, profile, config, limiter },
) => {
  const limits = config.auth.rateLimits;
  const forgotPerIp: RateLimit = { name: 'forgot:ip', ...limits.forgotPerIp };
  const forgotPerIpAndEmail: RateLimit = { name: 'forgot:ip-email', ...limits.forgotPerEmail };
  const resetPerIp: RateLimit = { name: 'reset:ip', ...limits.resetPerIp };
  // Guessing the current password with a stolen access token is guessing a sign-in: same allowance.
  const passwordChangePerUser: RateLimit = { name: 'password-change:user', ...limits.loginPerEmail };
  // Each new picture is decoded and re-encoded: a few a day is what a person sends.
  const avatarPerUser: RateLimit = { name: 'avatar:user', ...limits.avatarPerUser };
  const { throttle } = sessionHttp(config, limiter);

  app.post(
    '/v1/auth/forgot-password',
    {
      schema: {
        tags,
        summary:
          'E-mail a single-use link (1 hour) to choose a new password; the answer is the same whether or not the e-mail has an account',
        body: ForgotPasswordSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      const ip = clientKey(req.ip);
      await throttle(req, reply, [[forgotPerIp, ip]]);
      // Per IP and address, and silently: a stranger can neither flood an inbox from one IP nor, by asking
      // too often, stop the owner's own reset mails (a limit per address alone would), nor learn anything.
      const verdict = await limiter.consume(forgotPerIpAndEmail, `${ip}|${req.body.email}`);
      if (verdict.allowed) {
        await passwordReset.requestLink(req.body.email, emailLanguage(req.body.lang), req.log);
      } else {
        securityEvent(req, 'rate_limited', { reason: `${forgotPerIpAndEmail.name} (silent)` });
      }
      return { success: true as const, data: { message: RESET_LINK_SENT } };
    },
  );

  app.post(
    '/v1/auth/reset-password',
    {
      schema: {
        tags,
        summary:
          'Choose a new password with the token of the e-mailed link; spends the link and signs the account out everywhere',
        body: ResetPasswordSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      await throttle(req, reply, [[resetPerIp, clientKey(req.ip)]]);
      const { userId, revoked, factorRemoved } = await passwordReset.reset(
        req.body.token,
        req.body.password,
        (email) => weakPasswordReason(req.body.password, email),
      );
      await service.publishRevoked(revoked);
      securityEvent(req, 'password_reset', {
        userId,
        reason: 'e-mailed link',
        sessionsEnded: revoked.length,
        secondFactorRemoved: factorRemoved,
      });
      return { success: true as const, data: { message: PASSWORD_RESET } };
    },
  );

  app.patch(
    '/v1/auth/user',
    {
      onRequest: app.authenticate,
      bodyLimit: PROFILE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Change the name, the picture (a JPEG/PNG/WebP data URL up to 2 MB, or null to remove it) or the password (with current_password, or a sign-in of the last 10 minutes to set a first one; other sign-ins end)',
        body: ProfileUpdateSchema,
        response: { 200: ProfileResponseSchema },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const changesPassword = req.body.password !== undefined;
      if (changesPassword) await throttle(req, reply, [[passwordChangePerUser, String(user.id)]], user.id);
      if (typeof req.body.avatar === 'string') {
        await throttle(req, reply, [[avatarPerUser, String(user.id)]], user.id);
      }
      const result = await profile.update(user, req.body, req.log);
      if (!result) throw new HttpError(401, UNAUTHENTICATED);
      if (changesPassword) {
        await service.publishRevoked(result.revoked);
        securityEvent(req, 'password_changed', {
          userId: user.id,
          reason: result.firstPassword ? 'first password of the account' : 'current password given',
          sessionsEnded: result.revoked.length,
        });
      }
      return { success: true as const, data: { user: result.user } };
    },
  );
};
