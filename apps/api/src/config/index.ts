import { z } from 'zod';
import { AlertsEnv, alertsConfig, type AlertsConfig } from './alerts.js';
import { AuthEnv, authConfig, type AuthConfig } from './auth.js';
import { CatalogueImportEnv, catalogueImportConfig, type CatalogueImportConfig } from './catalogue-import.js';
import { DatabaseEnv, databaseConfig, type DatabaseConfig } from './database.js';
import { ConfigError } from './error.js';
import { LimitsEnv, limitsConfig, type LimitsConfig } from './limits.js';
import { MailEnv, mailConfig, type MailConfig } from './mail.js';
import {
  PaymentsEnv,
  checkGatewayChosen,
  checkStripeKeys,
  paymentsConfig,
  type PaymentsConfig,
} from './payments.js';
import { ProxyEnv, proxyConfig, type ProxyConfig } from './proxy.js';
import { ServerEnv, serverConfig, type ServerConfig } from './server.js';
import { ShopEnv, shopConfig, type ShopConfig } from './shop.js';
import { SocialEnv, socialConfig, type SocialConfig } from './social.js';
import { StockEnv, checkStockHolds, stockConfig, type StockConfig } from './stock.js';
import { StorageEnv, checkS3, storageConfig, type StorageConfig } from './storage.js';

export { ConfigError } from './error.js';
export { ensureJwtSecret } from './jwt-secret.js';
export type { AuthConfig } from './auth.js';
export type { RateLimitRule, RateLimits } from './limits.js';
export type { PaymentsConfig, StripeSettings } from './payments.js';
export type { AppleConfig, FacebookConfig, GoogleConfig, SocialConfig } from './social.js';
export type { StorageConfig } from './storage.js';

/**
 * Every variable the shop reads, each declared in the file of its concern in this folder; env.ts hands loadConfig
 * the process's environment, and nothing else reads it. Every value has a working default for the demo, and a bad one stops the start
 * with a line that names the variable.
 */
const EnvSchema = z
  .object({
    ...ServerEnv.shape,
    ...ProxyEnv.shape,
    ...DatabaseEnv.shape,
    ...AuthEnv.shape,
    ...LimitsEnv.shape,
    ...SocialEnv.shape,
    ...MailEnv.shape,
    ...ShopEnv.shape,
    ...PaymentsEnv.shape,
    ...StorageEnv.shape,
    ...StockEnv.shape,
    ...CatalogueImportEnv.shape,
    ...AlertsEnv.shape,
  })
  // The rules that tie several variables together, each reported on the variable to change.
  .superRefine(checkStripeKeys)
  .superRefine(checkGatewayChosen)
  .superRefine(checkStockHolds)
  .superRefine(checkS3);

export interface Config
  extends
    ServerConfig,
    ProxyConfig,
    DatabaseConfig,
    LimitsConfig,
    MailConfig,
    ShopConfig,
    StockConfig,
    CatalogueImportConfig,
    AlertsConfig {
  storage: StorageConfig;
  auth: AuthConfig;
  social: SocialConfig;
  payments: PaymentsConfig;
}

export function loadConfig(source: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${variable}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = parsed.data;
  const server = serverConfig(e);
  const shop = shopConfig(e);
  return {
    ...server,
    storage: storageConfig(e, server.dataDir),
    ...databaseConfig(e),
    ...limitsConfig(e),
    ...proxyConfig(e),
    ...mailConfig(e, shop.shop, server.dataDir),
    auth: authConfig(e),
    ...shop,
    social: socialConfig(e),
    payments: paymentsConfig(e),
    ...stockConfig(e),
    ...catalogueImportConfig(e),
    ...alertsConfig(e),
  };
}

/** Who the shop is in its e-mails: its name and address, where links go, the owner's language and time zone. */
export function shopIdentity(config: Config) {
  return {
    name: config.shop.name,
    email: config.shop.email,
    publicUrl: config.publicUrl,
    language: config.shopLanguage,
    timeZone: config.shop.timeZone,
  };
}
