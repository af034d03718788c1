import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FieldErrors, ProfileUpdate, User } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { passwordResetTokens, users } from '../../db/schema/index.js';
import { unprocessable } from '../../lib/http-error.js';
import { AvatarError, type AvatarStore } from './avatars.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { toUser } from './service.js';
import { liveFamilyOf, revokeSignIns } from './sessions.js';

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to choose a new one.';
export const CURRENT_PASSWORD_WRONG = 'The current password is incorrect.';

const invalid = (errors: FieldErrors) => unprocessable('The given data was invalid', errors);

/** The signed-in customer's own account: name, picture and password. */
export class ProfileService {
  constructor(
    private readonly db: Database,
    private readonly avatars: AvatarStore,
  ) {}

  /**
   * Applies the changes all together or not at all: every field is checked (the current password, the picture
   * decoded) before anything is written. A new password ends every other sign-in of the account; the one of
   * `refreshToken` (the cookie sent with this request) stays. Undefined when the account no longer exists.
   */
  async update(
    userId: number,
    input: ProfileUpdate,
    refreshToken: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row) return undefined;

    const errors: FieldErrors = {};
    const changesPassword = input.password !== undefined;
    // An account made by social sign-in has no password yet: it may choose one without a current one.
    if (changesPassword && row.passwordHash) {
      if (!input.current_password) errors.current_password = [CURRENT_PASSWORD_REQUIRED];
      else if (!(await verifyPassword(row.passwordHash, input.current_password))) {
        errors.current_password = [CURRENT_PASSWORD_WRONG];
      }
    }
    let picture: Buffer | undefined;
    if (typeof input.avatar === 'string') {
      try {
        picture = await this.avatars.prepare(input.avatar);
      } catch (err) {
        if (!(err instanceof AvatarError)) throw err;
        errors.avatar = [err.message];
      }
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);

    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    const avatar = picture
      ? await this.avatars.save(userId, picture)
      : input.avatar === null
        ? null
        : undefined;

    let outcome: { user: User; previousAvatar: string | null } | undefined;
    try {
      outcome = await this.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!locked) return undefined;
        // The password we checked was replaced meanwhile (a reset, another tab): the check no longer holds.
        if (changesPassword && locked.passwordHash !== row.passwordHash) {
          throw invalid({ current_password: [CURRENT_PASSWORD_WRONG] });
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
        if (changesPassword) {
          await revokeSignIns(tx, userId, await liveFamilyOf(tx, userId, refreshToken));
          // A reset link asked for before the change would undo it.
          await tx
            .update(passwordResetTokens)
            .set({ usedAt: sql`now()` })
            .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        }
        return { user: toUser(updated), previousAvatar: locked.avatar };
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
    return outcome.user;
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
