import fp from 'fastify-plugin';
import { ensureJwtSecret, type Config } from '../../env.js';
import type { Database } from '../../db/client.js';
import type { Storage } from '../../storage/index.js';
import { RateLimiter, type RateLimitStore } from '../../lib/rate-limit.js';
import type { RedisGuard } from '../../lib/redis.js';
import { authenticatePlugin } from '../../plugins/auth.js';
import { AvatarStore } from './avatars.js';
import { EmailVerificationService } from './email-verification.js';
import { PasswordResetService } from './password-reset.js';
import { ProfileService } from './profile.js';
import { authRoutes } from './routes.js';
import { AuthService } from './service.js';
import { SessionRevocations } from './sessions.js';
import { providerClients } from './social/providers.js';
import { socialRoutes } from './social/routes.js';
import { SocialAuthService } from './social/service.js';
import { TwoFactorService } from './two-factor.js';
import { twoFactorRoutes } from './two-factor-routes.js';

export { handOver, removeSecondFactor } from './hand-over.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { weakPasswordReason } from './password-policy.js';
export { accountById, customerAccount, type CustomerAccount } from './customer-accounts.js';
export { enqueueSecurityNotice } from './security-notices.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes ended sign-ins refused at once on every instance (see SessionRevocations). */
    publishEndedSignIns(familyIds: string[]): Promise<void>;
  }
}

export interface AuthModuleOptions {
  db: Database;
  config: Config;
  /** Where login, registration and reset attempts are counted (in Redis when several instances share it). */
  rateLimits: RateLimitStore;
  /** Set with REDIS_URL: ended sign-ins are shared there, so every instance refuses their tokens at once. */
  redis?: RedisGuard | undefined;
  /** Where profile pictures are kept. */
  storage: Storage;
}

/**
 * Accounts and sessions: the auth routes (password and social sign-in, e-mail confirmation, sessions, second
 * factor), plus `app.authenticate` and `request.user` for every route registered after this module in the
 * same scope (cart, orders, ...).
 */
export const authModule = fp<AuthModuleOptions>(
  async (app, { db, config, rateLimits, redis, storage }) => {
    const secret = ensureJwtSecret(config);
    const revocations = new SessionRevocations(db, {
      redis: redis?.commands,
      onRedisRecovered: redis && ((hook) => redis.onRecover(hook)),
      prefix: `${config.redisPrefix}session-revoked:`,
      rememberS: config.auth.accessTokenTtlS + 60,
      // The outage is logged once by the guard (lib/redis.ts); each failed call only falls back.
      onError: (err) => app.log.debug({ err }, 'an ended sign-in was not read or written in Redis'),
    });
    const service = new AuthService(
      db,
      {
        access: { secret, issuer: config.publicUrl, ttlS: config.auth.accessTokenTtlS },
        refreshTokenTtlS: config.auth.refreshTokenTtlS,
        adminEmails: config.auth.adminEmails,
        shopName: config.shop.name,
      },
      revocations,
      app.log,
    );
    const limiter = new RateLimiter(rateLimits);
    // Other modules that end sign-ins in their own transaction (a staff invitation handing an account over)
    // make the ended sign-ins' access tokens refused on every instance with this, after their commit.
    app.decorate('publishEndedSignIns', (familyIds: string[]) => service.publishRevoked(familyIds));
    await app.register(authenticatePlugin, { verify: (token) => service.verifyAccessToken(token) });
    const passwordReset = new PasswordResetService(db, {
      publicUrl: config.publicUrl,
      shopName: config.shop.name,
      ttlS: config.auth.passwordResetTtlS,
    });
    const verification = new EmailVerificationService(db, {
      publicUrl: config.publicUrl,
      shopName: config.shop.name,
      ttlS: config.auth.emailVerificationTtlS,
    });
    const profile = new ProfileService(
      db,
      new AvatarStore(storage),
      config.auth.freshSignInS,
      config.shop.name,
    );
    await app.register(authRoutes, { service, passwordReset, verification, profile, limiter, config });
    const twoFactor = new TwoFactorService(db, { secret, shopName: config.shop.name });
    await app.register(twoFactorRoutes, { twoFactor, limiter, config });
    const social = new SocialAuthService(db, service, providerClients(config.social), {
      publicUrl: config.publicUrl,
    });
    if (config.social.incomplete.length > 0) {
      app.log.warn(
        { missing: config.social.incomplete },
        'a social sign-in provider is configured in part and stays off until every credential is set',
      );
    }
    await app.register(socialRoutes, { social, limiter, config });
  },
  { name: 'auth' },
);
