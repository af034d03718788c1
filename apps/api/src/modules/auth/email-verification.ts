import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { languagePath, type Language } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { emailVerificationTokens, users } from '../../db/schema/index.js';
import { fieldError, unprocessable, type FieldError } from '../../lib/http-error.js';
import { enqueueMail } from '../outbox/index.js';
import { enqueueSecurityNotice } from './security-notices.js';
import { alreadyRegisteredEmail, verificationEmail } from './account-emails.js';
import { handOver } from './hand-over.js';
import { hashPassword, verifyPassword } from './passwords.js';

export const VERIFICATION_LINK_INVALID = 'This confirmation link is invalid or has expired.';
export const EMAIL_VERIFIED = 'Your e-mail address is confirmed. Thank you.';
export const VERIFICATION_SENT = 'We have sent you a new link to confirm your e-mail address.';
export const ALREADY_VERIFIED = 'Your e-mail address is already confirmed.';
export const CONFIRMATION_PASSWORD_WRONG =
  'This is not the password of the account. If you did not create it, choose a new password instead.';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const invalidLink = () =>
  unprocessable('The given data was invalid', { token: [fieldError('expired', VERIFICATION_LINK_INVALID)] });

export interface EmailVerificationSettings {
  publicUrl: string;
  shopName: string;
  ttlS: number;
}

interface Recipient {
  id: number;
  name: string;
  email: string;
}

/**
 * Proving an address: a single-use link (24 hours; only its token's sha256 is stored, with the address it
 * was sent to) whose use marks the account verified. Registration of an address that already has an account
 * tells its owner instead, by e-mail.
 */
export class EmailVerificationService {
  constructor(
    private readonly db: Database,
    private readonly settings: EmailVerificationSettings,
  ) {}

  /** Issues a new link (earlier ones stop working); the e-mail that carries it goes through the outbox. */
  async sendLink(user: Recipient, lang: Language, log: FastifyBaseLogger): Promise<void> {
    await this.db.transaction((tx) => this.issueLink(tx, user, lang));
    log.info({ userId: user.id }, 'e-mail confirmation link queued');
  }

  /**
   * The link and its e-mail written in `tx`: registration calls it in the transaction that creates the account,
   * so an account never exists without its confirmation e-mail on its way.
   */
  async issueLink(tx: Database, user: Recipient, lang: Language): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    await tx.insert(emailVerificationTokens).values({
      userId: user.id,
      email: user.email,
      tokenHash: sha256Hex(token),
      expiresAt: sql`now() + make_interval(secs => ${this.settings.ttlS})`,
    });
    const { publicUrl, shopName } = this.settings;
    const message = verificationEmail({
      to: user.email,
      name: user.name,
      shopName,
      link: publicUrl + languagePath(lang, `/account/verify-email?token=${token}`),
      lang,
    });
    await enqueueMail(tx, { kind: 'email_verification', about: `user:${user.id}`, message });
  }

  /**
   * Someone registered an address that has an account: its owner is told, nobody else. Written to the outbox
   * like the new account's link, so both answers cost one write and go out alike, after the answer.
   */
  async noticeAlreadyRegistered(user: Recipient, lang: Language, log: FastifyBaseLogger): Promise<void> {
    const { publicUrl, shopName } = this.settings;
    const message = alreadyRegisteredEmail({
      to: user.email,
      name: user.name,
      shopName,
      loginLink: publicUrl + languagePath(lang, '/account/login'),
      resetLink: publicUrl + languagePath(lang, '/account/forgot-password'),
      lang,
    });
    await enqueueMail(this.db, { kind: 'already_registered', about: `user:${user.id}`, message });
    log.info({ userId: user.id }, 'already-registered notice queued');
  }

  /**
   * Spends the link and marks the account verified, once the person who opened it proved to be the mailbox's
   * owner: the account's password (`current_password`), or a new one (`password`), which hands the account over
   * (`handOver`: other sign-ins end, any second factor goes). Opening the link does nothing by itself, so a mail
   * scanner that follows it confirms nothing. Refused alike when unknown, spent, expired, or sent to an address
   * the account no longer has; a wrong password is a field error and leaves the link usable.
   */
  async verify(
    token: string,
    proof: { current_password?: string | undefined; password?: string | undefined },
    check: (email: string) => FieldError | undefined,
  ): Promise<{ userId: number; revoked: string[]; handedOver: boolean; factorRemoved: boolean }> {
    if (!TOKEN.test(token)) throw invalidLink();
    const live = and(
      eq(emailVerificationTokens.tokenHash, sha256Hex(token)),
      isNull(emailVerificationTokens.usedAt),
      gt(emailVerificationTokens.expiresAt, sql`now()`),
    );
    const [link] = await this.db
      .select({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email })
      .from(emailVerificationTokens)
      .where(live)
      .limit(1);
    if (!link) throw invalidLink();
    const [account] = await this.db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .limit(1);
    if (!account) throw invalidLink();

    let passwordHash: string | undefined;
    if (proof.password !== undefined) {
      const weak = check(account.email);
      if (weak) throw unprocessable('The given data was invalid', { password: [weak] });
      passwordHash = await hashPassword(proof.password);
    } else if (
      !account.passwordHash ||
      !(await verifyPassword(account.passwordHash, proof.current_password ?? ''))
    ) {
      throw unprocessable('The given data was invalid', {
        current_password: [fieldError('incorrect', CONFIRMATION_PASSWORD_WRONG)],
      });
    }

    return this.db.transaction(async (tx) => {
      // The conditional update is the lock: of two uses of one link, exactly one gets the row.
      const [spent] = await tx
        .update(emailVerificationTokens)
        .set({ usedAt: sql`now()` })
        .where(live)
        .returning({ userId: emailVerificationTokens.userId });
      if (!spent) throw invalidLink();
      const [verified] = await tx
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          ...(passwordHash !== undefined && { passwordHash }),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(users.id, spent.userId),
            eq(users.email, link.email),
            // The password checked above still stands (no reset or change came in between).
            passwordHash === undefined && account.passwordHash
              ? eq(users.passwordHash, account.passwordHash)
              : undefined,
          ),
        )
        .returning({ id: users.id });
      if (!verified) throw invalidLink();
      if (passwordHash === undefined) {
        return { userId: verified.id, revoked: [], handedOver: false, factorRemoved: false };
      }
      const { revoked, factorRemoved } = await handOver(tx, verified.id);
      await enqueueSecurityNotice(tx, this.settings.shopName, verified.id, 'password_changed');
      if (factorRemoved)
        await enqueueSecurityNotice(tx, this.settings.shopName, verified.id, 'factor_removed');
      return { userId: verified.id, revoked, handedOver: true, factorRemoved };
    });
  }
}
