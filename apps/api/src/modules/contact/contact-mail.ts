import type { CONTACT_SUBJECTS, Language } from '@boutique/contracts';

type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
import { renderMail } from '../../lib/mail-layout.js';
import { mailText } from '../../lib/mail-texts.js';
import type { MailMessage } from '../../lib/mailer.js';

export interface ContactCopyInput {
  id: number;
  name: string;
  email: string;
  phone: string;
  subject: ContactSubject | null;
  message: string;
}

/** The contact form's copy to the shop (SHOP_EMAIL), in the owner's language; replying answers the visitor. */
export function contactCopyMail(
  input: ContactCopyInput,
  shop: { name: string; email: string; language: Language },
): MailMessage {
  const lang = shop.language;
  const topic = mailText(
    lang,
    input.subject ? `shared:contactSubjects.${input.subject}` : 'contactCopy.none',
  );
  return {
    ...renderMail(shop.email, lang, shop.name, {
      subject: mailText(lang, 'contactCopy.subject', { name: input.name, topic }),
      intro: [mailText(lang, 'contactCopy.intro')],
      table: [
        { label: mailText(lang, 'contactCopy.name'), value: { user: input.name } },
        { label: mailText(lang, 'contactCopy.email'), value: { user: input.email } },
        ...(input.phone
          ? [{ label: mailText(lang, 'contactCopy.phone'), value: { user: input.phone } }]
          : []),
        { label: mailText(lang, 'contactCopy.topic'), value: { user: topic } },
      ],
      after: [
        mailText(lang, 'contactCopy.message'),
        ...input.message.split(/\r?\n/).map((line) => ({ user: line })),
      ],
      outro: [],
    }),
    replyTo: input.email,
  };
}
