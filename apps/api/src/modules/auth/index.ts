import fp from 'fastify-plugin';
import { ensureJwtSecret, type Config } from '../../env.js';
import type { Database } from '../../db/client.js';
import type { Storage } from '../../storage/index.js';
import { RateLimiter, type RateLimitStore } from '../../lib/rate-limit.js';
import { authenticatePlugin } from '../../plugins/auth.js';
import { AvatarStore } from './avatars.js';
import { PasswordResetService } from './password-reset.js';
import { ProfileService } from './profile.js';
import { authRoutes } from './routes.js';
import { AuthService } from './service.js';
import { providerClients } from './social/providers.js';
import { socialRoutes } from './social/routes.js';
import { SocialAuthService } from './social/service.js';

export interface AuthModuleOptions {
  db: Database;
  config: Config;
  /** Where login, registration and reset attempts are counted (in Redis when several instances share it). */
  rateLimits: RateLimitStore;
  /** Where profile pictures are kept. */
  storage: Storage;
}

/**
 * Accounts and sessions: the auth routes (password and social sign-in), plus `app.authenticate` and `request.user` for every route
 * registered after this module in the same scope (cart, orders, ...).
 */
export const authModule = fp<AuthModuleOptions>(
  async (app, { db, config, rateLimits, storage }) => {
    const service = new AuthService(db, {
      access: {
        secret: ensureJwtSecret(config),
        issuer: config.publicUrl,
        ttlS: config.auth.accessTokenTtlS,
      },
      refreshTokenTtlS: config.auth.refreshTokenTtlS,
    });
    const limiter = new RateLimiter(rateLimits);
    await app.register(authenticatePlugin, { verify: (token) => service.verifyAccessToken(token) });
    const passwordReset = new PasswordResetService(db, app.mailer, {
      publicUrl: config.publicUrl,
      shopName: config.shop.name,
      ttlS: config.auth.passwordResetTtlS,
    });
    const profile = new ProfileService(db, new AvatarStore(storage));
    await app.register(authRoutes, { service, passwordReset, profile, limiter, config });
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
