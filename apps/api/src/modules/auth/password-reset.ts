import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { languagePath, type Language } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { passwordResetTokens, users } from '../../db/schema/index.js';
import { fieldError, unprocessable, type FieldError } from '../../lib/http-error.js';
import { enqueueMail } from '../outbox/index.js';
import { enqueueSecurityNotice } from './security-notices.js';
import { hashPassword } from './passwords.js';
import { resetPasswordEmail } from './reset-email.js';
import { handOver } from './hand-over.js';

export const RESET_LINK_SENT =
  'If an account exists for this e-mail, we have sent it a link to choose a new password. The link expires in 1 hour.';
export const PASSWORD_RESET = 'Your password has been changed. You can now sign in with it.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';

const invalidLink = () =>
  unprocessable('The given data was invalid', { token: [fieldError('expired', RESET_LINK_INVALID)] });

/** 32 random bytes in base64url, as the links carry them; anything else is not worth a database read. */
const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashResetToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface PasswordResetSettings {
  /** The shop's public address; links point at `{publicUrl}[/fr|/ar]/account/reset-password?token=...`. */
  publicUrl: string;
  shopName: string;
  ttlS: number;
}

/**
 * Forgotten passwords: a single-use link by e-mail (only the token's sha256 is stored), and the reset that
 * consumes it, sets the new password, ends every sign-in of the account and unlinks the provider identities
 * whose address no provider vouched for.
 */
export class PasswordResetService {
  constructor(
    private readonly db: Database,
    private readonly settings: PasswordResetSettings,
  ) {}

  /**
   * Sends a reset link when the e-mail has an account, and nothing otherwise; either way the caller answers the
   * same words. The e-mail is written to the outbox with the link and goes out after the answer, so neither
   * the answer's timing nor a failing mail server tells whether the account exists.
   */
  async requestLink(email: string, lang: Language, log: FastifyBaseLogger): Promise<void> {
    const [user] = await this.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user) return;

    const token = randomBytes(32).toString('base64url');
    const link = this.settings.publicUrl + languagePath(lang, `/account/reset-password?token=${token}`);
    const message = resetPasswordEmail({
      to: user.email,
      name: user.name,
      shopName: this.settings.shopName,
      link,
      lang,
    });
    await this.db.transaction(async (tx) => {
      // Only the newest link works: asking again makes the earlier ones useless (and keeps one row per user).
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashResetToken(token),
        expiresAt: sql`now() + make_interval(secs => ${this.settings.ttlS})`,
      });
      await enqueueMail(tx, { kind: 'password_reset', about: `user:${user.id}`, message });
    });
    log.info({ userId: user.id }, 'password reset link queued');
  }

  /**
   * Spends the link and sets the new password; of two uses of one link, exactly one succeeds. Invalid, spent
   * and expired links are refused alike. Returns the user whose password changed.
   */
  async reset(
    token: string,
    password: string,
    check: (email: string) => FieldError | undefined,
  ): Promise<{ userId: number; revoked: string[]; factorRemoved: boolean }> {
    if (!RESET_TOKEN.test(token)) throw invalidLink();
    const tokenHash = hashResetToken(token);
    const live = and(
      eq(passwordResetTokens.tokenHash, tokenHash),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, sql`now()`),
    );
    // A cheap look first, so a dead link costs no password hashing.
    const [candidate] = await this.db
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(live)
      .limit(1);
    if (!candidate) throw invalidLink();
    const [owner] = await this.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(passwordResetTokens, eq(passwordResetTokens.userId, users.id))
      .where(eq(passwordResetTokens.id, candidate.id));
    const weak = owner && check(owner.email);
    if (weak) throw unprocessable('The given data was invalid', { password: [weak] });
    const passwordHash = await hashPassword(password);

    return this.db.transaction(async (tx) => {
      // The conditional update is the lock: whoever gets the row spends the link, anyone else hears "invalid".
      const [spent] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(live)
        .returning({ userId: passwordResetTokens.userId });
      if (!spent) throw invalidLink();
      // The link proved the inbox: the address is verified too.
      await tx
        .update(users)
        .set({
          passwordHash,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, spent.userId));
      // The link proved the inbox: the account is handed to whoever holds it. Whoever knew the old password is
      // signed out everywhere, an authenticator app set up by someone else no longer guards it (the owner sets
      // up their own), and a provider identity nobody vouched for (Facebook's) no longer opens it.
      const { revoked, factorRemoved } = await handOver(tx, spent.userId);
      await enqueueSecurityNotice(tx, this.settings.shopName, spent.userId, 'password_changed');
      if (factorRemoved)
        await enqueueSecurityNotice(tx, this.settings.shopName, spent.userId, 'factor_removed');
      return { userId: spent.userId, revoked, factorRemoved };
    });
  }
}
