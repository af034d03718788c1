import type { CONTACT_SUBJECTS, Language } from '@boutique/contracts';

type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
import { renderMail } from '../../lib/mail-layout.js';
import type { MailMessage } from '../../lib/mailer.js';

export interface ContactCopyInput {
  id: number;
  name: string;
  email: string;
  phone: string;
  subject: ContactSubject | null;
  message: string;
}

const T = {
  en: {
    subject: (name: string, s: string) => `Message from ${name}: ${s}`,
    topics: {
      general: 'General question',
      personal: 'Personal advice & made-to-measure',
      orders: 'My order',
      products: 'Our pieces',
      shipping: 'Shipping & delivery',
      other: 'Other',
    },
    none: 'no subject',
    intro: 'A visitor wrote through the contact form. Reply to this e-mail to answer them.',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    topic: 'Subject',
    message: 'Message:',
  },
  fr: {
    subject: (name: string, s: string) => `Message de ${name} : ${s}`,
    topics: {
      general: 'Question générale',
      personal: 'Conseil personnalisé et sur-mesure',
      orders: 'Ma commande',
      products: 'Nos pièces',
      shipping: 'Livraison',
      other: 'Autre',
    },
    none: 'sans objet',
    intro: 'Un visiteur a écrit par le formulaire de contact. Répondez à cet e-mail pour lui répondre.',
    name: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    topic: 'Objet',
    message: 'Message :',
  },
  ar: {
    subject: (name: string, s: string) => `رسالة من ${name}: ${s}`,
    topics: {
      general: 'استفسار عام',
      personal: 'استشارة شخصية وتفصيل حسب المقاس',
      orders: 'طلبي',
      products: 'قطعنا',
      shipping: 'الشحن والتوصيل',
      other: 'موضوع آخر',
    },
    none: 'بدون موضوع',
    intro: 'كتب زائر عبر نموذج التواصل. ردّ على هذه الرسالة للإجابة عليه.',
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    topic: 'الموضوع',
    message: 'الرسالة:',
  },
} satisfies Record<Language, unknown>;

/** The contact form's copy to the shop (SHOP_EMAIL), in the owner's language; replying answers the visitor. */
export function contactCopyMail(
  input: ContactCopyInput,
  shop: { name: string; email: string; language: Language },
): MailMessage {
  const t = T[shop.language];
  const topic = input.subject ? t.topics[input.subject] : t.none;
  return {
    ...renderMail(shop.email, shop.language, shop.name, {
      subject: t.subject(input.name, topic),
      intro: [t.intro],
      table: [
        { label: t.name, value: { user: input.name } },
        { label: t.email, value: { user: input.email } },
        ...(input.phone ? [{ label: t.phone, value: { user: input.phone } }] : []),
        { label: t.topic, value: { user: topic } },
      ],
      after: [t.message, ...input.message.split(/\r?\n/).map((line) => ({ user: line }))],
      outro: [],
    }),
    replyTo: input.email,
  };
}
