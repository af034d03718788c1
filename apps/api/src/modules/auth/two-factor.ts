import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { RecoveryCodes, TwoFactorProof, TwoFactorSetup, TwoFactorStatus } from '@boutique/contracts';
import { ERROR_CODES, isBackOfficeRole, TOTP_DIGITS } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { refreshTokens, userRecoveryCodes, userTotp, users } from '../../db/schema/index.js';
import { fieldError, HttpError, unprocessable } from '../../lib/http-error.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import { enqueueMail } from '../outbox/index.js';
import { enqueueSecurityNotice } from './security-notices.js';
import { secondFactorLockedEmail } from './account-emails.js';
import { removeSecondFactor } from './hand-over.js';
import { verifyPassword } from './passwords.js';
import type { AuthUser } from './tokens.js';

export const CODE_WRONG = 'This code is not right, or was already used. Try the newest one.';
export const RECOVERY_CODE_WRONG = 'This recovery code is not right, or was already used.';
export const ALREADY_ENROLLED = 'An authenticator app is already set up. Remove it first to set up another.';
export const NOT_ENROLLED = 'No authenticator app is set up for this account.';
export const NO_PENDING_SETUP = 'Start the set-up again: scan the new code, then enter the code it shows.';
export const VERIFY_FIRST = 'Confirm this sign-in with your authenticator app first.';
export const PASSWORD_WRONG = 'The password is incorrect.';
export const ADMINS_ONLY = 'Two-step verification is for the accounts of the back office.';
export const CONFIRM_ADDRESS_FIRST =
  'Confirm your e-mail address first, with the link we sent you, then set up an authenticator app.';

/** Only the proven owner of the address may tie an app to the account (whoever registered it need not be). */
const confirmAddressFirst = () =>
  new HttpError(403, CONFIRM_ADDRESS_FIRST, undefined, { code: ERROR_CODES.emailUnverified });

const RECOVERY_CODE_COUNT = 10;
const PERIOD_S = 30;

/** Recovery codes: 16 base32 characters (80 random bits), shown as xxxx-xxxx-xxxx-xxxx. */
function newRecoveryCode(): string {
  const base32 = new OTPAuth.Secret({ size: 10 }).base32.toLowerCase();
  return base32.match(/.{4}/g)?.join('-') ?? base32;
}
const normaliseRecoveryCode = (code: string) => code.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code), 'utf8').digest('hex');

export interface TwoFactorSettings {
  /** The shop's signing secret; the TOTP secrets are encrypted with a key derived from it. */
  secret: string;
  /** Shown in the authenticator app. */
  shopName: string;
}

/**
 * Second factor of the sign-in (ASVS 6.5): an authenticator app (TOTP, RFC 6238, SHA-1, 6 digits, 30 s, as
 * every app reads them) through `otpauth`, and single-use recovery codes stored as their sha256. The secret is
 * encrypted at rest (AES-256-GCM with a key derived from the signing secret); a code is accepted one step
 * either side of now, and never twice. Passing it marks the sign-in (its refresh-token family), so it holds
 * through refreshes and ends with the sign-in.
 */
export class TwoFactorService {
  readonly #key: Buffer;

  constructor(
    private readonly db: Database,
    private readonly settings: TwoFactorSettings,
  ) {
    this.#key = Buffer.from(hkdfSync('sha256', settings.secret, 'boutique', 'totp-secret-v1', 32));
  }

