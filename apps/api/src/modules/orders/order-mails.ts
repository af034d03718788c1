import {
  carrierName,
  formatMoney,
  formatMoneyOff,
  languagePath,
  trackingUrl,
  type Language,
  type Order,
  type StockShortage,
} from '@boutique/contracts';
import { renderMail, type Line } from '../../lib/mail-layout.js';
import { mailLine, mailText } from '../../lib/mail-texts.js';
import type { MailMessage } from '../../lib/mailer.js';

export interface ShopIdentity {
  name: string;
  publicUrl: string;
  email: string;
  /** The owner's language: their alerts are written in it. */
  language: Language;
  /** SHOP_TIMEZONE: dates in e-mails are the shop's, wherever the reader is. */
  timeZone: string;
}

/** The moves of an order that the shopper is told of, with what the admin gave. */
export interface StatusMailInput {
  status: 'processing' | 'shipped' | 'delivered' | 'cancelled';
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  note?: string | undefined;
}

const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar-MA' };
const longDate = (iso: string, lang: Language, timeZone: string) =>
  new Intl.DateTimeFormat(DATE_LOCALES[lang], { dateStyle: 'long', timeZone }).format(new Date(iso));

const hello = (lang: Language, name: string): Line =>
  mailLine(lang, 'common.hello', { name: name || mailText(lang, 'common.dear') });

/** The words every mail to a shopper shares (greeting, "size", contact line), for the after-sale mails. */
export function shopperWords(lang: Language) {
  return {
    hello: (name: string) => hello(lang, name),
    size: mailText(lang, 'common.size'),
    follow: mailText(lang, 'common.follow'),
    note: mailText(lang, 'common.note'),
    questions: (email: string) => mailText(lang, 'common.questions', { email }),
    vat: (rate: number) => mailText(lang, 'common.vat', { rate }),
  };
}

/** What an order mail needs beyond the order: where to link, and the invoice's VAT line. */
export interface OrderMailContext {
  shop: ShopIdentity;
  /** VAT included in the total, decimal string (shown on the confirmation). */
  vat: string;
  vatPercent: number;
  /** `true` with SHOP_TRN: the document is a tax invoice; otherwise a receipt. */
  taxInvoice: boolean;
}

// The shop's pages in the shopper's language (`/fr/...`, `/ar/...`): the link opens the page they read.
export const ordersLink = (shop: ShopIdentity, lang: Language) =>
  shop.publicUrl + languagePath(lang, '/account/orders');
const invoiceLink = (shop: ShopIdentity, orderId: number, lang: Language) =>
  shop.publicUrl + languagePath(lang, `/account/orders/${orderId}/invoice`);

function itemRows(order: Order, lang: Language) {
  const size = mailText(lang, 'common.size');
  return order.items.map((item) => {
    const options = [item.options.color_name?.[lang], `${size} ${item.options.size}`]
      .filter(Boolean)
      .join(mailText(lang, 'common.listSeparator'));
    return {
      label: `${item.quantity} × ${item.product_name[lang] || item.product_name.en} (${options})`,
      value: formatMoney(item.line_total, lang, { cents: true }),
    };
  });
}

