/**
 * A stand-in for Google, Apple and Facebook sign-in, for the API tests and the browser tests. It speaks the
 * parts of their protocols the shop uses, and checks what a real provider checks: the client's id and secret
 * (Apple: the ES256 client-secret JWT), the redirect URI, single-use codes and the PKCE verifier. Its ID
 * tokens are signed with its own keys (RS256 as Google, ES256 for the Apple stand-in), published as JWKS.
 *
 * Imports nothing from the API (only node and jose): the browser tests run it as a process of its own
 * (`run-fake-oauth.ts`) and steer it over HTTP:
 *   POST /__control/user   {"provider"?, "sub", "email"?, "email_verified"?, "name"?}  who signs in next
 *   POST /__control/next   {"provider"?, "error"?: "access_denied", "idToken"?: {...}}  one-shot twist
 *   POST /__control/reset  back to the default user, no twist
 *   GET  /__control/env    the API's environment variables for this provider (JSON)
 *   GET  /__control/health 200 once listening
 * Test only: it keeps everything in memory and would sign in anyone.
 */
import {
  createHash,
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importSPKI, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';

export type FakeProviderName = 'google' | 'apple' | 'facebook';
export const FAKE_PROVIDERS: readonly FakeProviderName[] = ['google', 'apple', 'facebook'];

/** The person signing in at the provider. */
export interface FakeUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** Ways to spoil the next ID token, to see the API refuse it. */
export interface IdTokenTampering {
  /** Signed with a key that is not in the JWKS (under the published key's kid). */
  foreignKey?: boolean;
  aud?: string;
  iss?: string;
  nonce?: string;
  /** Seconds from now until `exp`; negative for a token that has already expired. */
  expiresInS?: number;
}

/** A one-shot twist for the next sign-in at a provider. */
export interface NextAnswer {
  /** The authorize endpoint answers with this OAuth error (e.g. access_denied) instead of a code. */
  error?: string;
  idToken?: IdTokenTampering;
}

/** What the API sent to the token endpoint, for tests to look at. */
export interface TokenRequestRecord {
  provider: FakeProviderName;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  codeVerifier: string;
}

export interface FakeOAuthOptions {
  port?: number;
  host?: string;
  /** PEM (PKCS#8) of the Apple developer key the API signs its client secret with; generated when absent. */
  applePrivateKey?: string;
}

export interface FakeOAuthProvider {
  /** e.g. http://127.0.0.1:4010 */
  url: string;
  issuers: { google: string; apple: string };
  /** The environment variables that point the API at this provider, credentials included. */
  apiEnv: Record<string, string>;
  setUser(user: FakeUser, provider?: FakeProviderName): void;
  setNext(next: NextAnswer, provider?: FakeProviderName): void;
  reset(): void;
  readonly tokenRequests: TokenRequestRecord[];
  close(): Promise<void>;
}

const CLIENTS = {
  google: { id: 'fake-google-client.apps.example', secret: 'fake-google-secret' },
  apple: { id: 'ae.darlalla.fake.signin', teamId: 'FAKETEAM01', keyId: 'FAKEKEY001' },
  facebook: { id: '100000000000001', secret: 'fake-facebook-secret' },
} as const;

const DEFAULT_USERS: Record<FakeProviderName, FakeUser> = {
  google: {
    sub: 'google-1001',
    email: 'amina.benali@example.com',
    email_verified: true,
    name: 'Amina Benali',
  },
  apple: {
    sub: 'apple-001.abc.2002',
    email: 'amina.benali@example.com',
    email_verified: true,
    name: 'Amina Benali',
  },
  facebook: { sub: '3003', email: 'amina.benali@example.com', name: 'Amina Benali' },
};

const CODE_TTL_MS = 60_000;

interface IssuedCode {
  provider: FakeProviderName;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  user: FakeUser;
  tampering: IdTokenTampering | undefined;
  expiresAt: number;
  used: boolean;
}

interface SigningKey {
  alg: 'RS256' | 'ES256';
  kid: string;
  privateKey: CryptoKey;
  foreignKey: CryptoKey;
  jwk: JWK;
}

class BadRequest extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super('bad request');
  }
}

const random = (bytes = 24) => randomBytes(bytes).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');
const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function signingKey(alg: 'RS256' | 'ES256'): Promise<SigningKey> {
  const own = await generateKeyPair(alg);
  const foreign = await generateKeyPair(alg);
  const kid = `fake-${alg.toLowerCase()}-${random(6)}`;
  const jwk = { ...(await exportJWK(own.publicKey)), kid, alg, use: 'sig' };
  return { alg, kid, privateKey: own.privateKey, foreignKey: foreign.privateKey, jwk };
}

