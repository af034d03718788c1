import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES, languagePath, type Language } from '@boutique/contracts';
import type {
  StaffInvitation,
  StaffInvitationAccept,
  StaffInvitationCreate,
  StaffInvitationView,
  StaffMember,
} from '@boutique/contracts/admin-staff';
import type { Database } from '../../db/client.js';
import { staffInvitations, users, userTotp } from '../../db/schema/index.js';
import { fieldError, HttpError, unprocessable } from '../../lib/http-error.js';
import { renderMail } from '../../lib/mail-layout.js';
import { mailText } from '../../lib/mail-texts.js';
import { recordAudit } from '../audit/index.js';
import {
  enqueueSecurityNotice,
  handOver,
  hashPassword,
  removeSecondFactor,
  verifyPassword,
  weakPasswordReason,
} from '../auth/index.js';
import { enqueueMail } from '../outbox/index.js';

export interface StaffSettings {
  publicUrl: string;
  shopName: string;
  /** STAFF_INVITE_HOURS. */
  inviteHours: number;
}

const INVALID = 'The given data was invalid';
export const INVITATION_INVALID = 'This invitation is invalid, was used already or has expired.';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
/** One answer for an unknown, spent, revoked or expired link: the link's holder learns nothing more. */
const invalidInvitation = () =>
  new HttpError(410, INVITATION_INVALID, undefined, { code: ERROR_CODES.staffInvitationInvalid });
const isOwner = () =>
  new HttpError(409, 'The owner of the shop is not changed here.', undefined, {
    code: ERROR_CODES.staffIsOwner,
  });
const live = (hash: string) =>
  and(
    eq(staffInvitations.tokenHash, hash),
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, sql`now()`),
  );
const asLanguage = (value: string): Language => (value === 'fr' || value === 'ar' ? value : 'en');

/**
 * The owner's staff: who holds the back office, who is invited, and the invitee's acceptance. An invitation is a
 * single-use link (only its sha256 is stored) e-mailed through the outbox in the invitee's language; opening it
 * changes nothing, accepting it makes the account `staff` (and proves its address). Every change is audited in
 * its transaction, and the account's owner hears of their role in their language.
 */
export class StaffService {
  constructor(
    private readonly db: Database,
    private readonly settings: StaffSettings,
  ) {}

