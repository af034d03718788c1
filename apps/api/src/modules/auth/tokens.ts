import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { USER_ROLES, type UserRole } from '@boutique/contracts';
import type { AuthUser } from '../../plugins/auth.js';

export { bearerToken, type AuthUser } from '../../plugins/auth.js';

export interface AccessTokenOptions {
  /** HMAC key (at least 32 characters, see env.ts). */
  secret: string;
  /** Both `iss` and `aud`: this shop's public address. */
  issuer: string;
  ttlS: number;
}

/** Tokens we issue are about 300 characters; anything far longer is not ours and is not parsed. */
const MAX_TOKEN_LENGTH = 2048;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const keys = new Map<string, Uint8Array>();
const keyOf = (secret: string) => {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = new TextEncoder().encode(secret)));
  return key;
};

const nowS = () => Math.floor(Date.now() / 1000);

/**
 * Access tokens are JWTs signed with HS256 through `jose`: `sub`, `role`, `sid` (the sign-in), `iat`, `exp`,
 * and this shop as `iss` and `aud`.
 */
export function signAccessToken(user: AuthUser, options: AccessTokenOptions, now = nowS()): Promise<string> {
  return new SignJWT({ role: user.role, sid: user.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(now + options.ttlS)
    .setIssuer(options.issuer)
    .setAudience(options.issuer)
    .sign(keyOf(options.secret));
}

/**
 * The user a token speaks for, or undefined when it is malformed, not HS256 (`none` above all), not signed
 * with our secret, expired, issued in the future, or issued for another shop (iss/aud). Never throws.
 */
export async function verifyAccessToken(
  token: string,
  options: Omit<AccessTokenOptions, 'ttlS'>,
  now = nowS(),
): Promise<AuthUser | undefined> {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keyOf(options.secret), {
      algorithms: ['HS256'],
      issuer: options.issuer,
      audience: options.issuer,
      typ: 'JWT',
      requiredClaims: ['sub', 'iat', 'exp'],
      currentDate: new Date(now * 1000),
      // Issued in the future (beyond a minute of clock skew between instances) is not a token we made.
      maxTokenAge: undefined,
    }));
  } catch {
    return undefined;
  }
  const { sub, role, sid, iat, exp } = payload;
  if (typeof exp !== 'number' || exp <= now) return undefined;
  if (typeof iat !== 'number' || iat > now + 60) return undefined;
  if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return undefined;
  if (typeof role !== 'string' || !(USER_ROLES as readonly string[]).includes(role)) return undefined;
  if (typeof sid !== 'string' || !UUID.test(sid)) return undefined;
  const id = Number(sub);
  if (id > 2_147_483_647) return undefined;
  return { id, role: role as UserRole, sessionId: sid };
}

/** 32 random bytes, base64url: 43 characters, no dots, so it can never be mistaken for a JWT. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of the refresh token itself. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const REFRESH_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function looksLikeRefreshToken(value: string | undefined): value is string {
  return value !== undefined && REFRESH_TOKEN.test(value);
}
