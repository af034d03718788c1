import { asc, eq } from 'drizzle-orm';
import { VAT_PERCENT, formatMoney, languagePath, type Language } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { orderItems, orders, returns, users } from '../../db/schema/index.js';
import { emailLanguage, renderMail, type Line } from '../../lib/mail-layout.js';
import { mailText } from '../../lib/mail-texts.js';
import type { MailMessage } from '../../lib/mailer.js';
import { fromFils, toFils } from '../../lib/money.js';
import { enqueueMail } from '../outbox/index.js';
import { ordersLink, shopperWords, type ShopIdentity } from '../orders/index.js';
import type { RefundRow } from '../payments/index.js';

/** The credit note's page in the shopper's language: the e-mail's link opens the page they read. */
export const creditNoteLink = (shop: ShopIdentity, orderId: number, number: string, lang: Language) =>
  shop.publicUrl +
  languagePath(lang, `/account/orders/${orderId}/credit-notes/${encodeURIComponent(number)}`);

export interface RefundedMailInput {
  to: string;
  name: string;
  lang: Language;
  orderId: number;
  orderNumber: string;
  returnNumber: string | null;
  refund: Pick<RefundRow, 'amount' | 'creditNoteNumber' | 'creditNoteVat'>;
  lines: { label: string; amount: string }[];
  /** Refunded beyond the lines (shipping, an amount without lines). */
  other: string | null;
}

/** The shopper's news that the money went back, with what it was for and the credit note. */
export function refundedMail(input: RefundedMailInput, shop: ShopIdentity): MailMessage {
  const { lang } = input;
  const w = shopperWords(lang);
  const money = (amount: string) => formatMoney(amount, lang, { cents: true });
  const number = input.refund.creditNoteNumber ?? '';
  const after: Line[] = number
    ? [
        [
          `${mailText(lang, number.startsWith('CN-') ? 'orderRefunded.creditNote' : 'orderRefunded.receipt')}: `,
          { link: creditNoteLink(shop, input.orderId, number, lang), label: number },
        ],
      ]
    : [];
  return renderMail(input.to, lang, shop.name, {
    subject: mailText(lang, 'orderRefunded.subject', { number: input.orderNumber }),
    greeting: w.hello(input.name),
    intro: [
      mailText(lang, 'orderRefunded.intro', {
        amount: money(input.refund.amount),
        number: input.orderNumber,
        // A refund for a return names it.
        ...(input.returnNumber && { rma: input.returnNumber, context: 'return' }),
      }),
    ],
    table: [
      ...input.lines.map((l) => ({ label: { user: l.label }, value: money(l.amount) })),
      ...(input.other ? [{ label: mailText(lang, 'orderRefunded.other'), value: money(input.other) }] : []),
      { label: mailText(lang, 'orderRefunded.total'), value: money(input.refund.amount), strong: true },
      ...(input.refund.creditNoteVat
        ? [{ label: w.vat(VAT_PERCENT), value: money(input.refund.creditNoteVat) }]
        : []),
    ],
    after,
    action: { label: w.follow, link: ordersLink(shop, lang) },
    outro: [w.questions(shop.email)],
  });
}

/** The refund e-mails, written in the transaction that records the refund's success. */
export class RefundMails {
  constructor(private readonly shop: ShopIdentity) {}

  async enqueueRefunded(tx: Database, refund: RefundRow): Promise<void> {
    if (refund.orderId === null) return;
    const [row] = await tx
      .select({ order: orders, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, refund.orderId));
    if (!row) return;
    const [rma] =
      refund.returnId === null
        ? []
        : await tx.select({ number: returns.number }).from(returns).where(eq(returns.id, refund.returnId));
    const lang = emailLanguage(row.order.locale);
    const w = shopperWords(lang);
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, refund.orderId))
      .orderBy(asc(orderItems.id));
    const lines = refund.lines.flatMap((line) => {
      const item = items.find((i) => i.id === line.itemId);
      return item
        ? [
            {
              label: `${line.quantity} × ${item.productName[lang] || item.productName.en} (${w.size} ${item.size})`,
              amount: line.amount,
            },
          ]
        : [];
    });
    const linesFils = refund.lines.reduce((sum, l) => sum + toFils(l.amount), 0);
    const otherFils = toFils(refund.amount) - linesFils;
    await enqueueMail(tx, {
      kind: 'order_refunded',
      about: `order:${refund.orderId}`,
      message: refundedMail(
        {
          to: row.email,
          name: row.order.billingAddress.name,
          lang,
          orderId: row.order.id,
          orderNumber: row.order.orderNumber,
          returnNumber: rma?.number ?? null,
          refund,
          lines,
          other: otherFils > 0 ? fromFils(otherFils) : null,
        },
        this.shop,
      ),
    });
  }
}
