import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './error.js';

const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The secret that signs access tokens: JWT_SECRET when given, otherwise 48 random bytes generated on the first
 * start and kept in `{dataDir}/jwt-secret` (mode 0600), so restarts and instances sharing the data dir keep
 * accepting each other's tokens. Instances that do not share a data dir must be given one JWT_SECRET.
 * Kept apart from loadConfig so that reading the configuration has no side effect on the disk.
 */
export function ensureJwtSecret(config: {
  dataDir: string;
  auth: { jwtSecret?: string | undefined };
}): string {
  if (config.auth.jwtSecret) return config.auth.jwtSecret;
  const file = resolve(config.dataDir, JWT_SECRET_FILE);
  try {
    const kept = readKeptSecret(file);
    if (kept) return kept;
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    // Written whole under another name, then linked into place: a concurrent start either wins the link or
    // reads the winner's complete file, never a half-written one.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(temp, file);
      return secret;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const winner = readKeptSecret(file);
      if (!winner) throw new ConfigError(`Invalid configuration: JWT_SECRET: ${file} is not a usable secret`);
      return winner;
    } finally {
      unlinkSync(temp);
    }
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(
      `Invalid configuration: JWT_SECRET: unset, and ${file} could not be read or created (${(err as Error).message})`,
    );
  }
}

function readKeptSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  if (text.length < 32) {
    throw new ConfigError(`Invalid configuration: JWT_SECRET: ${file} holds fewer than 32 characters`);
  }
  // Tighten a file that was copied in with loose permissions.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return text;
}
