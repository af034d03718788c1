import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { httpUrl, optionalString } from './fields.js';

/**
 * Apple's .p8 key: a PKCS#8 PEM of a P-256 key. One-line forms (`\n` escapes, as many secret stores and .env
 * files hold it) are accepted; anything that is not such a key stops the start here rather than at sign-in.
 */
const applePrivateKey = optionalString.pipe(
  z
    .string()
    .transform((value, ctx) => {
      const pem = value.replaceAll('\\n', '\n').trim();
      try {
        const key = createPrivateKey({ key: pem, format: 'pem' });
        if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1')
          return pem;
      } catch {
        // Reported below, without echoing any part of the key.
      }
      ctx.addIssue({
        code: 'custom',
        message: 'must be the PEM of a P-256 private key (the .p8 file from Apple)',
      });
      return z.NEVER;
    })
    .optional(),
);

/** Social sign-in: a provider is offered only when every one of its credentials is set. */
export const SocialEnv = z.object({
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** OpenID Connect issuer; its /.well-known/openid-configuration names the endpoints. */
  GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
  /** The Services ID of "Sign in with Apple" for the web. */
  APPLE_CLIENT_ID: optionalString,
  APPLE_TEAM_ID: optionalString,
  APPLE_KEY_ID: optionalString,
  APPLE_PRIVATE_KEY: applePrivateKey,
  APPLE_ISSUER: httpUrl.default('https://appleid.apple.com'),
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  FACEBOOK_AUTH_URL: httpUrl.default('https://www.facebook.com/v23.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: httpUrl.default('https://graph.facebook.com/v23.0/oauth/access_token'),
  FACEBOOK_GRAPH_URL: httpUrl.default('https://graph.facebook.com/v23.0'),
});
export type SocialEnv = z.infer<typeof SocialEnv>;

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export interface AppleConfig {
  /** The Services ID. */
  clientId: string;
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM of the P-256 key that signs the client-secret JWT. */
  privateKey: string;
  issuer: string;
}

export interface FacebookConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  graphUrl: string;
}

/** The providers whose credentials are all set; the others are absent. */
export interface SocialConfig {
  google?: GoogleConfig;
  apple?: AppleConfig;
  facebook?: FacebookConfig;
  /** Credentials of providers that are set only in part (worth a warning: the provider stays off). */
  incomplete: string[];
}

/**
 * A provider's credentials, keyed by variable name, when all are set; undefined when none or only some are
 * (the missing ones of a half-configured provider go to `incomplete`).
 */
function allOrNone<T extends Record<string, string | undefined>>(
  values: T,
  incomplete: string[],
): { [K in keyof T]: string } | undefined {
  const missing = Object.keys(values).filter((name) => values[name] === undefined);
  if (missing.length === 0) return values as { [K in keyof T]: string };
  if (missing.length < Object.keys(values).length) incomplete.push(...missing);
  return undefined;
}

export function socialConfig(e: SocialEnv): SocialConfig {
  const incomplete: string[] = [];
  const google = allOrNone(
    { GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: e.GOOGLE_CLIENT_SECRET },
    incomplete,
  );
  const apple = allOrNone(
    {
      APPLE_CLIENT_ID: e.APPLE_CLIENT_ID,
      APPLE_TEAM_ID: e.APPLE_TEAM_ID,
      APPLE_KEY_ID: e.APPLE_KEY_ID,
      APPLE_PRIVATE_KEY: e.APPLE_PRIVATE_KEY,
    },
    incomplete,
  );
  const facebook = allOrNone(
    { FACEBOOK_CLIENT_ID: e.FACEBOOK_CLIENT_ID, FACEBOOK_CLIENT_SECRET: e.FACEBOOK_CLIENT_SECRET },
    incomplete,
  );
  return {
    ...(google && {
      google: {
        clientId: google.GOOGLE_CLIENT_ID,
        clientSecret: google.GOOGLE_CLIENT_SECRET,
        issuer: e.GOOGLE_ISSUER,
      },
    }),
    ...(apple && {
      apple: {
        clientId: apple.APPLE_CLIENT_ID,
        teamId: apple.APPLE_TEAM_ID,
        keyId: apple.APPLE_KEY_ID,
        privateKey: apple.APPLE_PRIVATE_KEY,
        issuer: e.APPLE_ISSUER,
      },
    }),
    ...(facebook && {
      facebook: {
        clientId: facebook.FACEBOOK_CLIENT_ID,
        clientSecret: facebook.FACEBOOK_CLIENT_SECRET,
        authUrl: e.FACEBOOK_AUTH_URL,
        tokenUrl: e.FACEBOOK_TOKEN_URL,
        graphUrl: e.FACEBOOK_GRAPH_URL,
      },
    }),
    incomplete,
  };
}