  async list(): Promise<{ members: StaffMember[]; invitations: StaffInvitation[] }> {
    const members = await this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        factor: userTotp.confirmedAt,
        since: sql<Date | null>`(select max(${staffInvitations.acceptedAt}) from ${staffInvitations}
          where ${staffInvitations.acceptedBy} = ${users.id})`,
      })
      .from(users)
      .leftJoin(userTotp, eq(userTotp.userId, users.id))
      .where(inArray(users.role, ['admin', 'staff']))
      .orderBy(desc(sql`${users.role} = 'admin'`), users.name, users.id);
    const inviter = sql<
      string | null
    >`(select ${users.name} from ${users} where ${users.id} = ${staffInvitations.invitedBy})`;
    const pending = await this.db
      .select({ row: staffInvitations, inviter })
      .from(staffInvitations)
      .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id))
      .limit(200);
    const now = Date.now();
    return {
      members: members.map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        role: m.role === 'admin' ? 'admin' : 'staff',
        second_factor: m.factor !== null,
        since: m.since ? new Date(m.since).toISOString() : null,
      })),
      invitations: pending.map(({ row, inviter: by }) => this.#invitation(row, by, now)),
    };
  }

  #invitation(
    row: typeof staffInvitations.$inferSelect,
    by: string | null,
    now = Date.now(),
  ): StaffInvitation {
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      language: asLanguage(row.language),
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      invited_by: by,
      expired: row.expiresAt.getTime() <= now,
    };
  }

  /**
   * Invites `email` to the staff: a new link (an earlier pending one to the same address stops working), its
   * e-mail in the invitee's language. An address already on the staff, or the owner's, is a field error.
   */
  async invite(actorId: number, input: StaffInvitationCreate): Promise<StaffInvitation> {
    const token = randomBytes(32).toString('base64url');
    const email = input.email.trim().toLowerCase();
    const { publicUrl, shopName, inviteHours } = this.settings;
    return this.db.transaction(async (tx) => {
      const [account] = await tx.select({ role: users.role }).from(users).where(eq(users.email, email));
      if (account && account.role !== 'customer') {
        throw unprocessable(INVALID, {
          email: [
            fieldError(
              'taken',
              account.role === 'admin'
                ? 'This address is the owner’s.'
                : 'This address is on the staff already.',
            ),
          ],
        });
      }
      const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
      await tx
        .update(staffInvitations)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(staffInvitations.email, email),
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.revokedAt),
          ),
        );
      const [row] = await tx
        .insert(staffInvitations)
        .values({
          email,
          name: input.name,
          language: input.language,
          tokenHash: sha256Hex(token),
          invitedBy: actorId,
          expiresAt: sql`now() + make_interval(hours => ${inviteHours})`,
        })
        .returning();
      if (!row) throw new Error('invitation not stored');
      const lang = input.language;
      const message = renderMail(email, lang, shopName, {
        subject: mailText(lang, 'staffInvitation.subject'),
        greeting: mailText(lang, 'common.hello', { name: input.name }),
        intro: [
          mailText(lang, 'staffInvitation.intro', { shop: shopName, inviter: inviter?.name ?? shopName }),
        ],
        action: {
          label: mailText(lang, 'staffInvitation.button'),
          link: publicUrl + languagePath(lang, `/staff-invitation/${token}`),
        },
        outro: [
          mailText(lang, 'staffInvitation.expiry', { hours: inviteHours }),
          mailText(lang, 'staffInvitation.ignore'),
        ],
      });
      await enqueueMail(tx, { kind: 'staff_invitation', about: `staff_invitation:${row.id}`, message });
      const invitation = this.#invitation(row, inviter?.name ?? null);
      await recordAudit(tx, {
        actorId,
        action: 'staff.invite',
        entity: 'staff_invitation',
        entityId: row.id,
        after: { email, name: input.name, language: lang, expires_at: invitation.expires_at },
      });
      return invitation;
    });
  }

  /** Withdraws a pending invitation: its link stops working. Undefined when there is none pending. */
  async revokeInvitation(actorId: number, id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffInvitations)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(staffInvitations.id, id),
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.revokedAt),
          ),
        )
        .returning();
      if (!row) return false;
      await recordAudit(tx, {
        actorId,
        action: 'staff.invitation.revoke',
        entity: 'staff_invitation',
        entityId: id,
        before: { email: row.email, name: row.name },
      });
      return true;
    });
  }

  /**
   * Takes a staff member back to a customer at once (the guard reads the role at every call), with their
   * authenticator app (granted again, they set up a new one). The owner is never changed here.
   */
  async remove(actorId: number, userId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ role: users.role, email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!row || row.role === 'customer') return false;
      if (row.role === 'admin') throw isOwner();
      await tx.update(users).set({ role: 'customer', updatedAt: new Date() }).where(eq(users.id, userId));
      const factorRemoved = await removeSecondFactor(tx, userId);
      await recordAudit(tx, {
        actorId,
        action: 'staff.remove',
        entity: 'user',
        entityId: userId,
        before: { role: 'staff', email: row.email },
        after: { role: 'customer', second_factor_removed: factorRemoved },
      });
      await enqueueSecurityNotice(tx, this.settings.shopName, userId, 'staff_revoked');
      return true;
    });
  }

  /** What the invitation page shows; the same 410 for every link that does not work. */
  async view(token: string): Promise<StaffInvitationView> {
    if (!TOKEN.test(token)) throw invalidInvitation();
    const [row] = await this.db
      .select()
      .from(staffInvitations)
      .where(live(sha256Hex(token)))
      .limit(1);
    if (!row) throw invalidInvitation();
    const [account] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, row.email));
    return {
      email: row.email,
      name: row.name,
      language: asLanguage(row.language),
      account: account ? 'existing' : 'none',
      expires_at: row.expiresAt.toISOString(),
    };
  }

  /**
   * Accepts an invitation; the link proves the mailbox. Whoever accepts must also hold the account of the
   * address when one exists: signed in to it, or its password. An account whose address was never confirmed may
   * instead get a new password, which hands it over (decision 030: its other sign-ins end, its app goes). With
   * no account, a name and a password make one, its address confirmed. The account becomes `staff`; it sets up
   * an authenticator app before the back office opens. Answers the sign-ins that ended, to publish.
   */
  async accept(
    token: string,
    body: StaffInvitationAccept,
    signedIn: number | undefined,
  ): Promise<{ email: string; revoked: string[] }> {
    if (!TOKEN.test(token)) throw invalidInvitation();
    const hash = sha256Hex(token);
    const [invitation] = await this.db.select().from(staffInvitations).where(live(hash)).limit(1);
    if (!invitation) throw invalidInvitation();
    const [account] = await this.db
      .select({
        id: users.id,
        role: users.role,
        passwordHash: users.passwordHash,
        verifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(eq(users.email, invitation.email));
    if (account?.role === 'admin') throw isOwner();

    let newHash: string | undefined;
    if (signedIn !== undefined && account?.id !== signedIn) {
      throw new HttpError(
        409,
        'This invitation is for another address: sign out, then open the link again.',
        undefined,
        { code: ERROR_CODES.staffInvitationOtherAccount },
      );
    }
    if (signedIn === undefined) {
      if (account && body.current_password !== undefined) {
        if (!account.passwordHash || !(await verifyPassword(account.passwordHash, body.current_password))) {
          throw unprocessable(INVALID, {
            current_password: [fieldError('incorrect', 'This is not the password of the account.')],
          });
        }
      } else if (body.password !== undefined && !(account && account.verifiedAt !== null)) {
        const weak = weakPasswordReason(body.password, invitation.email, body.name ?? invitation.name);
        if (weak) throw unprocessable(INVALID, { password: [weak] });
        newHash = await hashPassword(body.password);
      } else {
        throw unprocessable(INVALID, {
          [account ? 'current_password' : 'password']: [
            fieldError(
              'required',
              account ? 'Enter the password of your account, or sign in to it first.' : 'Choose a password.',
            ),
          ],
        });
      }
    }

    return this.db.transaction(async (tx) => {
      // The conditional update is the lock: of two uses of one link, exactly one gets the row.
      const [spent] = await tx
        .update(staffInvitations)
        .set({ acceptedAt: sql`now()` })
        .where(live(hash))
        .returning({ id: staffInvitations.id });
      if (!spent) throw invalidInvitation();
      let userId: number;
      let revoked: string[] = [];
      if (!account) {
        const [created] = await tx
          .insert(users)
          .values({
            name: body.name ?? invitation.name,
            email: invitation.email,
            passwordHash: newHash ?? null,
            role: 'staff',
            emailVerifiedAt: sql`now()`,
            locale: invitation.language,
          })
          .returning({ id: users.id });
        if (!created) throw new Error('account not created');
        userId = created.id;
      } else {
        userId = account.id;
        const [changed] = await tx
          .update(users)
          .set({
            role: 'staff',
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
            ...(newHash !== undefined && { passwordHash: newHash }),
            updatedAt: new Date(),
          })
          .where(and(eq(users.id, account.id), eq(users.role, account.role)))
          .returning({ id: users.id });
        if (!changed) throw invalidInvitation();
        if (newHash !== undefined) {
          const handed = await handOver(tx, account.id);
          revoked = handed.revoked;
          await enqueueSecurityNotice(tx, this.settings.shopName, userId, 'password_changed');
        }
      }
      await tx.update(staffInvitations).set({ acceptedBy: userId }).where(eq(staffInvitations.id, spent.id));
      await recordAudit(tx, {
        actorId: userId,
        action: 'staff.accept',
        entity: 'user',
        entityId: userId,
        before: { role: account?.role ?? null },
        after: { role: 'staff', invitation: spent.id, new_account: !account },
      });
      await enqueueSecurityNotice(tx, this.settings.shopName, userId, 'staff_granted');
      return { email: invitation.email, revoked };
    });
  }
}
