import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './index.js';

describe('social sign-in configuration', () => {
  const appleKey = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;

  it('offers no provider by default', () => {
    expect(loadConfig({}).social).toEqual({ incomplete: [] });
  });

  it('turns a provider on when all its credentials are set, with the real endpoints by default', () => {
    const social = loadConfig({
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
      APPLE_CLIENT_ID: 'ae.shop.signin',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      // One line with \n escapes, as many secret stores keep it.
      APPLE_PRIVATE_KEY: appleKey.replaceAll('\n', '\\n'),
      FACEBOOK_CLIENT_ID: '1234',
      FACEBOOK_CLIENT_SECRET: 'fb-secret',
    }).social;
    expect(social.google).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(social.apple).toMatchObject({ issuer: 'https://appleid.apple.com', privateKey: appleKey.trim() });
    expect(social.facebook).toMatchObject({
      authUrl: expect.stringMatching(/^https:\/\/www\.facebook\.com\/v[\d.]+\/dialog\/oauth$/),
      tokenUrl: expect.stringMatching(/^https:\/\/graph\.facebook\.com\/v[\d.]+\/oauth\/access_token$/),
      graphUrl: expect.stringMatching(/^https:\/\/graph\.facebook\.com\/v[\d.]+$/),
    });
    expect(social.incomplete).toEqual([]);
  });

  it('keeps a half-configured provider off and names what is missing', () => {
    const social = loadConfig({ APPLE_CLIENT_ID: 'ae.shop.signin', FACEBOOK_CLIENT_SECRET: 'x' }).social;
    expect(social.apple).toBeUndefined();
    expect(social.facebook).toBeUndefined();
    expect(social.incomplete).toEqual([
      'APPLE_TEAM_ID',
      'APPLE_KEY_ID',
      'APPLE_PRIVATE_KEY',
      'FACEBOOK_CLIENT_ID',
    ]);
  });

  it('stops on a key that is not Apple’s, or an endpoint that is not a web address, without echoing it', () => {
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    for (const key of ['not a key', rsa]) {
      expect(() => loadConfig({ APPLE_PRIVATE_KEY: key })).toThrow(
        /^Invalid configuration: APPLE_PRIVATE_KEY: /,
      );
      expect(() => loadConfig({ APPLE_PRIVATE_KEY: key })).not.toThrow(/PRIVATE KEY-----|not a key/);
    }
    expect(() => loadConfig({ GOOGLE_ISSUER: 'accounts.google.com' })).toThrow(
      /^Invalid configuration: GOOGLE_ISSUER: /,
    );
    expect(() => loadConfig({ FACEBOOK_GRAPH_URL: 'ftp://graph' })).toThrow(
      /^Invalid configuration: FACEBOOK_GRAPH_URL: /,
    );
  });
});
