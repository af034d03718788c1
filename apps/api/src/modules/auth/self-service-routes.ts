import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { clientKey, type RateLimit } from '../../lib/rate-limit.js';
import { requireUser, UNAUTHENTICATED } from '../../plugins/auth.js';
import { PASSWORD_RESET, RESET_LINK_SENT, type PasswordResetService } from './password-reset.js';
import type { ProfileService } from './profile.js';
import { emailLanguage } from './reset-email.js';

/** Counts one attempt against each limit in turn; the first one exceeded answers 429 with Retry-After. */
export type Throttle = (reply: FastifyReply, checks: [RateLimit, string][]) => Promise<void>;

export interface SelfServiceRoutesOptions {
  passwordReset: PasswordResetService;
  profile: ProfileService;
  config: Config;
  throttle: Throttle;
  /** The refresh token the request carries (cookie, or bearer for other clients), if any. */
  presentedRefreshToken: (request: FastifyRequest) => string | undefined;
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
  { passwordReset, profile, config, throttle, presentedRefreshToken },
) => {
  const limits = config.auth.rateLimits;
  const forgotPerIp: RateLimit = { name: 'forgot:ip', ...limits.forgotPerIp };
  const forgotPerEmail: RateLimit = { name: 'forgot:email', ...limits.forgotPerEmail };
  const resetPerIp: RateLimit = { name: 'reset:ip', ...limits.resetPerIp };
  // Guessing the current password with a stolen access token is guessing a sign-in: same allowance.
  const passwordChangePerUser: RateLimit = { name: 'password-change:user', ...limits.loginPerEmail };

  app.addHook('onClose', () => passwordReset.settled());

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
      // Counted per address whoever asks, so a stranger cannot fill someone's inbox from many IPs either.
      await throttle(reply, [
        [forgotPerIp, clientKey(req.ip)],
        [forgotPerEmail, req.body.email],
      ]);
      await passwordReset.requestLink(req.body.email, emailLanguage(req.body.lang), req.log);
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
      await throttle(reply, [[resetPerIp, clientKey(req.ip)]]);
      const userId = await passwordReset.reset(req.body.token, req.body.password);
      req.log.info({ userId }, 'password reset');
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
          'Change the name, the picture (a JPEG/PNG/WebP data URL up to 2 MB, or null to remove it) or the password (with current_password; other sign-ins end)',
        body: ProfileUpdateSchema,
        response: { 200: ProfileResponseSchema },
      },
    },
    async (req, reply) => {
      const { id } = requireUser(req);
      if (req.body.password !== undefined) await throttle(reply, [[passwordChangePerUser, String(id)]]);
      const user = await profile.update(id, req.body, presentedRefreshToken(req), req.log);
      if (!user) throw new HttpError(401, UNAUTHENTICATED);
      if (req.body.password !== undefined) req.log.info({ userId: id }, 'password changed');
      return { success: true as const, data: { user } };
    },
  );
};
