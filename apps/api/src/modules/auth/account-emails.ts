import type { Language } from '@boutique/contracts';
import type { MailMessage } from '../../lib/mailer.js';
import { mailText } from '../../lib/mail-texts.js';
import { accountEmail, linkEmail } from './reset-email.js';

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

/** The link that proves the address: sent at registration, and again when the shopper asks. */
export const verificationEmail = (input: VerificationEmailInput): MailMessage =>
  linkEmail('verifyEmail', input);

export interface AlreadyRegisteredEmailInput {
  to: string;
  name: string;
  shopName: string;
  /** The sign-in page and the forgotten-password page. */
  loginLink: string;
  resetLink: string;
  lang: Language;
}

/** Registration of an address that has an account: its owner hears of it, the registering browser does not. */
export function alreadyRegisteredEmail({
  to,
  name,
  shopName,
  loginLink,
  resetLink,
  lang,
}: AlreadyRegisteredEmailInput): MailMessage {
  return accountEmail(to, lang, shopName, {
    subject: mailText(lang, 'alreadyRegistered.subject'),
    greeting: mailText(lang, 'common.hello', { name }),
    intro: [mailText(lang, 'alreadyRegistered.intro', { shop: shopName })],
    action: { label: mailText(lang, 'alreadyRegistered.signIn'), link: loginLink },
    outro: [
      mailText(lang, 'alreadyRegistered.forgot', { link: resetLink }),
      mailText(lang, 'alreadyRegistered.ignore'),
    ],
  });
}

/** The owner of an account whose second factor was locked for the day after too many wrong codes. */
export function secondFactorLockedEmail(input: {
  to: string;
  name: string;
  shopName: string;
  failures: number;
  lang: Language;
}): MailMessage {
  const { lang } = input;
  return accountEmail(input.to, lang, input.shopName, {
    subject: mailText(lang, 'secondFactorLocked.subject'),
    greeting: mailText(lang, 'common.hello', { name: input.name }),
    intro: [mailText(lang, 'secondFactorLocked.intro', { shop: input.shopName, count: input.failures })],
    outro: [mailText(lang, 'secondFactorLocked.ifYou'), mailText(lang, 'secondFactorLocked.ifNotYou')],
  });
}
