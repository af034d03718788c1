import { eq } from 'drizzle-orm';
import type { Language } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { enqueueMail } from '../outbox/index.js';
import { emailLanguage } from '../../lib/mail-layout.js';
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
  | 'new_device';

export interface NoticeDetails {
  /** The browser's own description (User-Agent) of a new device. */
  device?: string | null | undefined;
  ip?: string | undefined;
}

interface Texts {
  greeting: (name: string) => string;
  subjects: Record<SecurityNotice, string>;
  what: Record<SecurityNotice, (shop: string) => string>;
  device: (device: string, ip: string) => string;
  ifYou: string;
  ifNotYou: string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    subjects: {
      password_changed: 'Your password was changed',
      factor_enabled: 'An authenticator app was set up on your account',
      factor_removed: 'The authenticator app was removed from your account',
      recovery_codes_renewed: 'New recovery codes were made for your account',
      role_granted: 'Your account can now run the shop',
      role_revoked: 'Your account no longer runs the shop',
      new_device: 'A new sign-in to the back office',
    },
    what: {
      password_changed: (shop) => `The password of your ${shop} account has just been changed.`,
      factor_enabled: (shop) =>
        `An authenticator app was just set up for signing in to your ${shop} account.`,
      factor_removed: (shop) =>
        `The authenticator app of your ${shop} account was just removed: signing in no longer asks for its codes.`,
      recovery_codes_renewed: (shop) =>
        `New recovery codes were just made for your ${shop} account; the earlier ones no longer work.`,
      role_granted: (shop) => `Your ${shop} account was just made an admin: it can open the back office.`,
      role_revoked: (shop) => `Your ${shop} account is no longer an admin: the back office is closed to it.`,
      new_device: (shop) =>
        `Your ${shop} admin account was just signed in to from a device it had not used lately.`,
    },
    device: (device, ip) => `Device: ${device} · address ${ip}`,
    ifYou: 'If it was you, there is nothing to do.',
    ifNotYou:
      'If it was not you, choose a new password at once (“Forgot your password?”) and tell the person who runs the shop.',
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    subjects: {
      password_changed: 'Votre mot de passe a été changé',
      factor_enabled: 'Une application d’authentification a été configurée sur votre compte',
      factor_removed: 'L’application d’authentification a été retirée de votre compte',
      recovery_codes_renewed: 'De nouveaux codes de secours ont été créés pour votre compte',
      role_granted: 'Votre compte peut désormais gérer la boutique',
      role_revoked: 'Votre compte ne gère plus la boutique',
      new_device: 'Nouvelle connexion à l’administration',
    },
    what: {
      password_changed: (shop) => `Le mot de passe de votre compte ${shop} vient d’être changé.`,
      factor_enabled: (shop) =>
        `Une application d’authentification vient d’être configurée pour la connexion à votre compte ${shop}.`,
      factor_removed: (shop) =>
        `L’application d’authentification de votre compte ${shop} vient d’être retirée : la connexion ne demande plus ses codes.`,
      recovery_codes_renewed: (shop) =>
        `De nouveaux codes de secours viennent d’être créés pour votre compte ${shop} ; les anciens ne fonctionnent plus.`,
      role_granted: (shop) =>
        `Votre compte ${shop} vient de devenir administrateur : il peut ouvrir l’administration.`,
      role_revoked: (shop) =>
        `Votre compte ${shop} n’est plus administrateur : l’administration lui est fermée.`,
      new_device: (shop) =>
        `Quelqu’un vient de se connecter à votre compte administrateur ${shop} depuis un appareil qu’il n’utilisait pas ces derniers temps.`,
    },
    device: (device, ip) => `Appareil : ${device} · adresse ${ip}`,
    ifYou: 'Si c’était vous, il n’y a rien à faire.',
    ifNotYou:
      'Si ce n’était pas vous, choisissez tout de suite un nouveau mot de passe (« Mot de passe oublié ? ») et prévenez la personne qui gère la boutique.',
  },
  ar: {
    greeting: (name) => `مرحباً ${name}،`,
    subjects: {
      password_changed: 'تم تغيير كلمة المرور',
      factor_enabled: 'تم إعداد تطبيق مصادقة لحسابك',
      factor_removed: 'تمت إزالة تطبيق المصادقة من حسابك',
      recovery_codes_renewed: 'تم إنشاء رموز استرداد جديدة لحسابك',
      role_granted: 'أصبح بإمكان حسابك إدارة المتجر',
      role_revoked: 'لم يعد حسابك يدير المتجر',
      new_device: 'تسجيل دخول جديد إلى لوحة الإدارة',
    },
    what: {
      password_changed: (shop) => `تم للتو تغيير كلمة المرور لحسابك في ${shop}.`,
      factor_enabled: (shop) => `تم للتو إعداد تطبيق مصادقة لتسجيل الدخول إلى حسابك في ${shop}.`,
      factor_removed: (shop) =>
        `تمت للتو إزالة تطبيق المصادقة من حسابك في ${shop}: لم يعد تسجيل الدخول يطلب رموزه.`,
      recovery_codes_renewed: (shop) =>
        `تم للتو إنشاء رموز استرداد جديدة لحسابك في ${shop}، ولم تعد الرموز السابقة صالحة.`,
      role_granted: (shop) => `أصبح حسابك في ${shop} مسؤولاً للتو: يمكنه فتح لوحة الإدارة.`,
      role_revoked: (shop) => `لم يعد حسابك في ${shop} مسؤولاً: أُغلقت لوحة الإدارة أمامه.`,
      new_device: (shop) =>
        `تم للتو تسجيل الدخول إلى حساب الإدارة الخاص بك في ${shop} من جهاز لم يُستخدم مؤخراً.`,
    },
    device: (device, ip) => `الجهاز: \u2068${device}\u2069 · العنوان \u2068${ip}\u2069`,
    ifYou: 'إذا كنت أنت، فلا داعي لأي إجراء.',
    ifNotYou: 'إذا لم تكن أنت، فاختر كلمة مرور جديدة فوراً («نسيت كلمة المرور؟») وأبلغ المسؤول عن المتجر.',
  },
};

/** The e-mail of one notice, in the account's language. */
export function securityNoticeEmail(input: {
  to: string;
  name: string;
  shopName: string;
  lang: Language;
  notice: SecurityNotice;
  details?: NoticeDetails;
}): ReturnType<typeof accountEmail> {
  const t = TEXTS[input.lang];
  const device = input.details?.device?.slice(0, 200);
  return accountEmail(input.to, input.lang, input.shopName, {
    subject: t.subjects[input.notice],
    greeting: t.greeting(input.name),
    intro: [
      t.what[input.notice](input.shopName),
      ...(device || input.details?.ip ? [t.device(device ?? '?', input.details?.ip ?? '?')] : []),
    ],
    outro: [t.ifYou, t.ifNotYou],
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
