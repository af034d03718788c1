import { createHmac } from 'node:crypto';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { SocialProvider } from '@boutique/contracts';
import type { AppleConfig, FacebookConfig, GoogleConfig, SocialConfig } from '../../../env.js';

/** What a provider vouches for once the code is redeemed and its answer checked. */
export interface ProviderProfile {
  /** The provider's stable id of the person (`sub`, or Facebook's app-scoped id). */
  subject: string;
  /** Lower-cased; undefined when not shared or not an e-mail address. */
  email: string | undefined;
  /** True only when the provider states that the person proved they own `email`. */
  emailVerified: boolean;
  name: string | undefined;
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeChallenge: string;
  /** The API's callback that the provider sends the browser back to (registered with the provider). */
  redirectUri: string;
}

export interface CodeRedemption {
  code: string;
  /** The state the provider sent back (already checked against the stored one). */
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  /** Apple's `user` form field (first sign-in only): the name, which Apple puts in no token. */
  appleUser?: string;
}

export interface ProviderClient {
  readonly name: SocialProvider;
  /** The provider's sign-in page for this attempt. */
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /** Redeems the code and checks what comes back; throws ProviderError when anything is off. */
  profile(redemption: CodeRedemption): Promise<ProviderProfile>;
}

/**
 * A failed exchange with a provider. The message goes to the log only, so it names what failed (an HTTP
 * status, an OAuth error code, a JWT claim) and never a token, a secret or a personal detail.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

const HTTP_TIMEOUT_MS = 10_000;
const HTTP_TIMEOUT_S = HTTP_TIMEOUT_MS / 1000;
/** OAuth error codes are short ASCII words; anything else from the far side is not repeated in our log. */
const OAUTH_ERROR_CODE = /^[a-z_]{1,64}$/i;