function shipTo(order: Order): string {
  const ship = order.shipping_address ?? order.billing_address;
  return [ship.name, ship.address, [ship.postalCode, ship.city].filter(Boolean).join(' '), ship.country]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/** The shopper's confirmation: lines, totals with the VAT included, address, links to the order and invoice. */
export function confirmationMail(
  order: Order,
  to: string,
  lang: Language,
  ctx: OrderMailContext,
): MailMessage {
  const w = shopperWords(lang);
  const { shop } = ctx;
  const address = shipTo(order);
  const money = (amount: string) => formatMoney(amount, lang, { cents: true });
  const number = order.order_number;
  const awaiting = order.payment_status === 'awaiting_payment';
  return renderMail(to, lang, shop.name, {
    subject: mailText(lang, 'orderConfirmed.subject', { number }),
    greeting: w.hello(order.billing_address.name),
    intro: [
      mailText(lang, 'orderConfirmed.intro', {
        number,
        date: longDate(order.created_at, lang, shop.timeZone),
      }),
    ],
    table: [
      ...itemRows(order, lang),
      {
        label: order.shipping_method
          ? mailText(lang, 'order.shippingBy', { method: order.shipping_method.name[lang] })
          : mailText(lang, 'order.shipping'),
        value:
          Number(order.shipping_amount) === 0 ? mailText(lang, 'order.free') : money(order.shipping_amount),
      },
      ...(order.discount_code
        ? [
            {
              label: mailText(lang, 'order.discount', { code: order.discount_code }),
              value: formatMoneyOff(order.discount_amount, lang, { cents: true }),
            },
          ]
        : []),
      ...(order.cod_fee && Number(order.cod_fee) > 0
        ? [{ label: mailText(lang, 'order.codFee'), value: money(order.cod_fee) }]
        : []),
      {
        label: mailText(lang, awaiting ? 'order.totalDue' : 'order.total'),
        value: money(order.total_amount),
        strong: true,
      },
      { label: w.vat(ctx.vatPercent), value: money(ctx.vat) },
    ],
    after: [
      ...(awaiting && order.payment_method === 'cash_on_delivery'
        ? [mailText(lang, 'order.payOnDelivery', { amount: money(order.total_amount) })]
        : []),
      address ? [mailText(lang, 'order.shipTo'), ' ', { user: address }] : mailText(lang, 'order.noAddress'),
      ...(order.shipping_method ? [deliveryEstimate(order.shipping_method, lang)] : []),
      [
        `${mailText(lang, ctx.taxInvoice ? 'order.invoice' : 'order.receipt')}: `,
        { link: invoiceLink(shop, order.id, lang), label: order.invoice_number ?? order.order_number },
      ],
    ],
    action: { label: w.follow, link: ordersLink(shop, lang) },
    outro: [w.questions(shop.email)],
  });
}

/** A manual order's payment link: the customer pays that order by card with it, once, before it expires. */
export function paymentLinkMail(
  order: Order,
  to: string,
  lang: Language,
  shop: ShopIdentity,
  link: string,
  expiresAt: Date,
): MailMessage {
  const w = shopperWords(lang);
  const number = order.order_number;
  return renderMail(to, lang, shop.name, {
    subject: mailText(lang, 'paymentLink.subject', { number }),
    greeting: w.hello(order.billing_address.name),
    intro: [
      mailText(lang, 'paymentLink.intro', {
        number,
        amount: formatMoney(order.total_amount, lang, { cents: true }),
        date: longDate(expiresAt.toISOString(), lang, shop.timeZone),
      }),
    ],
    table: itemRows(order, lang),
    action: { label: mailText(lang, 'paymentLink.action'), link },
    outro: [w.questions(shop.email)],
  });
}

/** The delivery estimate of the order's shipping rate. */
function deliveryEstimate(method: { min_days: number; max_days: number }, lang: Language): string {
  return method.min_days === method.max_days
    ? mailText(lang, 'order.estimateDays', { count: method.max_days })
    : mailText(lang, 'order.estimate', { min: method.min_days, max: method.max_days });
}

/** The shopper hears of each move of their order: prepared, shipped (carrier and tracking), delivered, cancelled. */
export function orderStatusMail(
  order: Order,
  to: string,
  lang: Language,
  shop: ShopIdentity,
  input: StatusMailInput,
): MailMessage {
  const w = shopperWords(lang);
  const number = order.order_number;
  const greeting = w.hello(order.billing_address.name);
  const note: Line[] = input.note ? [[w.note, ' ', { user: input.note }]] : [];
  const outro = [w.questions(shop.email)];
  const follow = { label: w.follow, link: ordersLink(shop, lang) };
  switch (input.status) {
    case 'processing':
      return renderMail(to, lang, shop.name, {
        subject: mailText(lang, 'orderProcessing.subject', { number }),
        greeting,
        intro: [mailText(lang, 'orderProcessing.intro', { number })],
        after: note,
        action: follow,
        outro,
      });
    case 'shipped': {
      const carrier = input.carrier ? carrierName(input.carrier) : undefined;
      const link =
        input.carrier && input.trackingNumber ? trackingUrl(input.carrier, input.trackingNumber) : undefined;
      const parcel: Line[] = carrier
        ? [
            input.trackingNumber
              ? mailLine(lang, 'orderShipped.carrier', { carrier, tracking: input.trackingNumber })
              : mailLine(lang, 'orderShipped.carrierOnly', { carrier }),
          ]
        : [];
      return renderMail(to, lang, shop.name, {
        subject: mailText(lang, 'orderShipped.subject', { number }),
        greeting,
        intro: [mailText(lang, 'orderShipped.intro', { number }), ...parcel],
        after: note,
        action: link ? { label: mailText(lang, 'orderShipped.track'), link } : follow,
        outro,
      });
    }
    case 'delivered':
      return renderMail(to, lang, shop.name, {
        subject: mailText(lang, 'orderDelivered.subject', { number }),
        greeting,
        intro: [mailText(lang, 'orderDelivered.intro', { number })],
        after: [...note, mailText(lang, 'orderDelivered.after')],
        action: follow,
        outro,
      });
    case 'cancelled':
      return renderMail(to, lang, shop.name, {
        subject: mailText(lang, 'orderCancelled.subject', { number }),
        greeting,
        intro: [
          mailText(lang, 'orderCancelled.intro', {
            number,
            total: formatMoney(order.total_amount, lang, { cents: true }),
          }),
        ],
        after: note,
        action: follow,
        outro,
      });
  }
}

/** The owner's alert of a new order, in the owner's language. */
export function ownerNewOrderMail(order: Order, customerEmail: string, ctx: OrderMailContext): MailMessage {
  const { shop } = ctx;
  const lang = shop.language;
  const total = formatMoney(order.total_amount, lang, { cents: true });
  const number = order.order_number;
  const customer = `${order.billing_address.name} <${customerEmail}>`;
  const address = shipTo(order);
  return {
    ...renderMail(shop.email, lang, shop.name, {
      subject: mailText(lang, 'ownerNewOrder.subject', { number, total }),
      intro: [mailLine(lang, 'ownerNewOrder.intro', { customer }, { number })],
      table: [...itemRows(order, lang), { label: mailText(lang, 'order.total'), value: total, strong: true }],
      after: address
        ? [[mailText(lang, 'order.shipTo'), ' ', { user: address }]]
        : [mailText(lang, 'order.noAddress')],
      action: {
        label: mailText(lang, 'ownerNewOrder.open'),
        link: `${shop.publicUrl}/admin/orders/${order.id}`,
      },
      outro: [],
    }),
    replyTo: customerEmail,
  };
}

export interface RefundMailInput {
  paymentIntentId: string;
  /** AED, decimal string. */
  amount: string;
  customer: { name: string; email: string; lang: Language };
  shortages: StockShortage[];
}

/** The shopper whose paid piece was gone: refunded, and why. */
export function refundedMail(input: RefundMailInput, shop: ShopIdentity): MailMessage {
  const lang = input.customer.lang;
  const w = shopperWords(lang);
  return renderMail(input.customer.email, lang, shop.name, {
    subject: mailText(lang, 'paymentRefunded.subject'),
    greeting: w.hello(input.customer.name),
    intro: [
      mailText(lang, 'paymentRefunded.intro', { amount: formatMoney(input.amount, lang, { cents: true }) }),
    ],
    after:
      input.shortages.length > 0
        ? [
            [
              mailText(lang, 'paymentRefunded.missing'),
              ' ',
              { user: input.shortages.map((s) => `${s.slug} (${s.size})`).join(', ') },
            ],
          ]
        : [],
    outro: [w.questions(shop.email)],
  });
}

/** The owner's alert of the same refund. */
export function ownerRefundMail(input: RefundMailInput, shop: ShopIdentity): MailMessage {
  const lang = shop.language;
  const amount = formatMoney(input.amount, lang, { cents: true });
  return {
    ...renderMail(shop.email, lang, shop.name, {
      subject: mailText(lang, 'ownerPaymentRefunded.subject', { amount }),
      intro: [
        mailLine(
          lang,
          'ownerPaymentRefunded.intro',
          { customer: `${input.customer.name} <${input.customer.email}>` },
          { payment: input.paymentIntentId, amount },
        ),
      ],
      table: input.shortages.map((s) => ({ label: { user: s.slug }, value: `${s.size} (${s.left})` })),
      outro: [],
    }),
    replyTo: input.customer.email,
  };
}
