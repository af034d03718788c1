import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MessageResponseSchema,
  RecoveryCodesResponseSchema,
  TwoFactorEnableSchema,
  TwoFactorProofSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusResponseSchema,
  TwoFactorVerifySchema,
} from '@boutique/contracts';
import type { Config } from '../../env.js';
import type { RateLimit, RateLimiter } from '../../lib/rate-limit.js';
import { securityEvent } from '../../lib/security-log.js';
import { privateRoutes } from '../../lib/private-routes.js';
import { requireUser } from '../../plugins/auth.js';
import { HttpError } from '../../lib/http-error.js';
import { sessionHttp } from './session-http.js';
import type { TwoFactorService } from './two-factor.js';

export interface TwoFactorRoutesOptions {
  twoFactor: TwoFactorService;
  limiter: RateLimiter;
  config: Config;
}

const tags = ['auth'];

/** Wrong codes (or proofs) an account may give in a day before codes are refused until the day ends. */
export const SECOND_FACTOR_FAILURES_PER_DAY = 20;
export const SECOND_FACTOR_LOCKED =
  'Too many wrong codes today: codes are refused until tomorrow. We have told the account’s owner by e-mail.';

/** The authenticator app of the signed-in account: set up, confirm, and the second step of a sign-in. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (
  app,
  { twoFactor, limiter, config },
) => {
  privateRoutes(app, { signedIn: true });
  const { throttle } = sessionHttp(config, limiter);
  // Six digits are a million guesses: five tries per account in 15 minutes keeps guessing hopeless.
  const codesPerUser: RateLimit = {
    name: 'second-factor:user',
    ...config.auth.rateLimits.secondFactorPerUser,
  };
  // Five tries in 15 minutes still let a patient guesser try about 480 codes a day. Wrong codes are also
  // counted over a day, never forgiven by a success: past the limit codes are refused until the day ends,
  // and the owner is told by e-mail.
  const failuresPerDay: RateLimit = {
    name: 'second-factor-failures:user',
    max: SECOND_FACTOR_FAILURES_PER_DAY,
    windowS: 24 * 60 * 60,
  };
  const guard = async (req: FastifyRequest, reply: FastifyReply, userId: number) => {
    await throttle(req, reply, [[codesPerUser, String(userId)]], userId);
    if ((await limiter.count(failuresPerDay, String(userId))) >= SECOND_FACTOR_FAILURES_PER_DAY) {
      securityEvent(req, 'rate_limited', { userId, reason: `${failuresPerDay.name} (locked for the day)` });
      throw new HttpError(429, SECOND_FACTOR_LOCKED);
    }
  };
  const failed = async (userId: number) => {
    const verdict = await limiter.consume(failuresPerDay, String(userId));
    const count = await limiter.count(failuresPerDay, String(userId));
    if (verdict.allowed && count === SECOND_FACTOR_FAILURES_PER_DAY)
      await twoFactor.noticeLocked(userId, count);
  };

  app.get(
    '/v1/auth/two-factor',
    {
      schema: {
        tags,
        summary:
          'Whether an authenticator app is set up, whether this sign-in passed it, and whether the role needs it',
        response: { 200: TwoFactorStatusResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await twoFactor.status(requireUser(req)) }),
  );

  app.post(
    '/v1/auth/two-factor/setup',
    {
      schema: {
        tags,
        summary: 'A new secret to scan (otpauth URI and QR code); in force once confirmed with a first code',
        response: { 200: TwoFactorSetupResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await twoFactor.setup(requireUser(req)) }),
  );

  app.post(
    '/v1/auth/two-factor/enable',
    {
      schema: {
        tags,
        summary:
          'Confirm the set-up with a code of the app; answers ten single-use recovery codes, shown once',
        body: TwoFactorEnableSchema,
        response: { 200: RecoveryCodesResponseSchema },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await guard(req, reply, user.id);
      try {
        const codes = await twoFactor.enable(user, req.body.code);
        await limiter.reset(codesPerUser, String(user.id));
        securityEvent(req, 'second_factor_enabled', {
          userId: user.id,
          reason: 'authenticator app confirmed',
        });
        return { success: true as const, data: codes };
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 422) {
          securityEvent(req, 'second_factor_failed', { userId: user.id, reason: 'wrong code at set-up' });
          await failed(user.id);
        }
        throw err;
      }
    },
  );

  app.post(
    '/v1/auth/two-factor/verify',
    {
      schema: {
        tags,
        summary: 'The second step of this sign-in: a code of the app, or a recovery code',
        body: TwoFactorVerifySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await guard(req, reply, user.id);
      try {
        const how = await twoFactor.verify(user, req.body);
        await limiter.reset(codesPerUser, String(user.id));
        securityEvent(req, how === 'totp' ? 'second_factor_verified' : 'recovery_code_used', {
          userId: user.id,
          reason: how === 'totp' ? 'authenticator code' : 'recovery code',
        });
        return { success: true as const, data: { message: 'This sign-in is confirmed.' } };
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 422) {
          securityEvent(req, 'second_factor_failed', {
            userId: user.id,
            reason: req.body.code === undefined ? 'wrong recovery code' : 'wrong or reused code',
          });
          await failed(user.id);
        }
        throw err;
      }
    },
  );

  /** A change of the factor itself: throttled like codes, each wrong proof logged. */
  const withProof = async <T>(
    req: FastifyRequest,
    reply: FastifyReply,
    change: () => Promise<T>,
  ): Promise<T> => {
    const user = requireUser(req);
    await guard(req, reply, user.id);
    try {
      const result = await change();
      await limiter.reset(codesPerUser, String(user.id));
      return result;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 422) {
        securityEvent(req, 'second_factor_failed', {
          userId: user.id,
          reason: 'wrong password or code to change the second factor',
        });
        await failed(user.id);
      }
      throw err;
    }
  };

  app.post(
    '/v1/auth/two-factor/recovery-codes',
    {
      schema: {
        tags,
        summary:
          'Ten new recovery codes (the old ones stop working); from a sign-in that passed the second factor, with the password or a current code',
        body: TwoFactorProofSchema,
        response: { 200: RecoveryCodesResponseSchema },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const codes = await withProof(req, reply, () => twoFactor.regenerateRecoveryCodes(user, req.body));
      securityEvent(req, 'recovery_codes_renewed', { userId: user.id, reason: 'asked by the account' });
      return { success: true as const, data: codes };
    },
  );

  app.delete(
    '/v1/auth/two-factor',
    {
      schema: {
        tags,
        summary:
          'Remove the authenticator app and its recovery codes; from a sign-in that passed the second factor, with the password or a current code',
        body: TwoFactorProofSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await withProof(req, reply, () => twoFactor.disable(user, req.body));
      securityEvent(req, 'second_factor_removed', { userId: user.id, reason: 'authenticator app removed' });
      return { success: true as const, data: { message: 'The authenticator app has been removed.' } };
    },
  );
};
