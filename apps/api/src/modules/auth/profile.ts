import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES, type ProfileUpdate, type User } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema/index.js';
import { fieldError, HttpError, unprocessable, type CodedFieldErrors } from '../../lib/http-error.js';
import { AvatarError, type AvatarStore } from './avatars.js';
import { weakPasswordReason } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { toUser } from './service.js';
import { revokeSignIns } from './sessions.js';
import type { AuthUser } from './tokens.js';
import { enqueueSecurityNotice } from './security-notices.js';

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to choose a new one.';
export const CURRENT_PASSWORD_WRONG = 'The current password is incorrect.';

export const FRESH_SIGN_IN_REQUIRED =
  'To choose a password, sign in again first (or ask for a link with “Forgot your password?”).';

const invalid = (errors: CodedFieldErrors) => unprocessable('The given data was invalid', errors);

export interface ProfileUpdated {
  user: User;
  /** Sign-ins ended by a new password (every other one). */
  revoked: string[];
  /** The account had no password (made by social sign-in) and now has one. */
  firstPassword: boolean;
}

/** The signed-in customer's own account: name, picture and password. */
export class ProfileService {
  constructor(
    private readonly db: Database,
    private readonly avatars: AvatarStore,
    /** How recent a sign-in must be to set a first password (no current one to prove). */
    private readonly freshSignInS: number,
    /** Names the shop in the notice of a changed password. */
    private readonly shopName: string,
  ) {}

  /** Whether this sign-in began within the last `freshSignInS` seconds. */
  async #freshlySignedIn(sessionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, sessionId),
          gt(refreshTokens.familyStartedAt, sql`now() - make_interval(secs => ${this.freshSignInS})`),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Applies the changes all together or not at all: every field is checked (the current password, the picture
   * decoded) before anything is written. A new password ends every other sign-in of the account; the caller's
   * stays. Undefined when the account no longer exists.
   */
  async update(
    caller: AuthUser,
    input: ProfileUpdate,
    log: FastifyBaseLogger,
  ): Promise<ProfileUpdated | undefined> {
    const userId = caller.id;
    const [row] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row) return undefined;

    const errors: CodedFieldErrors = {};
    const changesPassword = input.password !== undefined;
    if (changesPassword && row.passwordHash) {
      if (!input.current_password)
        errors.current_password = [fieldError('required', CURRENT_PASSWORD_REQUIRED)];
      else if (!(await verifyPassword(row.passwordHash, input.current_password))) {
        errors.current_password = [fieldError('incorrect', CURRENT_PASSWORD_WRONG)];
      }
    } else if (changesPassword && !(await this.#freshlySignedIn(caller.sessionId))) {
      // An account made by social sign-in has no password to prove: a stolen access token alone must not be
      // enough to give it one, so the sign-in must be a fresh one.
      throw new HttpError(403, FRESH_SIGN_IN_REQUIRED, undefined, { code: ERROR_CODES.freshSignInRequired });
    }
    const weak = input.password === undefined ? undefined : weakPasswordReason(input.password, row.email);
    if (weak) errors.password = [weak];
    let picture: Buffer | undefined;
    if (typeof input.avatar === 'string') {
      try {
        picture = await this.avatars.prepare(input.avatar);
      } catch (err) {
        if (!(err instanceof AvatarError)) throw err;
        errors.avatar = [fieldError('invalid', err.message)];
      }
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);

    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    const avatar = picture
      ? await this.avatars.save(userId, picture)
      : input.avatar === null
        ? null
        : undefined;

    let outcome: { user: User; previousAvatar: string | null; revoked: string[] } | undefined;
    try {
      outcome = await this.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!locked) return undefined;
        // The password we checked was replaced meanwhile (a reset, another tab): the check no longer holds.
        if (changesPassword && locked.passwordHash !== row.passwordHash) {
          throw invalid({ current_password: [fieldError('incorrect', CURRENT_PASSWORD_WRONG)] });
        }
        const [updated] = await tx
          .update(users)
          .set({
            ...(input.name !== undefined && { name: input.name }),
            ...(avatar !== undefined && { avatar }),
            ...(passwordHash !== undefined && { passwordHash }),
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId))
          .returning();
        if (!updated) return undefined;
        let revoked: string[] = [];
        if (changesPassword) {
          revoked = await revokeSignIns(tx, userId, caller.sessionId);
          // A reset link asked for before the change would undo it.
          await tx
            .update(passwordResetTokens)
            .set({ usedAt: sql`now()` })
            .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
          await enqueueSecurityNotice(tx, this.shopName, userId, 'password_changed');
        }
        return { user: toUser(updated), previousAvatar: locked.avatar, revoked };
      });
    } catch (err) {
      if (avatar) await this.#removeQuietly(avatar, log);
      throw err;
    }
    if (!outcome) {
      if (avatar) await this.#removeQuietly(avatar, log);
      return undefined;
    }
    if (avatar !== undefined && outcome.previousAvatar !== avatar) {
      await this.#removeQuietly(outcome.previousAvatar, log);
    }
    return {
      user: outcome.user,
      revoked: outcome.revoked,
      firstPassword: changesPassword && !row.passwordHash,
    };
  }

  /** A picture left behind costs some disk, never a failed answer: logged and moved on. */
  async #removeQuietly(url: string | null, log: FastifyBaseLogger) {
    try {
      await this.avatars.remove(url);
    } catch (err) {
      log.warn({ err, avatar: url }, 'could not delete an avatar file');
    }
  }
}
