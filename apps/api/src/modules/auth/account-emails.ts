import type { Language } from '@boutique/contracts';
import type { MailMessage } from '../../lib/mailer.js';
import { accountEmail, linkEmail, type LinkEmailTexts } from './reset-email.js';

/**
 * The e-mails of registration, one function each (written to the outbox by email-verification.ts, decision
 * 022): the link that confirms an address, and the notice to the owner of an address someone tried to
 * register again.
 */

export interface VerificationEmailInput {
  to: string;
  name: string;
  shopName: string;
  /** `{PUBLIC_URL}[/fr|/ar]/account/verify-email?token=...`, in the reader's language */
  link: string;
  lang: Language;
}

const VERIFY: Record<Language, LinkEmailTexts> = {
  en: {
    subject: 'Confirm your e-mail address',
    greeting: (name) => `Hello ${name},`,
    intro: (shop) =>
      `Please confirm that this is your e-mail address, so that your ${shop} account is fully yours:`,
    button: 'Confirm my address',
    expiry: 'This link can be used once and expires in 24 hours.',
    ignore: 'If you did not create an account, you can ignore this e-mail.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail',
    greeting: (name) => `Bonjour ${name},`,
    intro: (shop) =>
      `Confirmez qu’il s’agit bien de votre adresse e-mail, pour que votre compte ${shop} soit entièrement à vous :`,
    button: 'Confirmer mon adresse',
    expiry: 'Ce lien ne peut servir qu’une fois et expire dans 24 heures.',
    ignore: 'Si vous n’avez pas créé de compte, ignorez cet e-mail.',
  },
  ar: {
    subject: 'تأكيد بريدك الإلكتروني',
    greeting: (name) => `مرحباً ${name}،`,
    intro: (shop) => `يُرجى تأكيد أن هذا بريدك الإلكتروني، ليصبح حسابك في ${shop} لك وحدك:`,
    button: 'تأكيد عنواني',
    expiry: 'يمكن استخدام هذا الرابط مرة واحدة فقط، وتنتهي صلاحيته خلال 24 ساعة.',
    ignore: 'إذا لم تُنشئ حساباً، يمكنك تجاهل هذه الرسالة.',
  },
};

/** The link that proves the address: sent at registration, and again when the shopper asks. */
export const verificationEmail = (input: VerificationEmailInput): MailMessage => linkEmail(VERIFY, input);

export interface AlreadyRegisteredEmailInput {
  to: string;
  name: string;
  shopName: string;
  /** The sign-in page and the forgotten-password page. */
  loginLink: string;
  resetLink: string;
  lang: Language;
}

const ALREADY = {
  en: {
    subject: 'You already have an account',
    greeting: (name: string) => `Hello ${name},`,
    intro: (shop: string) =>
      `Someone, perhaps you, tried to create a ${shop} account with this e-mail address. It already has one, so nothing was created.`,
    signIn: 'Sign in',
    forgot: (link: string) => `If you have forgotten your password, choose a new one here: ${link}`,
    ignore: 'If it was not you, you can ignore this e-mail: your account is unchanged.',
  },
  fr: {
    subject: 'Vous avez déjà un compte',
    greeting: (name: string) => `Bonjour ${name},`,
    intro: (shop: string) =>
      `Quelqu’un, peut-être vous, a essayé de créer un compte ${shop} avec cette adresse e-mail. Elle en a déjà un : rien n’a été créé.`,
    signIn: 'Se connecter',
    forgot: (link: string) =>
      `Si vous avez oublié votre mot de passe, choisissez-en un nouveau ici : ${link}`,
    ignore: 'Si ce n’était pas vous, ignorez cet e-mail : votre compte reste inchangé.',
  },
  ar: {
    subject: 'لديك حساب بالفعل',
    greeting: (name: string) => `مرحباً ${name}،`,
    intro: (shop: string) =>
      `حاول شخص ما، ربما أنت، إنشاء حساب في ${shop} بهذا البريد الإلكتروني. لهذا العنوان حساب بالفعل، لذلك لم يُنشأ أي شيء.`,
    signIn: 'تسجيل الدخول',
    forgot: (link: string) => `إذا نسيت كلمة المرور، اختر كلمة جديدة من هنا: ${link}`,
    ignore: 'إذا لم تكن أنت، يمكنك تجاهل هذه الرسالة: حسابك لم يتغيّر.',
  },
} satisfies Record<Language, unknown>;

/** Registration of an address that has an account: its owner hears of it, the registering browser does not. */
export function alreadyRegisteredEmail({
  to,
  name,
  shopName,
  loginLink,
  resetLink,
  lang,
}: AlreadyRegisteredEmailInput): MailMessage {
  const t = ALREADY[lang];
  return accountEmail(to, lang, shopName, {
    subject: t.subject,
    greeting: t.greeting(name),
    intro: [t.intro(shopName)],
    action: { label: t.signIn, link: loginLink },
    outro: [t.forgot(resetLink), t.ignore],
  });
}

const LOCKED = {
  en: {
    subject: 'Two-step verification locked for today',
    greeting: (name: string) => `Hello ${name},`,
    intro: (shop: string, n: number) =>
      `Someone typed ${n} wrong codes of your authenticator app for your ${shop} account today, so codes are refused until tomorrow.`,
    outro: [
      'If it was you, wait until tomorrow, or ask the person who runs the shop’s server to set up your app again.',
      'If it was not you, your password is known to someone else: choose a new one now (“Forgot your password?”).',
    ],
  },
  fr: {
    subject: 'Validation en deux étapes bloquée pour aujourd’hui',
    greeting: (name: string) => `Bonjour ${name},`,
    intro: (shop: string, n: number) =>
      `Quelqu’un a saisi ${n} codes erronés de votre application d’authentification pour votre compte ${shop} aujourd’hui : les codes sont refusés jusqu’à demain.`,
    outro: [
      'Si c’était vous, attendez demain, ou demandez à la personne qui gère le serveur de la boutique de réinitialiser votre application.',
      'Si ce n’était pas vous, quelqu’un connaît votre mot de passe : choisissez-en un nouveau dès maintenant (« Mot de passe oublié ? »).',
    ],
  },
  ar: {
    subject: 'تم إيقاف التحقق بخطوتين لهذا اليوم',
    greeting: (name: string) => `مرحباً ${name}،`,
    intro: (shop: string, n: number) =>
      `أدخل شخص ما ${n} رموز خاطئة من تطبيق المصادقة لحسابك في ${shop} اليوم، لذلك ستُرفض الرموز حتى الغد.`,
    outro: [
      'إذا كنت أنت، انتظر حتى الغد، أو اطلب من المسؤول عن خادم المتجر إعادة إعداد تطبيقك.',
      'إذا لم تكن أنت، فهناك من يعرف كلمة مرورك: اختر كلمة جديدة الآن («نسيت كلمة المرور؟»).',
    ],
  },
} satisfies Record<Language, unknown>;

/** The owner of an account whose second factor was locked for the day after too many wrong codes. */
export function secondFactorLockedEmail(input: {
  to: string;
  name: string;
  shopName: string;
  failures: number;
  lang: Language;
}): MailMessage {
  const t = LOCKED[input.lang];
  return accountEmail(input.to, input.lang, input.shopName, {
    subject: t.subject,
    greeting: t.greeting(input.name),
    intro: [t.intro(input.shopName, input.failures)],
    outro: t.outro,
  });
}