async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BadRequest(413, { error: 'too_large' });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseControlBody(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : {};
  } catch {
    throw new BadRequest(400, { error: 'invalid JSON' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequest(400, { error: 'expected a JSON object' });
  }
  return value as Record<string, unknown>;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function startFakeOAuthProvider(options: FakeOAuthOptions = {}): Promise<FakeOAuthProvider> {
  const host = options.host ?? '127.0.0.1';
  const keys = { google: await signingKey('RS256'), apple: await signingKey('ES256') };

  const applePrivateKey =
    options.applePrivateKey?.replaceAll('\\n', '\n') ??
    generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
  // The public half, to check the client-secret JWTs the API signs with the private one.
  const appleClientKey = await importSPKI(
    createPublicKey(applePrivateKey).export({ type: 'spki', format: 'pem' }).toString(),
    'ES256',
  );

  let users = { ...DEFAULT_USERS };
  let next: Partial<Record<FakeProviderName, NextAnswer>> = {};
  const appleUserSent = new Set<string>();
  const codes = new Map<string, IssuedCode>();
  const facebookTokens = new Map<string, FakeUser>();
  const tokenRequests: TokenRequestRecord[] = [];
  let base = '';

  const issuer = (p: FakeProviderName) => `${base}/${p}`;

  const takeNext = (p: FakeProviderName) => {
    const answer = next[p];
    delete next[p];
    return answer;
  };

  const providersOf = (value: unknown): FakeProviderName[] => {
    if (value === undefined) return [...FAKE_PROVIDERS];
    if (typeof value === 'string' && (FAKE_PROVIDERS as readonly string[]).includes(value)) {
      return [value as FakeProviderName];
    }
    throw new BadRequest(400, { error: 'unknown provider' });
  };

  const api = {
    setUser(user: FakeUser, provider?: FakeProviderName) {
      for (const p of providersOf(provider)) users[p] = { ...user };
    },
    setNext(answer: NextAnswer, provider?: FakeProviderName) {
      for (const p of providersOf(provider)) next[p] = answer;
    },
    reset() {
      users = { ...DEFAULT_USERS };
      next = {};
    },
  };

  // ------------------------------------------------------------------ authorize

  function authorize(p: FakeProviderName, query: URLSearchParams, res: ServerResponse) {
    const clientId = query.get('client_id');
    const redirectUri = query.get('redirect_uri');
    // Like the real ones: an unknown client or a missing return address gets an error page, not a redirect.
    if (clientId !== CLIENTS[p].id) throw new BadRequest(400, { error: 'invalid_client' });
    if (!redirectUri || !/^https?:\/\//.test(redirectUri))
      throw new BadRequest(400, { error: 'invalid_redirect_uri' });

    const state = query.get('state') ?? undefined;
    const formPost = p === 'apple';
    const answer = (params: Record<string, string | undefined>) => {
      const fields = Object.entries({ ...params, state }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      );
      if (formPost) {
        // Apple's response_mode=form_post: a page that posts the answer back to the client.
        const inputs = fields
          .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
          .join('');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(
          `<!doctype html><html><head><title>Fake Apple</title></head><body>` +
            `<form method="post" action="${escapeHtml(redirectUri)}">${inputs}` +
            `<button type="submit">Continue</button></form>` +
            `<script>document.forms[0].submit()</script></body></html>`,
        );
        return;
      }
      const target = new URL(redirectUri);
      for (const [k, v] of fields) target.searchParams.set(k, v);
      res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' });
      res.end();
    };

    const twist = takeNext(p);
    if (twist?.error) return answer({ error: twist.error });
    if (query.get('response_type') !== 'code') return answer({ error: 'unsupported_response_type' });
    const challenge = query.get('code_challenge');
    if (!challenge || query.get('code_challenge_method') !== 'S256')
      return answer({ error: 'invalid_request' });
    if (p === 'apple' && query.get('response_mode') !== 'form_post')
      return answer({ error: 'invalid_request' });
    if (
      p !== 'facebook' &&
      !query
        .get('scope')
        ?.split(' ')
        .includes(p === 'google' ? 'openid' : 'email')
    ) {
      return answer({ error: 'invalid_scope' });
    }

    const user = users[p];
    const code = random();
    codes.set(code, {
      provider: p,
      redirectUri,
      codeChallenge: challenge,
      nonce: query.get('nonce') ?? undefined,
      user,
      tampering: twist?.idToken,
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });
    // Apple tells the name only the first time someone authorises the app, in a `user` form field.
    let appleUser: string | undefined;
    if (p === 'apple' && user.name && !appleUserSent.has(user.sub)) {
      appleUserSent.add(user.sub);
      const [firstName = '', ...rest] = user.name.split(' ');
      appleUser = JSON.stringify({ name: { firstName, lastName: rest.join(' ') }, email: user.email });
    }
    answer({ code, user: appleUser });
  }

  // ------------------------------------------------------------------ token

  async function checkClient(p: FakeProviderName, form: URLSearchParams, req: IncomingMessage) {
    let clientId = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (basic) {
      const [id = '', pass = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id);
      secret = decodeURIComponent(pass);
    }
    if (clientId !== CLIENTS[p].id || !secret) throw new BadRequest(401, { error: 'invalid_client' });
    if (p === 'apple') {
      try {
        const { protectedHeader } = await jwtVerify(secret, appleClientKey, {
          algorithms: ['ES256'],
          issuer: CLIENTS.apple.teamId,
          subject: CLIENTS.apple.id,
          audience: issuer('apple'),
          requiredClaims: ['iat', 'exp'],
        });
        if (protectedHeader.kid !== CLIENTS.apple.keyId) throw new Error('kid');
      } catch {
        throw new BadRequest(401, { error: 'invalid_client' });
      }
      return;
    }
    if (!sameText(secret, CLIENTS[p].secret)) throw new BadRequest(401, { error: 'invalid_client' });
  }

  async function idToken(p: 'google' | 'apple', issued: IssuedCode): Promise<string> {
    const key = keys[p];
    const t = issued.tampering ?? {};
    const now = Math.floor(Date.now() / 1000);
    const exp = now + (t.expiresInS ?? 3600);
    const { user } = issued;
    const claims: Record<string, unknown> =
      p === 'google'
        ? {
            azp: CLIENTS.google.id,
            email: user.email,
            email_verified: user.email === undefined ? undefined : (user.email_verified ?? false),
            name: user.name,
          }
        : {
            email: user.email,
            // Apple writes its booleans as strings.
            email_verified: user.email === undefined ? undefined : String(user.email_verified ?? false),
            is_private_email: 'false',
            auth_time: now,
            nonce_supported: true,
          };
    const nonce = t.nonce ?? issued.nonce;
    return new SignJWT({ ...claims, ...(nonce !== undefined && { nonce }) })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(t.iss ?? issuer(p))
      .setAudience(t.aud ?? CLIENTS[p].id)
      .setSubject(user.sub)
      .setIssuedAt(Math.min(now, exp - 60))
      .setExpirationTime(exp)
      .sign(t.foreignKey ? key.foreignKey : key.privateKey);
  }

  async function token(
    p: FakeProviderName,
    req: IncomingMessage,
    res: ServerResponse,
    query: URLSearchParams,
  ) {
    const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : query;
    await checkClient(p, form, req);
    if (p !== 'facebook' && form.get('grant_type') !== 'authorization_code') {
      throw new BadRequest(400, { error: 'unsupported_grant_type' });
    }
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    if (!issued || issued.provider !== p || issued.used || issued.expiresAt < Date.now()) {
      throw new BadRequest(400, { error: 'invalid_grant' });
    }
    issued.used = true;
    if (form.get('redirect_uri') !== issued.redirectUri)
      throw new BadRequest(400, { error: 'invalid_grant' });
    const verifier = form.get('code_verifier') ?? '';
    // RFC 7636 4.6: the verifier must hash to the challenge sent with the authorization request.
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || !sameText(s256(verifier), issued.codeChallenge)) {
      throw new BadRequest(400, { error: 'invalid_grant' });
    }
    tokenRequests.push({
      provider: p,
      clientId: CLIENTS[p].id,
      redirectUri: issued.redirectUri,
      codeChallenge: issued.codeChallenge,
      codeVerifier: verifier,
    });

    const accessToken = random(32);
    if (p === 'facebook') {
      facebookTokens.set(accessToken, issued.user);
      return sendJson(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 5183944 });
    }
    return sendJson(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      id_token: await idToken(p, issued),
    });
  }

  // ------------------------------------------------------------------ facebook graph

  function facebookMe(query: URLSearchParams, req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const accessToken = bearer ?? query.get('access_token') ?? '';
    const user = facebookTokens.get(accessToken);
    const oauthError = {
      error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
    };
    if (!user) throw new BadRequest(400, oauthError);
    const proof = query.get('appsecret_proof');
    if (proof !== null) {
      const expected = createHmac('sha256', CLIENTS.facebook.secret).update(accessToken).digest('hex');
      if (!sameText(proof, expected)) throw new BadRequest(400, oauthError);
    }
    const fields = (query.get('fields') ?? 'id,name').split(',');
    const person: Record<string, string> = { id: user.sub };
    if (fields.includes('name') && user.name) person.name = user.name;
    if (fields.includes('email') && user.email) person.email = user.email;
    sendJson(res, 200, person);
  }

  // ------------------------------------------------------------------ router

  function discovery(p: 'google' | 'apple') {
    return {
      issuer: issuer(p),
      authorization_endpoint: `${issuer(p)}/authorize`,
      token_endpoint: `${issuer(p)}/token`,
      jwks_uri: `${issuer(p)}/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: p === 'apple' ? ['query', 'fragment', 'form_post'] : ['query'],
      subject_types_supported: ['public', 'pairwise'],
      id_token_signing_alg_values_supported: [keys[p].alg],
      scopes_supported: p === 'apple' ? ['openid', 'email', 'name'] : ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
    };
  }

  async function control(path: string, req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'GET' && path === '/__control/health') return sendJson(res, 200, { ok: true });
    if (req.method === 'GET' && path === '/__control/env') return sendJson(res, 200, apiEnv);
    if (req.method !== 'POST') throw new BadRequest(405, { error: 'method not allowed' });
    const body = parseControlBody(await readBody(req));
    const provider = body.provider as FakeProviderName | undefined;
    if (path === '/__control/user') {
      if (typeof body.sub !== 'string' || body.sub === '')
        throw new BadRequest(400, { error: 'sub is required' });
      api.setUser(
        {
          sub: body.sub,
          ...(typeof body.email === 'string' && { email: body.email }),
          ...(typeof body.email_verified === 'boolean' && { email_verified: body.email_verified }),
          ...(typeof body.name === 'string' && { name: body.name }),
        },
        provider,
      );
    } else if (path === '/__control/next') {
      api.setNext(
        {
          ...(typeof body.error === 'string' && { error: body.error }),
          ...(typeof body.idToken === 'object' && body.idToken !== null && { idToken: body.idToken }),
        },
        provider,
      );
    } else if (path === '/__control/reset') {
      api.reset();
    } else {
      throw new BadRequest(404, { error: 'not found' });
    }
    res.writeHead(204).end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    const get = req.method === 'GET';
    if (path.startsWith('/__control/')) return control(path, req, res);
    for (const p of ['google', 'apple'] as const) {
      if (get && path === `/${p}/.well-known/openid-configuration`) return sendJson(res, 200, discovery(p));
      if (get && path === `/${p}/jwks`) return sendJson(res, 200, { keys: [keys[p].jwk] });
      if (get && path === `/${p}/authorize`) return authorize(p, url.searchParams, res);
      if (req.method === 'POST' && path === `/${p}/token`) return token(p, req, res, url.searchParams);
    }
    if (get && path === '/facebook/dialog/oauth') return authorize('facebook', url.searchParams, res);
    if (path === '/facebook/oauth/access_token') return token('facebook', req, res, url.searchParams);
    if (get && path === '/facebook/me') return facebookMe(url.searchParams, req, res);
    throw new BadRequest(404, { error: 'not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return res.end();
      if (err instanceof BadRequest) return sendJson(res, err.status, err.body);
      sendJson(res, 500, { error: 'server_error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const apiEnv: Record<string, string> = {
    GOOGLE_CLIENT_ID: CLIENTS.google.id,
    GOOGLE_CLIENT_SECRET: CLIENTS.google.secret,
    GOOGLE_ISSUER: issuer('google'),
    APPLE_CLIENT_ID: CLIENTS.apple.id,
    APPLE_TEAM_ID: CLIENTS.apple.teamId,
    APPLE_KEY_ID: CLIENTS.apple.keyId,
    APPLE_PRIVATE_KEY: applePrivateKey,
    APPLE_ISSUER: issuer('apple'),
    FACEBOOK_CLIENT_ID: CLIENTS.facebook.id,
    FACEBOOK_CLIENT_SECRET: CLIENTS.facebook.secret,
    FACEBOOK_AUTH_URL: `${base}/facebook/dialog/oauth`,
    FACEBOOK_TOKEN_URL: `${base}/facebook/oauth/access_token`,
    FACEBOOK_GRAPH_URL: `${base}/facebook`,
  };

  return {
    url: base,
    issuers: { google: issuer('google'), apple: issuer('apple') },
    apiEnv,
    ...api,
    tokenRequests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
