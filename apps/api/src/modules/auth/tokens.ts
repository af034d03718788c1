import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { USER_ROLES, type UserRole } from '@boutique/contracts';

/** Who a valid access token speaks for; `request.user` on authenticated routes. */
export interface AuthUser {
  id: number;
  role: UserRole;
}

export interface AccessTokenOptions {
  /** HMAC key (at least 32 characters, see env.ts). */
  secret: string;
  /** Both `iss` and `aud`: this shop's public address. */
  issuer: string;
  ttlS: number;
}

export interface AccessClaims {
  sub: string;
  role: UserRole;
  iat: number;
  exp: number;
  iss: string;
  aud: string;
}

/**
 * Access tokens are compact JWS with HS256, written here with node:crypto rather than a library: the one
 * algorithm is fixed on both sides, so a token naming any other (`none`, RS256 with the secret as a public
 * key, ...) is refused before its signature is even looked at.
 */
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const SEGMENT = /^[A-Za-z0-9_-]+$/;
/** Tokens we issue are about 250 characters; anything far longer is not ours and is not parsed. */
const MAX_TOKEN_LENGTH = 2048;

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

const nowS = () => Math.floor(Date.now() / 1000);

export function signAccessToken(user: AuthUser, options: AccessTokenOptions, now = nowS()): string {
  const claims: AccessClaims = {
    sub: String(user.id),
    role: user.role,
    iat: now,
    exp: now + options.ttlS,
    iss: options.issuer,
    aud: options.issuer,
  };
  const input = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${sign(input, options.secret).toString('base64url')}`;
}

function parseJson(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The user a token speaks for, or undefined when it is malformed, not HS256, not signed with our secret,
 * expired, or issued for another shop (iss/aud). Never throws on bad input.
 */
export function verifyAccessToken(
  token: string,
  options: Omit<AccessTokenOptions, 'ttlS'>,
  now = nowS(),
): AuthUser | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  if (![headerPart, payloadPart, signaturePart].every((p) => SEGMENT.test(p))) return undefined;

  const header = parseJson(headerPart);
  if (header?.alg !== 'HS256' || (header.typ !== undefined && header.typ !== 'JWT')) return undefined;
  if (header.crit !== undefined) return undefined;

  // Compared as text, so no second spelling of the same bytes (base64 padding bits) is accepted either.
  const expected = Buffer.from(sign(`${headerPart}.${payloadPart}`, options.secret).toString('base64url'));
  const given = Buffer.from(signaturePart);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;

  const claims = parseJson(payloadPart);
  if (!claims) return undefined;
  const { sub, role, exp, iat, iss, aud } = claims;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= now) return undefined;
  // Issued in the future (beyond a minute of clock skew between instances) is not a token we made.
  if (typeof iat !== 'number' || iat > now + 60) return undefined;
  if (iss !== options.issuer) return undefined;
  const audiences: unknown[] = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(options.issuer)) return undefined;
  if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return undefined;
  if (typeof role !== 'string' || !(USER_ROLES as readonly string[]).includes(role)) return undefined;
  const id = Number(sub);
  if (id > 2_147_483_647) return undefined;
  return { id, role: role as UserRole };
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

/** The token of an `Authorization: Bearer <token>` header, if that is what the header holds. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer[ \t]+([^\s]+)[ \t]*$/i);
  return match?.[1];
}
