import { LANGUAGES, type Language } from '@boutique/contracts';
import type { MailMessage } from '../../lib/mailer.js';

/** `fr`, `fr-FR` and `FR_ca` are French; anything we do not write in is English. */
export function emailLanguage(tag: string | undefined): Language {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : 'en';
}

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

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** What an account e-mail says, in order: greeting, lines, an optional button with its link, closing lines. */
export interface AccountEmailContent {
  subject: string;
  greeting: string;
  intro: string[];
  action?: { label: string; link: string };
  outro: string[];
}

/**
 * An account e-mail (reset, confirmation, notice): plain text, and simple HTML (right to left in Arabic) with
 * the same words, in the shop's colours. The link is shown in full as well, for mail clients without buttons.
 */
export function accountEmail(
  to: string,
  lang: Language,
  shopName: string,
  { subject, greeting, intro, action, outro }: AccountEmailContent,
): MailMessage {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const text = [
    greeting,
    '',
    ...intro.flatMap((line) => [line, '']),
    ...(action ? [action.link, ''] : []),
    ...outro,
    '',
    shopName,
    '',
  ].join('\n');
  const p = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:12px 24px;background:#7a2e2e;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
${p(`<a href="${escapeHtml(action.link)}" style="color:#7a2e2e;word-break:break-all" dir="ltr">${escapeHtml(action.link)}</a>`)}
`
    : '';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;color:#2b2220;font-family:Georgia,'Times New Roman',serif;font-size:16px;line-height:1.5">
<div dir="${dir}" style="max-width:520px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">
${p(escapeHtml(greeting))}
${intro.map((line) => p(escapeHtml(line))).join('\n')}
${button}${outro.map((line) => p(escapeHtml(line))).join('\n')}
<p style="margin:0">${escapeHtml(shopName)}</p>
</div>
</body>
</html>
`;
  return { to, subject: `${subject} · ${shopName}`, text, html };
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