  /** The account and its app (secret still encrypted), if it has one. */
  async #account(userId: number) {
    const [row] = await this.db
      .select({
        role: users.role,
        email: users.email,
        verifiedAt: users.emailVerifiedAt,
        passwordHash: users.passwordHash,
        secret: userTotp.secret,
        confirmedAt: userTotp.confirmedAt,
      })
      .from(users)
      .leftJoin(userTotp, eq(userTotp.userId, users.id))
      .where(eq(users.id, userId));
    return row;
  }

  async status(user: AuthUser): Promise<TwoFactorStatus> {
    const row = await this.#account(user.id);
    const [codes] = await this.db
      .select({ n: count() })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, user.id), isNull(userRecoveryCodes.usedAt)));
    return {
      enabled: Boolean(row?.confirmedAt),
      verified: await this.#sessionPassed(user.sessionId),
      required: row !== undefined && isBackOfficeRole(row.role),
      recovery_codes_left: codes?.n ?? 0,
    };
  }

  /** A new secret, not yet in force: the app scans it, and `enable` confirms it with a first code. */
  async setup(user: AuthUser): Promise<TwoFactorSetup> {
    const row = await this.#account(user.id);
    if (!row) throw new HttpError(401, 'Unauthenticated.');
    if (row.verifiedAt === null) throw confirmAddressFirst();
    // Only the back office asks for it at sign-in: a customer's app would guard nothing (decision 030).
    if (!isBackOfficeRole(row.role) && !row.confirmedAt) {
      throw new HttpError(403, ADMINS_ONLY, undefined, { code: ERROR_CODES.secondFactorForAdminsOnly });
    }
    if (row.confirmedAt) throw new HttpError(409, ALREADY_ENROLLED);
    const secret = new OTPAuth.Secret({ size: 20 });
    const encrypted = this.#encrypt(secret.base32);
    await this.db
      .insert(userTotp)
      .values({ userId: user.id, secret: encrypted })
      .onConflictDoUpdate({
        target: userTotp.userId,
        set: { secret: encrypted, lastStep: null, createdAt: sql`now()` },
      });
    const uri = this.#totp(secret.base32, row.email).toString();
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return {
      secret: secret.base32,
      uri,
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /** Confirms the pending secret with a code of the app; this sign-in has passed. Answers recovery codes. */
  async enable(user: AuthUser, code: string): Promise<RecoveryCodes> {
    const row = await this.#account(user.id);
    if (row && row.verifiedAt === null) throw confirmAddressFirst();
    if (!row?.secret)
      throw unprocessable('The given data was invalid', { code: [fieldError('expired', NO_PENDING_SETUP)] });
    if (row.confirmedAt) throw new HttpError(409, ALREADY_ENROLLED);
    const step = this.#check(this.#decrypt(row.secret), row.email, code);
    if (step === undefined)
      throw unprocessable('The given data was invalid', { code: [fieldError('incorrect', CODE_WRONG)] });
    return this.db.transaction(async (tx) => {
      const [confirmed] = await tx
        .update(userTotp)
        .set({ confirmedAt: sql`now()`, lastStep: step })
        .where(and(eq(userTotp.userId, user.id), isNull(userTotp.confirmedAt)))
        .returning({ userId: userTotp.userId });
      if (!confirmed) throw new HttpError(409, ALREADY_ENROLLED);
      const codes = await this.#replaceRecoveryCodes(tx, user.id);
      await this.#markSession(tx, user.sessionId);
      await enqueueSecurityNotice(tx, this.settings.shopName, user.id, 'factor_enabled');
      return { recovery_codes: codes };
    });
  }

  /**
   * The second step of a sign-in: a code of the app (a step not used before) or an unused recovery code.
   * Answers which one passed; throws 422 with a field error otherwise.
   */
  async verify(
    user: AuthUser,
    input: { code?: string | undefined; recovery_code?: string | undefined },
  ): Promise<'totp' | 'recovery_code'> {
    const row = await this.#account(user.id);
    if (!row?.secret || !row.confirmedAt) throw new HttpError(409, NOT_ENROLLED);
    if (input.code !== undefined) {
      const step = this.#check(this.#decrypt(row.secret), row.email, input.code);
      await this.db.transaction(async (tx) => {
        // Conditional on the last step used: a code seen once (even by a concurrent call) is spent.
        const [used] =
          step === undefined
            ? []
            : await tx
                .update(userTotp)
                .set({ lastStep: step })
                .where(and(eq(userTotp.userId, user.id), sql`coalesce(${userTotp.lastStep}, -1) < ${step}`))
                .returning({ userId: userTotp.userId });
        if (!used)
          throw unprocessable('The given data was invalid', { code: [fieldError('incorrect', CODE_WRONG)] });
        await this.#markSession(tx, user.sessionId);
      });
      return 'totp';
    }
    const recovery = input.recovery_code ?? '';
    await this.db.transaction(async (tx) => {
      const [spent] = await tx
        .update(userRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(userRecoveryCodes.userId, user.id),
            eq(userRecoveryCodes.codeHash, hashRecoveryCode(recovery)),
            isNull(userRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: userRecoveryCodes.id });
      if (!spent)
        throw unprocessable('The given data was invalid', {
          recovery_code: [fieldError('incorrect', RECOVERY_CODE_WRONG)],
        });
      await this.#markSession(tx, user.sessionId);
    });
    return 'recovery_code';
  }

  /**
   * New recovery codes (the old ones stop working); only from a sign-in that passed the second factor, with the
   * password or a current code (an access token alone is not enough).
   */
  async regenerateRecoveryCodes(user: AuthUser, proof: TwoFactorProof): Promise<RecoveryCodes> {
    await this.#requirePassed(user);
    await this.#requireProof(user, proof);
    return this.db.transaction(async (tx) => {
      const codes = await this.#replaceRecoveryCodes(tx, user.id);
      await enqueueSecurityNotice(tx, this.settings.shopName, user.id, 'recovery_codes_renewed');
      return { recovery_codes: codes };
    });
  }

  /** Removes the app and the codes; only from a sign-in that passed the second factor, with the same proof. */
  async disable(user: AuthUser, proof: TwoFactorProof): Promise<void> {
    await this.#requirePassed(user);
    await this.#requireProof(user, proof);
    await this.db.transaction(async (tx) => {
      await removeSecondFactor(tx, user.id);
      await enqueueSecurityNotice(tx, this.settings.shopName, user.id, 'factor_removed');
    });
  }

  /** The password of the account, or a code of the app not used before (spent by this check). */
  async #requireProof(user: AuthUser, proof: TwoFactorProof): Promise<void> {
    const row = await this.#account(user.id);
    if (!row) throw new HttpError(401, 'Unauthenticated.');
    if (proof.code !== undefined) {
      const step =
        row.secret && row.confirmedAt
          ? this.#check(this.#decrypt(row.secret), row.email, proof.code)
          : undefined;
      const [used] =
        step === undefined
          ? []
          : await this.db
              .update(userTotp)
              .set({ lastStep: step })
              .where(and(eq(userTotp.userId, user.id), sql`coalesce(${userTotp.lastStep}, -1) < ${step}`))
              .returning({ userId: userTotp.userId });
      if (!used)
        throw unprocessable('The given data was invalid', { code: [fieldError('incorrect', CODE_WRONG)] });
      return;
    }
    if (!row.passwordHash || !(await verifyPassword(row.passwordHash, proof.password ?? ''))) {
      throw unprocessable('The given data was invalid', {
        password: [fieldError('incorrect', PASSWORD_WRONG)],
      });
    }
  }

  /** Tells the account's owner, by e-mail in their language, that codes are refused for the day. */
  async noticeLocked(userId: number, failures: number): Promise<void> {
    const [row] = await this.db
      .select({ email: users.email, name: users.name, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) return;
    const message = secondFactorLockedEmail({
      to: row.email,
      name: row.name,
      shopName: this.settings.shopName,
      failures,
      lang: emailLanguage(row.locale ?? undefined),
    });
    await enqueueMail(this.db, { kind: 'second_factor_locked', about: `user:${userId}`, message });
  }

  async #requirePassed(user: AuthUser) {
    if (!(await this.#sessionPassed(user.sessionId))) throw new HttpError(403, VERIFY_FIRST);
  }

  async #sessionPassed(sessionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ at: refreshTokens.secondFactorAt })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
      .limit(1);
    return Boolean(row?.at);
  }

  async #markSession(tx: Parameters<Parameters<Database['transaction']>[0]>[0], sessionId: string) {
    await tx
      .update(refreshTokens)
      .set({ secondFactorAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
  }

  async #replaceRecoveryCodes(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    userId: number,
  ): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx
      .insert(userRecoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
    return codes;
  }

  #totp(base32: string, email: string) {
    return new OTPAuth.TOTP({
      issuer: this.settings.shopName,
      label: email,
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: PERIOD_S,
      secret: OTPAuth.Secret.fromBase32(base32),
    });
  }

  /** The time step of a valid code (one step either side of now), or undefined. */
  #check(base32: string, email: string, code: string): number | undefined {
    const totp = this.#totp(base32, email);
    const delta = totp.validate({ token: code, window: 1 });
    return delta === null ? undefined : totp.counter() + delta;
  }

  #encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  #decrypt(stored: string): string {
    const [version, iv = '', tag = '', data = ''] = stored.split('.');
    if (version !== 'v1') throw new Error('unknown TOTP secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
