import { languagePath, type Language, type ReturnStatus, type ReturnType } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { renderMail, type Line } from '../../lib/mail-layout.js';
import type { MailMessage } from '../../lib/mailer.js';
import { enqueueMail } from '../outbox/index.js';
import { ordersLink, shopperWords, type ShopIdentity } from '../orders/index.js';

/** The steps a shopper is e-mailed about (a refund's own e-mail tells of `refunded`). */
export type ReturnMailStep = Exclude<ReturnStatus, 'refunded'>;

const T = {
  en: {
    requested: {
      subject: (rma: string) => `We have your return request ${rma}`,
      intro: (rma: string, n: string, type: ReturnType) =>
        `Thank you: we have your request ${rma} to ${type === 'exchange' ? 'exchange' : 'return'} pieces of order ${n}. We answer within two working days.`,
    },
    approved: {
      subject: (rma: string) => `Your request ${rma} is approved`,
      intro: (rma: string, type: ReturnType) =>
        type === 'exchange'
          ? `Your exchange ${rma} is approved, and the new piece is set aside for you. Please send the pieces you have, with the number ${rma} inside the parcel, to:`
          : `Your return ${rma} is approved. Please send the pieces, with the number ${rma} inside the parcel, to:`,
    },
    rejected: {
      subject: (rma: string) => `About your request ${rma}`,
      intro: (rma: string) => `We are sorry: we cannot accept your request ${rma}.`,
    },
    received: {
      subject: (rma: string) => `We have received your parcel ${rma}`,
      intro: (rma: string, type: ReturnType) =>
        type === 'exchange'
          ? `Your parcel ${rma} has arrived at our workshop: your new piece is next.`
          : `Your parcel ${rma} has arrived at our workshop: your refund follows in its own e-mail.`,
    },
    exchanged: {
      subject: (rma: string) => `Your exchange ${rma} is on its way`,
      intro: (rma: string) => `The new piece of your exchange ${rma} has left our workshop.`,
    },
    closed: {
      subject: (rma: string) => `Your request ${rma} is closed`,
      intro: (rma: string) => `Your request ${rma} is now closed.`,
    },
    owner: {
      subject: (rma: string, n: string) => `New return request ${rma} (order ${n})`,
      intro: (who: string, type: ReturnType): Line => [
        { user: who },
        type === 'exchange' ? ' asks to exchange pieces.' : ' asks to return pieces.',
      ],
      reason: 'Reason:',
      open: 'Open the request',
    },
  },
  fr: {
    requested: {
      subject: (rma: string) => `Nous avons votre demande de retour ${rma}`,
      intro: (rma: string, n: string, type: ReturnType) =>
        `Merci : nous avons votre demande ${rma} pour ${type === 'exchange' ? 'échanger' : 'retourner'} des pièces de la commande ${n}. Nous répondons sous deux jours ouvrés.`,
    },
    approved: {
      subject: (rma: string) => `Votre demande ${rma} est acceptée`,
      intro: (rma: string, type: ReturnType) =>
        type === 'exchange'
          ? `Votre échange ${rma} est accepté et la nouvelle pièce vous est réservée. Envoyez les pièces que vous avez, avec le numéro ${rma} dans le colis, à :`
          : `Votre retour ${rma} est accepté. Envoyez les pièces, avec le numéro ${rma} dans le colis, à :`,
    },
    rejected: {
      subject: (rma: string) => `À propos de votre demande ${rma}`,
      intro: (rma: string) => `Nous sommes désolés : nous ne pouvons pas accepter votre demande ${rma}.`,
    },
    received: {
      subject: (rma: string) => `Nous avons reçu votre colis ${rma}`,
      intro: (rma: string, type: ReturnType) =>
        type === 'exchange'
          ? `Votre colis ${rma} est arrivé à notre atelier : votre nouvelle pièce suit.`
          : `Votre colis ${rma} est arrivé à notre atelier : votre remboursement suit dans un autre e-mail.`,
    },
    exchanged: {
      subject: (rma: string) => `Votre échange ${rma} est en route`,
      intro: (rma: string) => `La nouvelle pièce de votre échange ${rma} a quitté notre atelier.`,
    },
    closed: {
      subject: (rma: string) => `Votre demande ${rma} est close`,
      intro: (rma: string) => `Votre demande ${rma} est maintenant close.`,
    },
    owner: {
      subject: (rma: string, n: string) => `Nouvelle demande de retour ${rma} (commande ${n})`,
      intro: (who: string, type: ReturnType): Line => [
        { user: who },
        type === 'exchange' ? ' demande à échanger des pièces.' : ' demande à retourner des pièces.',
      ],
      reason: 'Motif :',
      open: 'Ouvrir la demande',
    },
  },
  ar: {
    requested: {
      subject: (rma: string) => `استلمنا طلب الإرجاع ${rma}`,
      intro: (rma: string, n: string, type: ReturnType) =>
        `شكراً لك: استلمنا طلبك ${rma} ${type === 'exchange' ? 'لاستبدال' : 'لإرجاع'} قطع من الطلب ${n}. نرد خلال يومي عمل.`,
    },
    approved: {
      subject: (rma: string) => `تمت الموافقة على طلبك ${rma}`,
      intro: (rma: string, type: ReturnType) =>
        type === 'exchange'
          ? `تمت الموافقة على الاستبدال ${rma} وحجزنا لك القطعة الجديدة. أرسل القطع التي لديك مع الرقم ${rma} داخل الطرد إلى:`
          : `تمت الموافقة على الإرجاع ${rma}. أرسل القطع مع الرقم ${rma} داخل الطرد إلى:`,
    },
    rejected: {
      subject: (rma: string) => `بخصوص طلبك ${rma}`,
      intro: (rma: string) => `نعتذر منك: لا يمكننا قبول طلبك ${rma}.`,
    },
    received: {
      subject: (rma: string) => `استلمنا طردك ${rma}`,
      intro: (rma: string, type: ReturnType) =>
        type === 'exchange'
          ? `وصل طردك ${rma} إلى مشغلنا: سنرسل إليك القطعة الجديدة.`
          : `وصل طردك ${rma} إلى مشغلنا: يصلك الاسترداد في رسالة منفصلة.`,
    },
    exchanged: {
      subject: (rma: string) => `الاستبدال ${rma} في الطريق إليك`,
      intro: (rma: string) => `غادرت القطعة الجديدة للاستبدال ${rma} مشغلنا.`,
    },
    closed: {
      subject: (rma: string) => `تم إغلاق طلبك ${rma}`,
      intro: (rma: string) => `تم إغلاق طلبك ${rma}.`,
    },
    owner: {
      subject: (rma: string, n: string) => `طلب إرجاع جديد ${rma} (الطلب ${n})`,
      intro: (who: string, type: ReturnType): Line => [
        { user: who },
        type === 'exchange' ? ' يطلب استبدال قطع.' : ' يطلب إرجاع قطع.',
      ],
      reason: 'السبب:',
      open: 'فتح الطلب',
    },
  },
} satisfies Record<Language, unknown>;

