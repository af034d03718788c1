import { languagePath, type Language, type ReturnStatus, type ReturnType } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { renderMail, type Line } from '../../lib/mail-layout.js';
import { mailLine, mailText } from '../../lib/mail-texts.js';
import type { MailMessage } from '../../lib/mailer.js';
import { enqueueMail } from '../outbox/index.js';
import { ordersLink, shopperWords, type ShopIdentity } from '../orders/index.js';

/** The steps a shopper is e-mailed about (a refund's own e-mail tells of `refunded`). */
export type ReturnMailStep = Exclude<ReturnStatus, 'refunded'>;

/** Where each step's subject and text are in the mail texts. */
const STEP_TEXTS = {
  requested: 'returnRequested',
  approved: 'returnApproved',
  rejected: 'returnRejected',
  received: 'returnReceived',
  exchanged: 'returnExchanged',
  closed: 'returnClosed',
} as const satisfies Record<ReturnMailStep, string>;

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
  // An arrow between two Latin sizes reads backwards in Arabic: its text says it in words.
  return lines.map((l) => ({
    label: { user: `${l.quantity} × ${l.name}` },
    value: l.wantedSize
      ? mailText(lang, 'returnLines.sizeChange', { from: l.size, to: l.wantedSize })
      : `${w.size} ${l.size}`,
  }));
};

/** The shopper's e-mail for one step of their return, in the order's language. */
export function returnStepMail(
  step: ReturnMailStep,
  input: ReturnMailInput,
  shop: ShopIdentity & { address: string[] },
): MailMessage {
  const { lang, rma } = input;
  const w = shopperWords(lang);
  const note: Line[] = input.note ? [[w.note, ' ', { user: input.note }]] : [];
  const texts = STEP_TEXTS[step];
  // Requested, approved and received say whether it is a return or an exchange (`intro_return`, `intro_exchange`).
  const text = mailText(lang, `${texts}.intro`, { rma, number: input.orderNumber, context: input.type });
  const intro: Line[] =
    step === 'approved' ? [text, ...shop.address.map((line): Line => ({ user: line }))] : [text];
  return renderMail(input.to, lang, shop.name, {
    subject: mailText(lang, `${texts}.subject`, { rma }),
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
  return {
    ...renderMail(shop.email, lang, shop.name, {
      subject: mailText(lang, 'ownerReturnRequested.subject', { rma: input.rma, number: input.orderNumber }),
      intro: [
        mailLine(
          lang,
          'ownerReturnRequested.intro',
          { customer: `${input.name} <${input.to}>` },
          { context: input.type },
        ),
      ],
      table: lineRows(input.lines, lang),
      after: [
        [
          mailText(lang, 'ownerReturnRequested.reason'),
          ' ',
          { user: [input.reason, input.comment].filter(Boolean).join(': ') },
        ],
      ],
      action: {
        label: mailText(lang, 'ownerReturnRequested.open'),
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
