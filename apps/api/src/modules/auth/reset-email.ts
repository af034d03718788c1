import type { Language } from '@boutique/contracts';
import type { MailMessage } from '../../lib/mailer.js';
import { renderMail } from '../../lib/mail-layout.js';
import { mailText } from '../../lib/mail-texts.js';

export { emailLanguage } from '../../lib/mail-layout.js';

/** The texts of an e-mail that carries one link: `subject`, `intro`, `button`, `expiry`, `ignore`. */
export type LinkEmailTexts = 'passwordReset' | 'verifyEmail';

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
  texts: LinkEmailTexts,
  { to, name, shopName, link, lang }: ResetEmailInput,
): MailMessage {
  return accountEmail(to, lang, shopName, {
    subject: mailText(lang, `${texts}.subject`),
    greeting: mailText(lang, 'common.hello', { name }),
    intro: [mailText(lang, `${texts}.intro`, { shop: shopName })],
    action: { label: mailText(lang, `${texts}.button`), link },
    outro: [mailText(lang, `${texts}.expiry`), mailText(lang, `${texts}.ignore`)],
  });
}

/** The password-reset e-mail. */
export const resetPasswordEmail = (input: ResetEmailInput): MailMessage => linkEmail('passwordReset', input);