/** What a return e-mail says of one line. */
export interface ReturnMailLine {
  name: string;
  size: string;
  quantity: number;
  wantedSize: string | null;
}

export interface ReturnMailInput {
  to: string;
  name: string;
  lang: Language;
  rma: string;
  orderNumber: string;
  type: ReturnType;
  lines: ReturnMailLine[];
  note: string | null;
}

const lineRows = (lines: ReturnMailLine[], lang: Language) => {
  const w = shopperWords(lang);
  // An arrow between two Latin sizes reads backwards in Arabic: words say it.
  const wanted = (from: string, to: string) =>
    lang === 'ar' ? `من ${w.size} ${from} إلى ${w.size} ${to}` : `${w.size} ${from} → ${to}`;
  return lines.map((l) => ({
    label: { user: `${l.quantity} × ${l.name}` },
    value: l.wantedSize ? wanted(l.size, l.wantedSize) : `${w.size} ${l.size}`,
  }));
};

/** The shopper's e-mail for one step of their return, in the order's language. */
export function returnStepMail(
  step: ReturnMailStep,
  input: ReturnMailInput,
  shop: ShopIdentity & { address: string[] },
): MailMessage {
  const { lang, rma } = input;
  const t = T[lang];
  const w = shopperWords(lang);
  const note: Line[] = input.note ? [[w.note, ' ', { user: input.note }]] : [];
  const intro: Line[] =
    step === 'requested'
      ? [t.requested.intro(rma, input.orderNumber, input.type)]
      : step === 'approved'
        ? [t.approved.intro(rma, input.type), ...shop.address.map((line): Line => ({ user: line }))]
        : step === 'received'
          ? [t.received.intro(rma, input.type)]
          : [t[step].intro(rma)];
  return renderMail(input.to, lang, shop.name, {
    subject: t[step].subject(rma),
    greeting: w.hello(input.name),
    intro,
    table: lineRows(input.lines, lang),
    after: note,
    action: { label: w.follow, link: ordersLink(shop, lang) },
    outro: [w.questions(shop.email)],
  });
}

/** The owner's alert of a new request, in the owner's language, with a link to it in the back office. */
export function ownerReturnMail(
  input: ReturnMailInput & { returnId: number; reason: string; comment: string | null },
  shop: ShopIdentity,
): MailMessage {
  const lang = shop.language;
  const t = T[lang];
  return {
    ...renderMail(shop.email, lang, shop.name, {
      subject: t.owner.subject(input.rma, input.orderNumber),
      intro: [t.owner.intro(`${input.name} <${input.to}>`, input.type)],
      table: lineRows(input.lines, lang),
      after: [[t.owner.reason, ' ', { user: [input.reason, input.comment].filter(Boolean).join(': ') }]],
      action: {
        label: t.owner.open,
        link: shop.publicUrl + languagePath(lang, `/admin/returns/${input.returnId}`),
      },
      outro: [],
    }),
    replyTo: input.to,
  };
}

export class ReturnMails {
  constructor(private readonly shop: ShopIdentity & { address: string[] }) {}

  async enqueueStep(tx: Database, step: ReturnMailStep, input: ReturnMailInput, returnId: number) {
    await enqueueMail(tx, {
      kind: `return_${step}`,
      about: `return:${returnId}`,
      message: returnStepMail(step, input, this.shop),
    });
  }

  async enqueueOwnerAlert(
    tx: Database,
    input: ReturnMailInput & { returnId: number; reason: string; comment: string | null },
  ) {
    await enqueueMail(tx, {
      kind: 'owner_return_requested',
      about: `return:${input.returnId}`,
      message: ownerReturnMail(input, this.shop),
    });
  }
}