/** The asymmetric algorithms we accept on ID tokens: never `none`, never an HMAC keyed by a public value. */
const ASYMMETRIC_ALGORITHMS: readonly string[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

async function requestJson(what: string, url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      redirect: 'error',
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (err) {
    const name = err instanceof Error ? err.name : 'error';
    throw new ProviderError(`${what}: request failed (${name})`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ProviderError(`${what}: HTTP ${response.status} without a JSON body`);
  }
  if (!response.ok) {
    const code = (body as { error?: unknown } | null)?.error;
    const detail = typeof code === 'string' && OAUTH_ERROR_CODE.test(code) ? ` ${code}` : '';
    throw new ProviderError(`${what}: HTTP ${response.status}${detail}`);
  }
  return body;
}

function parse<T>(what: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ProviderError(`${what}: unexpected answer`);
  return parsed.data;
}

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

export function normaliseEmail(value: unknown): string | undefined {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A display name fit for the account: printable, one line, at most 100 characters (as registration allows). */
export function normaliseName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const cleaned = value
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const name = Array.from(cleaned).slice(0, 100).join('').trim();
  return name === '' ? undefined : name;
}

const DISCOVERY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The reason of an openid-client failure for the log: its class, its code and, from the provider's own error
 * answer, the OAuth error code. Never its message or cause, which may quote the token's claims.
 */
function failure(what: string, err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (!(err instanceof Error)) return new ProviderError(`${what}: failed`);
  const code = (err as { code?: unknown }).code;
  const oauthError = (err as { error?: unknown }).error;
  const parts = [
    err.name,
    typeof code === 'string' && /^[A-Z_]{1,64}$/.test(code) ? code : undefined,
    typeof oauthError === 'string' && OAUTH_ERROR_CODE.test(oauthError) ? oauthError : undefined,
  ].filter(Boolean);
  return new ProviderError(`${what}: ${parts.join(' ')}`);
}

/** Plain http is accepted only for a provider on this machine (the tests' fake); anything else must be https. */
const isLocalHttp = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(`${url}/`);

/**
 * An OpenID Connect provider through `openid-client`: discovery, the authorization code flow with PKCE,
 * `state` and `nonce`, and an ID token checked against the provider's published keys (signature with an
 * asymmetric algorithm the provider advertises, `iss`, `aud`, `azp`, `exp`, `iat`, `nonce`).
 */
abstract class OidcProvider implements ProviderClient {
  abstract readonly name: SocialProvider;
  #configuration: { value: Promise<oidc.Configuration>; at: number } | undefined;

  constructor(
    protected readonly issuer: string,
    protected readonly clientId: string,
  ) {}

  protected abstract readonly scope: string;
  protected abstract extraAuthorizationParams(): Record<string, string>;
  /** How the client proves itself at the token endpoint. */
  protected abstract clientAuthentication(): oidc.ClientAuth;
  protected abstract profileFrom(claims: oidc.IDToken, redemption: CodeRedemption): ProviderProfile;

  /** The discovered configuration, fetched once a day; a failed fetch is retried on the next sign-in. */
  protected configuration(): Promise<oidc.Configuration> {
    const now = Date.now();
    if (!this.#configuration || now - this.#configuration.at > DISCOVERY_TTL_MS) {
      const value = this.#discover();
      this.#configuration = { value, at: now };
      value.catch(() => {
        if (this.#configuration?.value === value) this.#configuration = undefined;
      });
    }
    return this.#configuration.value;
  }

  async #discover(): Promise<oidc.Configuration> {
    const insecure = isLocalHttp(this.issuer);
    let discovered: oidc.Configuration;
    try {
      discovered = await oidc.discovery(new URL(this.issuer), this.clientId, undefined, undefined, {
        timeout: HTTP_TIMEOUT_S,
        ...(insecure && { execute: [oidc.allowInsecureRequests] }),
      });
    } catch (err) {
      throw failure('discovery', err);
    }
    const metadata = discovered.serverMetadata();
    const advertised = metadata.id_token_signing_alg_values_supported ?? ['RS256'];
    const algorithms = ASYMMETRIC_ALGORITHMS.filter((alg) => advertised.includes(alg));
    if (algorithms.length === 0) throw new ProviderError('discovery: no acceptable ID token algorithm');
    // Only the asymmetric algorithms the provider advertises: never `none`, never an HMAC keyed by a public value.
    const configuration = new oidc.Configuration(
      metadata,
      this.clientId,
      { id_token_signed_response_alg: algorithms as unknown as string },
      this.clientAuthentication(),
    );
    configuration.timeout = HTTP_TIMEOUT_S;
    if (insecure) oidc.allowInsecureRequests(configuration);
    // OpenID Connect lets a client skip the signature of an ID token fetched over TLS; we check it anyway,
    // against the provider's published keys.
    oidc.enableNonRepudiationChecks(configuration);
    return configuration;
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const url = oidc.buildAuthorizationUrl(await this.configuration(), {
      redirect_uri: request.redirectUri,
      scope: this.scope,
      state: request.state,
      nonce: request.nonce,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      ...this.extraAuthorizationParams(),
    });
    return url.toString();
  }

  async profile(redemption: CodeRedemption): Promise<ProviderProfile> {
    const configuration = await this.configuration();
    const callback = new URL(redemption.redirectUri);
    callback.searchParams.set('code', redemption.code);
    callback.searchParams.set('state', redemption.state);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: redemption.codeVerifier,
        expectedState: redemption.state,
        expectedNonce: redemption.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (err) {
      throw failure('token', err);
    }
    if (!claims) throw new ProviderError('token: no id_token');
    if (claims.sub === '' || claims.sub.length > 255) throw new ProviderError('id_token: unusable sub');
    return this.profileFrom(claims, redemption);
  }
}

/** `true` or `"true"`: Apple has sent both spellings. */
const isTrue = (value: unknown) => value === true || value === 'true';

class GoogleProvider extends OidcProvider {
  readonly name = 'google' as const;
  protected readonly scope = 'openid email profile';

  constructor(private readonly config: GoogleConfig) {
    super(config.issuer, config.clientId);
  }

  protected extraAuthorizationParams() {
    // Shoppers often have a personal and a work account: let them pick rather than silently use one.
    return { prompt: 'select_account' };
  }

  protected clientAuthentication() {
    return oidc.ClientSecretPost(this.config.clientSecret);
  }

  protected profileFrom(claims: oidc.IDToken): ProviderProfile {
    const email = normaliseEmail(claims.email);
    const fullName = [claims.given_name, claims.family_name].filter((p) => typeof p === 'string').join(' ');
    return {
      subject: claims.sub,
      email,
      emailVerified: email !== undefined && isTrue(claims.email_verified),
      name: normaliseName(claims.name) ?? normaliseName(fullName),
    };
  }
}

const AppleUserSchema = z.object({
  name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
});

class AppleProvider extends OidcProvider {
  readonly name = 'apple' as const;
  // Asking for the name or e-mail obliges Apple to answer with a form POST (response_mode=form_post).
  protected readonly scope = 'name email';
  #signingKey: Promise<CryptoKey> | undefined;

  constructor(private readonly config: AppleConfig) {
    super(config.issuer, config.clientId);
  }

  protected extraAuthorizationParams() {
    return { response_mode: 'form_post' };
  }

  /** Apple's client secret is a short-lived ES256 JWT signed with the team's key (.p8), made for each call. */
  protected clientAuthentication(): oidc.ClientAuth {
    // oauth4webapi awaits the client authentication before it sends the token request (authenticatedRequest).
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    return async (_server, _client, body) => {
      body.set('client_id', this.config.clientId);
      body.set('client_secret', await this.#clientSecret());
    };
  }

  async #clientSecret(): Promise<string> {
    this.#signingKey ??= importPKCS8(this.config.privateKey, 'ES256');
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.config.keyId })
      .setIssuer(this.config.teamId)
      .setSubject(this.config.clientId)
      .setAudience(this.issuer)
      .setIssuedAt()
      .setExpirationTime('5 minutes')
      .sign(await this.#signingKey);
  }

  protected profileFrom(claims: oidc.IDToken, redemption: CodeRedemption): ProviderProfile {
    const email = normaliseEmail(claims.email);
    return {
      subject: claims.sub,
      email,
      emailVerified: email !== undefined && isTrue(claims.email_verified),
      name: appleName(redemption.appleUser),
    };
  }
}

/** The name from Apple's `user` form field: not signed, so used only as the new account's display name. */
function appleName(field: string | undefined): string | undefined {
  if (!field) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(field);
  } catch {
    return undefined;
  }
  const parsed = AppleUserSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { firstName, lastName } = parsed.data.name ?? {};
  return normaliseName([firstName, lastName].filter(Boolean).join(' '));
}

