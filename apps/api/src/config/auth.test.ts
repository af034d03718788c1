import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, ensureJwtSecret, loadConfig } from './index.js';

describe('auth configuration', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'boutique-env-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('has 15-minute access tokens, 30-day refresh tokens and the default limits', () => {
    expect(loadConfig({}).auth).toEqual({
      jwtSecret: undefined,
      accessTokenTtlS: 900,
      refreshTokenTtlS: 2_592_000,
      rateLimits: {
        loginPerEmail: { max: 10, windowS: 900 },
        loginPerIp: { max: 100, windowS: 900 },
        registerPerIp: { max: 5, windowS: 3600 },
        forgotPerEmail: { max: 3, windowS: 3600 },
        forgotPerIp: { max: 20, windowS: 3600 },
        resetPerIp: { max: 20, windowS: 3600 },
        contactPerIp: { max: 5, windowS: 3600 },
        replyPerAdmin: { max: 60, windowS: 3600 },
        avatarPerUser: { max: 10, windowS: 3600 },
        secondFactorPerUser: { max: 5, windowS: 900 },
        verificationPerUser: { max: 3, windowS: 3600 },
        discountPerUser: { max: 10, windowS: 900 },
        discountPerIp: { max: 100, windowS: 900 },
      },
      loginSlowdownAfter: 5,
      emailVerificationTtlS: 86_400,
      freshSignInS: 600,
      adminEmails: [],
      passwordResetTtlS: 3600,
      staffInviteHours: 72,
    });
  });

  it('reads ADMIN_EMAILS as a list of lower-cased addresses and refuses anything else', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Owner@DarLalla.ae, second@example.ae ,' }).auth.adminEmails).toEqual([
      'owner@darlalla.ae',
      'second@example.ae',
    ]);
    expect(() => loadConfig({ ADMIN_EMAILS: 'owner@darlalla.ae, not-an-address' })).toThrow(
      'Invalid configuration: ADMIN_EMAILS: not-an-address is not an e-mail address',
    );
  });

  it('uses JWT_SECRET when given and writes nothing', () => {
    const dir = dataDir();
    const secret = 's'.repeat(32);
    expect(ensureJwtSecret(loadConfig({ JWT_SECRET: secret, DATA_DIR: dir }))).toBe(secret);
    expect(() => statSync(join(dir, 'jwt-secret'))).toThrow();
  });

  it('otherwise generates a secret once, keeps it private under the data dir and reads it back', () => {
    const dir = join(dataDir(), 'not-yet-created');
    const config = loadConfig({ DATA_DIR: dir });
    const secret = ensureJwtSecret(config);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(48);
    const file = join(dir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(ensureJwtSecret(loadConfig({ DATA_DIR: dir }))).toBe(secret);
  });

  it('refuses a kept secret that is too short', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'jwt-secret'), 'short\n');
    expect(() => ensureJwtSecret(loadConfig({ DATA_DIR: dir }))).toThrow(ConfigError);
  });
});
