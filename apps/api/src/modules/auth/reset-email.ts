import type { Language } from '@boutique/contracts';
import type { MailMessage } from '../../lib/mailer.js';
import { renderMail } from '../../lib/mail-layout.js';

export { emailLanguage } from '../../lib/mail-layout.js';

/** The words of an e-mail that carries one link: greeting, what it is for, the button, its expiry, a reassurance. */
export interface LinkEmailTexts {
  subject: string;
  greeting: (name: string) => string;
  intro: (shop: string) => string;
  button: string;
  expiry: string;
  ignore: string;
}

const TEXTS: Record<Language, LinkEmailTexts> = {
  en: {
    subject: 'Reset your password',
    greeting: (name) => `Hello ${name},`,
    intro: (shop) =>
      `We received a request to reset the password of your ${shop} account. Choose a new password here:`,
    button: 'Choose a new password',
    expiry: 'This link can be used once and expires in 1 hour.',
    ignore: 'If you did not ask for it, you can ignore this e-mail: your password stays as it is.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    greeting: (name) => `Bonjour ${name},`,
    intro: (shop) =>
      `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${shop}. Choisissez un nouveau mot de passe ici :`,
    button: 'Choisir un nouveau mot de passe',
    expiry: 'Ce lien ne peut servir qu’une fois et expire dans 1 heure.',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  ar: {
    subject: 'إعادة تعيين كلمة المرور',
    greeting: (name) => `مرحباً ${name}،`,
    intro: (shop) => `تلقّينا طلباً لإعادة تعيين كلمة المرور لحسابك في ${shop}. اختر كلمة مرور جديدة من هنا:`,
    button: 'اختيار كلمة مرور جديدة',
    expiry: 'يمكن استخدام هذا الرابط مرة واحدة فقط، وتنتهي صلاحيته خلال ساعة واحدة.',
    ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',
  },
};

/** What an account e-mail says, in order: greeting, lines, an optional button with its link, closing lines. */
export interface AccountEmailContent {
  subject: string;
  greeting: string;
  intro: string[];
  action?: { label: string; link: string };
  outro: string[];
}

/**
 * An account e-mail (reset, confirmation, notice) in the shop's one layout (lib/mail-layout.ts).
 */
export function accountEmail(
  to: string,
  lang: Language,
  shopName: string,
  { subject, greeting, intro, action, outro }: AccountEmailContent,
): MailMessage {
  return renderMail(to, lang, shopName, { subject, greeting, intro, outro, ...(action && { action }) });
}

export interface ResetEmailInput {
  to: string;
  name: string;
  shopName: string;
  link: string;
  lang: Language;
}

/** An e-mail whose point is one link (reset, confirmation), in the recipient's language. */
export function linkEmail(
  texts: Record<Language, LinkEmailTexts>,
  { to, name, shopName, link, lang }: ResetEmailInput,
): MailMessage {
  const t = texts[lang];
  return accountEmail(to, lang, shopName, {
    subject: t.subject,
    greeting: t.greeting(name),
    intro: [t.intro(shopName)],
    action: { label: t.button, link },
    outro: [t.expiry, t.ignore],
  });
}

/** The password-reset e-mail. */
export const resetPasswordEmail = (input: ResetEmailInput): MailMessage => linkEmail(TEXTS, input);
