import { eq } from 'drizzle-orm';
import type { Language } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { enqueueMail } from '../outbox/index.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import { mailText } from '../../lib/mail-texts.js';
import { accountEmail } from './reset-email.js';

/**
 * What changed on an account that its owner must hear about at once, whoever made the change (decision 030):
 * a stranger who got in learns nothing quietly. Each notice is written to the outbox in the change's own
 * transaction, so it goes out exactly when the change holds.
 */
export type SecurityNotice =
  | 'password_changed'
  | 'factor_enabled'
  | 'factor_removed'
  | 'recovery_codes_renewed'
  | 'role_granted'
  | 'role_revoked'
  | 'staff_granted'
  | 'staff_revoked'
  | 'new_device';

export interface NoticeDetails {
  /** The browser's own description (User-Agent) of a new device. */
  device?: string | null | undefined;
  ip?: string | undefined;
}

/** The e-mail of one notice, in the account's language. */
export function securityNoticeEmail(input: {
  to: string;
  name: string;
  shopName: string;
  lang: Language;
  notice: SecurityNotice;
  details?: NoticeDetails;
}): ReturnType<typeof accountEmail> {
  const { lang, notice } = input;
  const device = input.details?.device?.slice(0, 200);
  return accountEmail(input.to, lang, input.shopName, {
    subject: mailText(lang, `securityNotice.${notice}.subject`),
    greeting: mailText(lang, 'common.hello', { name: input.name }),
    intro: [
      mailText(lang, `securityNotice.${notice}.intro`, { shop: input.shopName }),
      ...(device || input.details?.ip
        ? [mailText(lang, 'securityNotice.device', { device: device ?? '?', ip: input.details?.ip ?? '?' })]
        : []),
    ],
    outro: [mailText(lang, 'securityNotice.ifYou'), mailText(lang, 'securityNotice.ifNotYou')],
  });
}

/** Writes the notice of a change to the account's owner into the outbox, in the caller's transaction. */
export async function enqueueSecurityNotice(
  tx: Database,
  shopName: string,
  userId: number,
  notice: SecurityNotice,
  details?: NoticeDetails,
): Promise<void> {
  const [row] = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return;
  const message = securityNoticeEmail({
    to: row.email,
    name: row.name,
    shopName,
    lang: emailLanguage(row.locale ?? undefined),
    notice,
    ...(details && { details }),
  });
  await enqueueMail(tx, { kind: `security_${notice}`, about: `user:${userId}`, message });
}
