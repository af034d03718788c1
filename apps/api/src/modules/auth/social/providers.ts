import { createHmac } from 'node:crypto';
import {
  createRemoteJWKSet,
  errors as joseErrors,
  importPKCS8,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWSAlgorithm,
  type JWTPayload,
} from 'jose';
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
/** OAuth error codes are short ASCII words; anything else from the far side is not repeated in our log. */
const OAUTH_ERROR_CODE = /^[a-z_]{1,64}$/i;

/** The asymmetric algorithms we accept on ID tokens: never `none`, never an HMAC keyed by a public value. */
const ASYMMETRIC_ALGORITHMS: readonly JWSAlgorithm[] = [
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

const postForm = (what: string, url: string, form: Record<string, string>) =>
  requestJson(what, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

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

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});

interface OidcMetadata {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
  algorithms: JWSAlgorithm[];
}

const DISCOVERY_TTL_MS = 24 * 60 * 60 * 1000;

const TokenResponseSchema = z.object({ id_token: z.string().min(1).max(16_384) });

/**
 * An OpenID Connect provider reached through its discovery document: authorization code flow with PKCE,
 * `state` and `nonce`, and an ID token checked against the provider's published keys.
 */
abstract class OidcProvider implements ProviderClient {
  abstract readonly name: SocialProvider;
  #metadata: { value: Promise<OidcMetadata>; at: number } | undefined;

  constructor(
    protected readonly issuer: string,
    protected readonly clientId: string,
  ) {}

  protected abstract readonly scope: string;
  protected abstract extraAuthorizationParams(): Record<string, string>;
  protected abstract clientSecret(): Promise<string>;
  /** Issuer values the provider may put in `iss` (Google also writes its issuer without the scheme). */
  protected acceptedIssuers(): string[] {
    return [this.issuer];
  }
  protected abstract profileFrom(claims: JWTPayload, redemption: CodeRedemption): ProviderProfile;

  /** The discovery document, fetched once a day; a failed fetch is retried on the next sign-in. */
  protected metadata(): Promise<OidcMetadata> {
    const now = Date.now();
    if (!this.#metadata || now - this.#metadata.at > DISCOVERY_TTL_MS) {
      const value = this.#discover();
      this.#metadata = { value, at: now };
      value.catch(() => {
        if (this.#metadata?.value === value) this.#metadata = undefined;
      });
    }
    return this.#metadata.value;
  }

  async #discover(): Promise<OidcMetadata> {
    const doc = parse(
      'discovery',
      DiscoverySchema,
      await requestJson('discovery', `${this.issuer}/.well-known/openid-configuration`),
    );
    // OpenID Connect Discovery 1.0, section 4.3: the document must name the issuer it was fetched for.
    if (doc.issuer.replace(/\/+$/, '') !== this.issuer) throw new ProviderError('discovery: issuer mismatch');
    const advertised = doc.id_token_signing_alg_values_supported ?? ['RS256'];
    const algorithms = ASYMMETRIC_ALGORITHMS.filter((alg) => advertised.includes(alg));
    if (algorithms.length === 0) throw new ProviderError('discovery: no acceptable ID token algorithm');
    return {
      authorizationEndpoint: doc.authorization_endpoint,
      tokenEndpoint: doc.token_endpoint,
      jwks: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: HTTP_TIMEOUT_MS }),
      algorithms,
    };
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const { authorizationEndpoint } = await this.metadata();
    const url = new URL(authorizationEndpoint);
    const params = {
      response_type: 'code',
      client_id: this.clientId,
      redirect_uri: request.redirectUri,
      scope: this.scope,
      state: request.state,
      nonce: request.nonce,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      ...this.extraAuthorizationParams(),
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  async profile(redemption: CodeRedemption): Promise<ProviderProfile> {
    const metadata = await this.metadata();
    const tokens = parse(
      'token',
      TokenResponseSchema,
      await postForm('token', metadata.tokenEndpoint, {
        grant_type: 'authorization_code',
        code: redemption.code,
        redirect_uri: redemption.redirectUri,
        client_id: this.clientId,
        client_secret: await this.clientSecret(),
        code_verifier: redemption.codeVerifier,
      }),
    );
    const claims = await this.#verifyIdToken(tokens.id_token, redemption.nonce, metadata);
    return this.profileFrom(claims, redemption);
  }

  async #verifyIdToken(idToken: string, nonce: string, metadata: OidcMetadata): Promise<JWTPayload> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, metadata.jwks, {
        issuer: this.acceptedIssuers(),
        audience: this.clientId,
        algorithms: metadata.algorithms,
        requiredClaims: ['sub', 'iat', 'exp'],
        maxTokenAge: '10 minutes',
        clockTolerance: 60,
      }));
    } catch (err) {
      // The error may carry the token's claims (e-mail, name): only its code and the claim name are logged.
      if (err instanceof joseErrors.JWTClaimValidationFailed) {
        throw new ProviderError(`id_token: ${err.code} (${err.claim})`);
      }
      if (err instanceof joseErrors.JOSEError) throw new ProviderError(`id_token: ${err.code}`);
      throw new ProviderError('id_token: not verifiable');
    }
    if (payload.nonce !== nonce) throw new ProviderError('id_token: nonce mismatch');
    // OpenID Connect Core 3.1.3.7: with several audiences, the token must have been issued to us.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== this.clientId) {
      throw new ProviderError('id_token: azp mismatch');
    }
    if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 255) {
      throw new ProviderError('id_token: unusable sub');
    }
    return payload;
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

  protected clientSecret() {
    return Promise.resolve(this.config.clientSecret);
  }

  protected override acceptedIssuers() {
    const bare = this.issuer.replace(/^https:\/\//, '');
    return bare === this.issuer ? [this.issuer] : [this.issuer, bare];
  }

  protected profileFrom(claims: JWTPayload): ProviderProfile {
    const email = normaliseEmail(claims.email);
    const fullName = [claims.given_name, claims.family_name].filter((p) => typeof p === 'string').join(' ');
    return {
      subject: claims.sub as string,
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

  /** Apple's client secret is a short-lived ES256 JWT signed with the team's key (.p8). */
  protected async clientSecret(): Promise<string> {
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

  protected profileFrom(claims: JWTPayload, redemption: CodeRedemption): ProviderProfile {
    const email = normaliseEmail(claims.email);
    return {
      subject: claims.sub as string,
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

const FacebookTokenSchema = z.object({ access_token: z.string().min(1).max(4096) });
const FacebookMeSchema = z.object({
  id: z.string().min(1).max(255),
  name: z.string().optional(),
  email: z.string().optional(),
});

/** Facebook Login: plain OAuth 2.0 (with PKCE), then the Graph API says who signed in. */
class FacebookProvider implements ProviderClient {
  readonly name = 'facebook' as const;

  constructor(private readonly config: FacebookConfig) {}

  authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const url = new URL(this.config.authUrl);
    const params = {
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: request.redirectUri,
      scope: 'email,public_profile',
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return Promise.resolve(url.toString());
  }

  async profile(redemption: CodeRedemption): Promise<ProviderProfile> {
    const { access_token: accessToken } = parse(
      'token',
      FacebookTokenSchema,
      await postForm('token', this.config.tokenUrl, {
        grant_type: 'authorization_code',
        code: redemption.code,
        redirect_uri: redemption.redirectUri,
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        code_verifier: redemption.codeVerifier,
      }),
    );
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
