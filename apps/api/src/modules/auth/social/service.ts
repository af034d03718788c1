import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import {
  SOCIAL_PROVIDERS,
  languagePath,
  pathLanguage,
  type SocialProvider,
  type SocialSignInError,
} from '@boutique/contracts';
import type { Database } from '../../../db/client.js';
import { oauthGrants, userIdentities, users } from '../../../db/schema/index.js';
import { isUniqueViolation, type AuthService, type Client, type Session, type Tx } from '../service.js';
import { handOver } from '../hand-over.js';
import { ProviderError, type ProviderClient, type ProviderProfile } from './providers.js';

export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
};

export const INVALID_LOGIN_CODE = 'Invalid or expired sign-in code. Please try again.';

const STATE_TTL_S = 10 * 60;
const LOGIN_CODE_TTL_S = 2 * 60;
/** Provider answers that mean the person chose not to sign in (Apple says it its own way). */
const CANCELLED = new Set(['access_denied', 'user_cancelled_authorize']);
const LOGIN_CODE = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url: state, nonce, PKCE verifier and login codes. */
const randomSecret = () => randomBytes(32).toString('base64url');
const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * The browser-binding cookie's value: 32 random bytes, set when a sign-in starts. The state and the one-time
 * login code are stored with its hash, so an attacker's callback URL cannot finish in someone else's browser.
 */
export const newBinding = randomSecret;
export const BINDING = /^[A-Za-z0-9_-]{43}$/;
const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** The parameters a provider sends back to the API's callback. */
export interface CallbackParams {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  /** Apple's form_post `user` field. */
  user?: string | undefined;
}

/** Where the browser goes after the callback, and, for the log, why it failed (never a secret). */
export interface CallbackOutcome {
  location: string;
  userId?: number;
  failure?: { reason: string; bindingMismatch?: boolean };
  /** A provider vouched for the address of an unverified account: its password was removed. */
  passwordRemoved?: boolean;
}

interface StatePayload {
  verifier: string;
  nonce: string;
  returnTo: string;
}

/** A refusal the person can act on, said on the callback page. */
class SignInRefused extends Error {
  override name = 'SignInRefused';
  constructor(
    readonly error: SocialSignInError,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export interface SocialAuthSettings {
  publicUrl: string;
}

/**
 * Social sign-in: authorization code flow with PKCE against each configured provider, then a one-time code
 * that the storefront's callback page trades for a session. Every secret of the dance (state, login code) is
 * stored only as its sha256, single use, short-lived, in the database so that any instance can finish what
 * another began.
 */
export class SocialAuthService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly clients: Map<SocialProvider, ProviderClient>,
    private readonly settings: SocialAuthSettings,
  ) {}

  /** The configured providers, in the shop's order. */
  enabled(): SocialProvider[] {
    return SOCIAL_PROVIDERS.filter((p) => this.clients.has(p));
  }

  isEnabled(provider: SocialProvider): boolean {
    return this.clients.has(provider);
  }

  /** The storefront page that finishes the sign-in: the only return address we accept. */
  callbackPage(provider: SocialProvider): string {
    return `${this.settings.publicUrl}/auth/${provider}/callback`;
  }

  /** The API address the provider sends the browser back to; register it with the provider. */
  providerRedirectUri(provider: SocialProvider): string {
    return `${this.settings.publicUrl}/api/v1/auth/${provider}/callback`;
  }

  /**
   * The return address for `redirect_uri`, or undefined when it is not this shop's callback page for the
   * provider, in one of the shop's languages (`/auth/google/callback`, `/ar/auth/google/callback`). Only that
   * page is accepted (no other path, no query, no credentials): the one-time code must never be sent anywhere
   * else.
   */
  returnAddress(provider: SocialProvider, redirectUri: string | undefined): string | undefined {
    const page = this.callbackPage(provider);
    if (redirectUri === undefined || redirectUri === '') return page;
    let url: URL;
    try {
      url = new URL(redirectUri);
    } catch {
      return undefined;
    }
    const expected = new URL(page);
    const { lang, path } = pathLanguage(url.pathname);
    const same =
      url.origin === expected.origin &&
      path === expected.pathname &&
      url.username === '' &&
      url.password === '' &&
      url.search === '' &&
      url.hash === '';
    return same ? expected.origin + languagePath(lang, expected.pathname) : undefined;
  }

  /** Error address for the callback page. */
  /**
   * The callback page saying why the sign-in did not finish: a reason of SOCIAL_SIGN_IN_ERRORS, which the page
   * says in the shopper's language (with `minutes` to wait after too many attempts).
   */
  errorLocation(returnTo: string, error: SocialSignInError, minutes?: number): string {
    const url = new URL(returnTo);
    url.searchParams.set('error', error);
    if (minutes !== undefined) url.searchParams.set('minutes', String(minutes));
    return url.toString();
  }

