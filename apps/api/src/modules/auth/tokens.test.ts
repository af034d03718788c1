import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  hashRefreshToken,
  looksLikeRefreshToken,
  newRefreshToken,
  signAccessToken,
  verifyAccessToken,
} from './tokens.js';

const options = { secret: 'a-test-secret-of-at-least-32-characters!', issuer: 'https://shop.ae', ttlS: 900 };
const sid = '0b7e6f4c-2a51-4c1e-9a59-6f3d2b1c8e77';
const user = { id: 42, role: 'customer' as const, sessionId: sid };
const now = 1_750_000_000;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (segment: string) => JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));

/** A token with any header and claims, signed like ours (or with another secret). */
function forge(header: object, claims: object, secret = options.secret) {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const validClaims = {
  role: 'customer',
  sid,
  sub: '42',
  iat: now,
  exp: now + 900,
  iss: options.issuer,
  aud: options.issuer,
};

describe('access tokens', () => {
  it('signs an HS256 JWT with the user, its sign-in, lifetime, issuer and audience', async () => {
    const token = await signAccessToken(user, options, now);
    const [header, payload] = token.split('.') as [string, string, string];
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decode(payload)).toEqual(validClaims);
    expect(await verifyAccessToken(token, options, now + 1)).toEqual(user);
  });

  it('refuses a token once it has expired, to the second', async () => {
    const token = await signAccessToken(user, options, now);
    expect(await verifyAccessToken(token, options, now + 899)).toEqual(user);
    expect(await verifyAccessToken(token, options, now + 900)).toBeUndefined();
  });

  it('refuses a token signed with another secret or changed after signing', async () => {
    expect(
      await verifyAccessToken(forge({ alg: 'HS256' }, validClaims, 'x'.repeat(40)), options, now),
    ).toBeUndefined();
    const [h, , s] = (await signAccessToken(user, options, now)).split('.');
    const promoted = `${h}.${b64({ ...validClaims, role: 'admin' })}.${s}`;
    expect(await verifyAccessToken(promoted, options, now)).toBeUndefined();
    const otherUser = `${h}.${b64({ ...validClaims, sub: '1' })}.${s}`;
    expect(await verifyAccessToken(otherUser, options, now)).toBeUndefined();
    const otherSession = `${h}.${b64({ ...validClaims, sid: '1b7e6f4c-2a51-4c1e-9a59-6f3d2b1c8e77' })}.${s}`;
    expect(await verifyAccessToken(otherSession, options, now)).toBeUndefined();
  });

  it('refuses every algorithm but HS256, `none` above all', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(validClaims)}.`;
    expect(await verifyAccessToken(unsigned, options, now)).toBeUndefined();
    expect(await verifyAccessToken(`${unsigned}x`, options, now)).toBeUndefined();
    for (const alg of ['none', 'None', 'HS384', 'HS512', 'RS256', 'ES256', undefined]) {
      expect(
        await verifyAccessToken(forge({ alg, typ: 'JWT' }, validClaims), options, now),
        String(alg),
      ).toBe(undefined);
    }
    // A header that demands extensions we do not understand is refused too.
    expect(
      await verifyAccessToken(forge({ alg: 'HS256', typ: 'JWT', crit: ['b64'] }, validClaims), options, now),
    ).toBe(undefined);
  });

  it('checks issuer and audience against this shop', async () => {
    const jwt = { alg: 'HS256', typ: 'JWT' };
    const elsewhere = { ...options, issuer: 'https://other.example' };
    expect(
      await verifyAccessToken(await signAccessToken(user, elsewhere, now), options, now),
    ).toBeUndefined();
    expect(await verifyAccessToken(forge(jwt, { ...validClaims, aud: 'x' }), options, now)).toBe(undefined);
    expect(
      await verifyAccessToken(forge(jwt, { ...validClaims, aud: ['x', options.issuer] }), options, now),
    ).toEqual(user);
    const { iss: _iss, ...withoutIssuer } = validClaims;
    expect(await verifyAccessToken(forge(jwt, withoutIssuer), options, now)).toBeUndefined();
  });

  it('requires well-formed claims: exp, iat, a numeric subject, a known role and a sign-in id', async () => {
    const cases: object[] = [
      { ...validClaims, exp: undefined },
      { ...validClaims, exp: String(now + 900) },
      { ...validClaims, iat: undefined },
      { ...validClaims, iat: now + 3600 },
      { ...validClaims, sub: 42 },
      { ...validClaims, sub: '0' },
      { ...validClaims, sub: '42abc' },
      { ...validClaims, sub: '99999999999' },
      { ...validClaims, role: 'superuser' },
      { ...validClaims, sid: undefined },
      { ...validClaims, sid: 'not-a-uuid' },
    ];
    const jwt = { alg: 'HS256', typ: 'JWT' };
    for (const claims of cases) {
      expect(await verifyAccessToken(forge(jwt, claims), options, now), JSON.stringify(claims)).toBe(
        undefined,
      );
    }
    expect(await verifyAccessToken(forge(jwt, validClaims), options, now)).toEqual(user);
  });

  it('never throws on garbage', async () => {
    const signature = (await signAccessToken(user, options, now)).split('.')[2];
    for (const garbage of [
      '',
      '.',
      '..',
      'a.b',
      'a.b.c.d',
      '!!!.@@@.###',
      `${b64('a string')}.${b64(validClaims)}.${signature}`,
      `${b64(null)}.${b64(validClaims)}.${signature}`,
      `e30.bm90IGpzb24.${signature}`,
      'x'.repeat(100_000),
    ]) {
      expect(await verifyAccessToken(garbage, options, now)).toBeUndefined();
    }
  });
});

describe('refresh tokens', () => {
  it('are 32 random bytes in base64url, never twice the same', async () => {
    const a = newRefreshToken();
    const b = newRefreshToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(looksLikeRefreshToken(a)).toBe(true);
    expect(looksLikeRefreshToken(await signAccessToken(user, options, now))).toBe(false);
    expect(looksLikeRefreshToken(undefined)).toBe(false);
  });

  it('are stored as their sha256, hex', () => {
    const token = newRefreshToken();
    expect(hashRefreshToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(token)).toBe(hashRefreshToken(token));
    expect(hashRefreshToken(token)).not.toBe(hashRefreshToken(newRefreshToken()));
  });
});

describe('bearerToken', () => {
  it('reads the token of an Authorization header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc ')).toBe('abc');
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