const FacebookMeSchema = z.object({
  id: z.string().min(1).max(255),
  name: z.string().optional(),
  email: z.string().optional(),
});

/** Facebook Login: plain OAuth 2.0 with PKCE through `openid-client`, then the Graph API says who signed in. */
class FacebookProvider implements ProviderClient {
  readonly name = 'facebook' as const;
  readonly #configuration: oidc.Configuration;

  constructor(private readonly config: FacebookConfig) {
    this.#configuration = new oidc.Configuration(
      {
        issuer: new URL(config.authUrl).origin,
        authorization_endpoint: config.authUrl,
        token_endpoint: config.tokenUrl,
      },
      config.clientId,
      undefined,
      oidc.ClientSecretPost(config.clientSecret),
    );
    this.#configuration.timeout = HTTP_TIMEOUT_S;
    if (isLocalHttp(config.tokenUrl)) oidc.allowInsecureRequests(this.#configuration);
  }

  authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const url = oidc.buildAuthorizationUrl(this.#configuration, {
      redirect_uri: request.redirectUri,
      scope: 'email,public_profile',
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
    });
    return Promise.resolve(url.toString());
  }

  async profile(redemption: CodeRedemption): Promise<ProviderProfile> {
    const callback = new URL(redemption.redirectUri);
    callback.searchParams.set('code', redemption.code);
    callback.searchParams.set('state', redemption.state);
    let accessToken: string;
    try {
      ({ access_token: accessToken } = await oidc.authorizationCodeGrant(this.#configuration, callback, {
        pkceCodeVerifier: redemption.codeVerifier,
        expectedState: redemption.state,
      }));
    } catch (err) {
      throw failure('token', err);
    }
    const me = new URL(`${this.config.graphUrl}/me`);
    me.searchParams.set('fields', 'id,name,email');
    me.searchParams.set('access_token', accessToken);
    // Proves the call comes from the app's server, not from someone holding a leaked user token.
    me.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', this.config.clientSecret).update(accessToken).digest('hex'),
    );
    const person = parse('me', FacebookMeSchema, await requestJson('me', me.toString()));
    return {
      subject: person.id,
      email: normaliseEmail(person.email),
      // Facebook makes no statement that the person proved they own the address, so it never links accounts.
      emailVerified: false,
      name: normaliseName(person.name),
    };
  }
}

/** The clients of the providers whose credentials are configured. */
export function providerClients(config: SocialConfig): Map<SocialProvider, ProviderClient> {
  const clients = new Map<SocialProvider, ProviderClient>();
  if (config.google) clients.set('google', new GoogleProvider(config.google));
  if (config.apple) clients.set('apple', new AppleProvider(config.apple));
  if (config.facebook) clients.set('facebook', new FacebookProvider(config.facebook));
  return clients;
}