  /**
   * Starts a sign-in: stores a fresh state (with the PKCE verifier, the nonce and the return address) and
   * returns the provider's page to send the browser to. Throws ProviderError when the provider cannot be
   * reached (its discovery document).
   */
  async begin(provider: SocialProvider, returnTo: string, binding: string): Promise<string> {
    const client = this.#client(provider);
    const state = randomSecret();
    const payload: StatePayload = { verifier: randomSecret(), nonce: randomSecret(), returnTo };
    const url = await client.authorizationUrl({
      state,
      nonce: payload.nonce,
      codeChallenge: s256(payload.verifier),
      redirectUri: this.providerRedirectUri(provider),
    });
    // Expired grants are of no use to anyone; the expiry index makes this sweep cheap.
    await this.db.delete(oauthGrants).where(lte(oauthGrants.expiresAt, sql`now()`));
    await this.db.insert(oauthGrants).values({
      kind: 'oauth_state',
      secretHash: sha256Hex(state),
      provider,
      payload: { ...payload },
      bindingHash: sha256Hex(binding),
      expiresAt: sql`now() + make_interval(secs => ${STATE_TTL_S})`,
    });
    return url;
  }

  /**
   * Finishes the provider's side: consumes the state, redeems the code, finds or creates the account and
   * answers with the callback page's address carrying a one-time login code, or an error for the page to show.
   */
  async complete(
    provider: SocialProvider,
    params: CallbackParams,
    binding: string | undefined,
  ): Promise<CallbackOutcome> {
    const fallback = this.callbackPage(provider);
    if (!this.isEnabled(provider)) {
      return this.#failed(fallback, 'unavailable', 'provider not configured');
    }
    // Consumed first, whatever else the answer says: a state is good for one return only.
    const consumed = params.state ? await this.#consumeState(provider, params.state) : undefined;
    const returnTo = consumed?.payload.returnTo ?? fallback;
    // Begun in another browser (an attacker's callback URL opened in the victim's), or the browser kept no
    // binding cookie: refused, saying which, as "expired" would send the shopper looking for the wrong cause.
    const bound =
      consumed !== undefined && binding !== undefined && consumed.bindingHash === sha256Hex(binding);
    if (consumed && !bound) {
      const [message, reason] =
        binding === undefined
          ? (['no_cookie', 'no binding cookie'] as const)
          : (['other_browser', 'state begun in another browser'] as const);
      return {
        ...this.#failed(returnTo, message, reason),
        failure: { reason, bindingMismatch: true },
      };
    }
    const grant = consumed?.payload;

    if (params.error !== undefined) {
      const code = /^[a-z_]{1,64}$/i.test(params.error) ? params.error : 'unrecognised';
      const error = CANCELLED.has(params.error) ? 'cancelled' : 'failed';
      return this.#failed(returnTo, error, `provider answered ${code}`);
    }
    if (!grant) {
      return this.#failed(returnTo, 'expired', 'unknown, used or expired state');
    }
    if (!params.code) return this.#failed(returnTo, 'failed', 'no code');

    let profile: ProviderProfile;
    try {
      profile = await this.#client(provider).profile({
        code: params.code,
        state: params.state ?? '',
        codeVerifier: grant.verifier,
        nonce: grant.nonce,
        redirectUri: this.providerRedirectUri(provider),
        appleUser: params.user,
      });
    } catch (err) {
      if (err instanceof ProviderError) {
        return this.#failed(returnTo, 'failed', err.message);
      }
      throw err;
    }

    let signedIn: { code: string; userId: number; revoked: string[]; takenOver: boolean };
    try {
      signedIn = await this.#signIn(provider, profile, sha256Hex(binding ?? ''));
    } catch (err) {
      if (err instanceof SignInRefused) return this.#failed(returnTo, err.error, err.reason);
      throw err;
    }
    await this.auth.publishRevoked(signedIn.revoked);
    const location = new URL(returnTo);
    location.searchParams.set('token', signedIn.code);
    location.searchParams.set('provider', provider);
    return {
      location: location.toString(),
      userId: signedIn.userId,
      ...(signedIn.takenOver && { passwordRemoved: true }),
    };
  }

  /**
   * Trades a one-time login code for a session. The code is burnt by the same statement that finds it, so of
   * two concurrent uses exactly one wins; a code of another provider, used or expired gives undefined.
   */
  async exchange(
    code: string,
    provider: SocialProvider,
    binding: string | undefined,
    client: Client,
  ): Promise<Session | undefined> {
    if (!LOGIN_CODE.test(code) || binding === undefined) return undefined;
    return this.db.transaction(async (tx) => {
      const [grant] = await tx
        .update(oauthGrants)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(oauthGrants.secretHash, sha256Hex(code)),
            eq(oauthGrants.kind, 'login_code'),
            eq(oauthGrants.provider, provider),
            eq(oauthGrants.bindingHash, sha256Hex(binding)),
            isNull(oauthGrants.usedAt),
            gt(oauthGrants.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: oauthGrants.userId });
      if (!grant?.userId) return undefined;
      return this.auth.openSession(tx, grant.userId, client);
    });
  }

  #client(provider: SocialProvider): ProviderClient {
    const client = this.clients.get(provider);
    if (!client) throw new Error(`social provider ${provider} is not configured`);
    return client;
  }

  #failed(returnTo: string, error: SocialSignInError, reason: string): CallbackOutcome {
    return { location: this.errorLocation(returnTo, error), failure: { reason } };
  }

  async #consumeState(
    provider: SocialProvider,
    state: string,
  ): Promise<{ payload: StatePayload; bindingHash: string | null } | undefined> {
    if (state.length > 256) return undefined;
    const [grant] = await this.db
      .update(oauthGrants)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(oauthGrants.secretHash, sha256Hex(state)),
          eq(oauthGrants.kind, 'oauth_state'),
          eq(oauthGrants.provider, provider),
          isNull(oauthGrants.usedAt),
          gt(oauthGrants.expiresAt, sql`now()`),
        ),
      )
      .returning({ payload: oauthGrants.payload, bindingHash: oauthGrants.bindingHash });
    const payload = grant?.payload;
    if (!payload?.verifier || !payload.nonce || !payload.returnTo) return undefined;
    return {
      payload: { verifier: payload.verifier, nonce: payload.nonce, returnTo: payload.returnTo },
      bindingHash: grant?.bindingHash ?? null,
    };
  }

  /** Finds or makes the account and issues its login code; retried once when a concurrent sign-in raced us. */
  async #signIn(provider: SocialProvider, profile: ProviderProfile, bindingHash: string) {
    try {
      return await this.db.transaction((tx) => this.#signInOnce(tx, provider, profile, bindingHash));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return this.db.transaction((tx) => this.#signInOnce(tx, provider, profile, bindingHash));
    }
  }

  async #signInOnce(tx: Tx, provider: SocialProvider, profile: ProviderProfile, bindingHash: string) {
    const { userId, revoked, takenOver } = await this.#accountFor(tx, provider, profile);
    const code = randomSecret();
    await tx.insert(oauthGrants).values({
      kind: 'login_code',
      secretHash: sha256Hex(code),
      provider,
      userId,
      bindingHash,
      expiresAt: sql`now() + make_interval(secs => ${LOGIN_CODE_TTL_S})`,
    });
    return { code, userId, revoked, takenOver };
  }

  /**
   * The identity's account; else, when the provider vouches for the e-mail, the account holding it (linked
   * from now on); else a new account without a password. An address the provider does not vouch for never
   * reaches an existing account: whoever typed it at the provider need not own it.
   *
   * An existing account whose address was never verified may have been registered by someone else, waiting
   * for the owner (account pre-hijacking): when a provider vouches for the address, the owner takes it over.
   * Its password is removed, every sign-in of it ends, and identities nobody vouched for are unlinked; the
   * answer names the sign-ins ended.
   */
  async #accountFor(
    tx: Tx,
    provider: SocialProvider,
    profile: ProviderProfile,
  ): Promise<{ userId: number; revoked: string[]; takenOver: boolean }> {
    const [identity] = await tx
      .select({ id: userIdentities.id, userId: userIdentities.userId, email: userIdentities.email })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, profile.subject)))
      .limit(1);
    if (identity) {
      if (profile.email && profile.email !== identity.email) {
        await tx
          .update(userIdentities)
          .set({ email: profile.email, emailVerified: profile.emailVerified })
          .where(eq(userIdentities.id, identity.id));
      }
      return { userId: identity.userId, revoked: [], takenOver: false };
    }

    const email = profile.email;
    if (!email) throw new SignInRefused('no_email', 'no e-mail for a new identity');
    const [existing] = await tx
      .select({ id: users.id, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    let userId: number;
    let revoked: string[] = [];
    let takenOver = false;
    if (existing) {
      if (!profile.emailVerified) {
        throw new SignInRefused('email_taken', 'e-mail of an account, not verified');
      }
      userId = existing.id;
      if (existing.verifiedAt === null) {
        await tx
          .update(users)
          .set({ passwordHash: null, emailVerifiedAt: sql`now()`, updatedAt: new Date() })
          .where(eq(users.id, userId));
        // The provider proved the mailbox: whatever the registrant set up (sessions, an authenticator app,
        // identities nobody vouched for) is theirs no more.
        ({ revoked } = await handOver(tx, userId));
        takenOver = true;
      }
    } else {
      const name = profile.name ?? email.slice(0, email.indexOf('@')).slice(0, 100);
      const [created] = await tx
        .insert(users)
        .values({
          name,
          email,
          passwordHash: null,
          emailVerifiedAt: profile.emailVerified ? sql`now()` : null,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('user was not stored');
      userId = created.id;
    }
    await tx.insert(userIdentities).values({
      userId,
      provider,
      subject: profile.subject,
      email,
      emailVerified: profile.emailVerified,
    });
    return { userId, revoked, takenOver };
  }
}
