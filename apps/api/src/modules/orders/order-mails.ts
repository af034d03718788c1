import {
  carrierName,
  formatMoney,
  languagePath,
  trackingUrl,
  type Language,
  type Order,
  type StockShortage,
} from '@boutique/contracts';
import { renderMail, type Line } from '../../lib/mail-layout.js';
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

const T = {
  en: {
    hello: (name: string): Line => ['Hello ', { user: name }, ','],
    dear: 'dear customer',
    size: 'size',
    shipping: 'Shipping',
    free: 'Free',
    total: 'Total paid',
    vat: (rate: number) => `of which VAT ${rate}%`,
    follow: 'Follow your order',
    invoice: 'Tax invoice',
    receipt: 'Receipt',
    questions: (email: string) => `Questions? Reply to this e-mail or write to ${email}.`,
    shipTo: 'We will ship to:',
    noAddress: 'We will contact you to confirm the delivery address.',
    confirmation: {
      subject: (n: string) => `Your order ${n} is confirmed`,
      intro: (n: string, date: string) => `Thank you for your order ${n} of ${date}. Here is what you chose:`,
    },
    processing: {
      subject: (n: string) => `Your order ${n} is being prepared`,
      intro: (n: string) => `Good news: our workshop is preparing your order ${n}.`,
    },
    shipped: {
      subject: (n: string) => `Your order ${n} is on its way`,
      intro: (n: string) => `Your order ${n} has left our workshop.`,
      carrier: (c: string, t: string): Line => [
        'Carrier: ',
        { user: c },
        ' · tracking number: ',
        { user: t },
      ],
      carrierOnly: (c: string): Line => ['Carrier: ', { user: c }],
      track: 'Track the parcel',
    },
    delivered: {
      subject: (n: string) => `Your order ${n} has been delivered`,
      intro: (n: string) => `Your order ${n} has been delivered. We hope you love it.`,
      after: 'If anything is not right, reply to this e-mail: we will make it right.',
    },
    cancelled: {
      subject: (n: string) => `Your order ${n} has been cancelled`,
      intro: (n: string, total: string) =>
        `Your order ${n} has been cancelled. The ${total} you paid will be refunded to your card; depending on your bank it shows within 5 to 10 days.`,
    },
    note: 'A word from us:',
    refunded: {
      subject: 'Your payment is being refunded',
      intro: (amount: string) =>
        `We are sorry: the last piece you paid for was sold while your payment was going through, so we could not make your order. Your ${amount} is being refunded in full to your card; depending on your bank it shows within 5 to 10 days.`,
      missing: 'What was no longer available:',
    },
    owner: {
      subject: (n: string, total: string) => `New order ${n}: ${total}`,
      intro: (n: string, who: string): Line => [`New order ${n} from `, { user: who }, '.'],
      open: 'Open the order',
    },
    ownerRefund: {
      subject: (amount: string) => `Payment refunded for want of stock: ${amount}`,
      intro: (payment: string, amount: string, who: string): Line => [
        `Payment ${payment} of ${amount} by `,
        { user: who },
        ' succeeded after the pieces it held were sold: no order was made and it is being refunded automatically (the back office lists the refund above the orders if the provider does not confirm it).',
      ],
    },
  },
  fr: {
    hello: (name: string): Line => ['Bonjour ', { user: name }, ','],
    dear: 'chère cliente, cher client',
    size: 'taille',
    shipping: 'Livraison',
    free: 'Offerte',
    total: 'Total payé',
    vat: (rate: number) => `dont TVA ${rate} %`,
    follow: 'Suivre ma commande',
    invoice: 'Facture fiscale',
    receipt: 'Reçu',
    questions: (email: string) => `Une question ? Répondez à cet e-mail ou écrivez à ${email}.`,
    shipTo: 'Nous livrerons à :',
    noAddress: 'Nous vous contacterons pour confirmer l’adresse de livraison.',
    confirmation: {
      subject: (n: string) => `Votre commande ${n} est confirmée`,
      intro: (n: string, date: string) =>
        `Merci pour votre commande ${n} du ${date}. Voici ce que vous avez choisi :`,
    },
    processing: {
      subject: (n: string) => `Votre commande ${n} est en préparation`,
      intro: (n: string) => `Bonne nouvelle : notre atelier prépare votre commande ${n}.`,
    },
    shipped: {
      subject: (n: string) => `Votre commande ${n} est en route`,
      intro: (n: string) => `Votre commande ${n} a quitté notre atelier.`,
      carrier: (c: string, t: string): Line => [
        'Transporteur : ',
        { user: c },
        ' · numéro de suivi : ',
        { user: t },
      ],
      carrierOnly: (c: string): Line => ['Transporteur : ', { user: c }],
      track: 'Suivre le colis',
    },
    delivered: {
      subject: (n: string) => `Votre commande ${n} a été livrée`,
      intro: (n: string) => `Votre commande ${n} a été livrée. Nous espérons qu’elle vous plaira.`,
      after: 'Si quelque chose ne va pas, répondez à cet e-mail : nous arrangerons cela.',
    },
    cancelled: {
      subject: (n: string) => `Votre commande ${n} a été annulée`,
      intro: (n: string, total: string) =>
        `Votre commande ${n} a été annulée. Les ${total} payés seront remboursés sur votre carte ; selon votre banque, ils apparaissent sous 5 à 10 jours.`,
    },
    note: 'Un mot de notre part :',
    refunded: {
      subject: 'Votre paiement vous est remboursé',
      intro: (amount: string) =>
        `Nous sommes désolés : la dernière pièce que vous avez payée a été vendue pendant votre paiement, nous n’avons donc pas pu créer votre commande. Vos ${amount} vous sont intégralement remboursés sur votre carte ; selon votre banque, ils apparaissent sous 5 à 10 jours.`,
      missing: 'Ce qui n’était plus disponible :',
    },
    owner: {
      subject: (n: string, total: string) => `Nouvelle commande ${n} : ${total}`,
      intro: (n: string, who: string): Line => [`Nouvelle commande ${n} de `, { user: who }, '.'],
      open: 'Ouvrir la commande',
    },
    ownerRefund: {
      subject: (amount: string) => `Paiement remboursé faute de stock : ${amount}`,
      intro: (payment: string, amount: string, who: string): Line => [
        `Le paiement ${payment} de ${amount} par `,
        { user: who },
        ' a abouti après la vente des pièces qu’il réservait : aucune commande n’a été créée et il est remboursé automatiquement.',
      ],
    },
  },
  ar: {
    hello: (name: string): Line => ['مرحباً ', { user: name }, '،'],
    dear: 'عزيزتنا العميلة، عزيزنا العميل',
    size: 'المقاس',
    shipping: 'الشحن',
    free: 'مجاني',
    total: 'المبلغ المدفوع',
    vat: (rate: number) => `منها ضريبة القيمة المضافة ${rate}٪`,
    follow: 'تتبّع طلبك',
    invoice: 'فاتورة ضريبية',
    receipt: 'إيصال',
    questions: (email: string) => `لديك سؤال؟ ردّ على هذه الرسالة أو راسلنا على ${email}.`,
    shipTo: 'سنشحن إلى:',
    noAddress: 'سنتواصل معك لتأكيد عنوان التوصيل.',
    confirmation: {
      subject: (n: string) => `تم تأكيد طلبك ${n}`,
      intro: (n: string, date: string) => `شكراً لطلبك ${n} بتاريخ ${date}. إليك ما اخترته:`,
    },
    processing: {
      subject: (n: string) => `طلبك ${n} قيد التحضير`,
      intro: (n: string) => `خبر سار: يقوم مشغلنا بتحضير طلبك ${n}.`,
    },
    shipped: {
      subject: (n: string) => `طلبك ${n} في الطريق إليك`,
      intro: (n: string) => `غادر طلبك ${n} مشغلنا.`,
      carrier: (c: string, t: string): Line => ['شركة الشحن: ', { user: c }, ' · رقم التتبّع: ', { user: t }],
      carrierOnly: (c: string): Line => ['شركة الشحن: ', { user: c }],
      track: 'تتبّع الطرد',
    },
    delivered: {
      subject: (n: string) => `تم توصيل طلبك ${n}`,
      intro: (n: string) => `تم توصيل طلبك ${n}. نتمنى أن ينال إعجابك.`,
      after: 'إن لم يكن شيء على ما يرام، ردّ على هذه الرسالة وسنصلحه.',
    },
    cancelled: {
      subject: (n: string) => `تم إلغاء طلبك ${n}`,
      intro: (n: string, total: string) =>
        `تم إلغاء طلبك ${n}. سيُعاد المبلغ المدفوع ${total} إلى بطاقتك، ويظهر خلال 5 إلى 10 أيام حسب مصرفك.`,
    },
    note: 'كلمة منا:',
    refunded: {
      subject: 'جارٍ استرداد دفعتك',
      intro: (amount: string) =>
        `نعتذر منك: بيعت القطعة الأخيرة التي دفعت ثمنها أثناء معالجة الدفع، لذلك لم نتمكن من إنشاء طلبك. يُعاد المبلغ ${amount} كاملاً إلى بطاقتك، ويظهر خلال 5 إلى 10 أيام حسب مصرفك.`,
      missing: 'ما لم يعد متوفراً:',
    },
    owner: {
      subject: (n: string, total: string) => `طلب جديد ${n}: ${total}`,
      intro: (n: string, who: string): Line => [`طلب جديد ${n} من `, { user: who }, '.'],
      open: 'فتح الطلب',
    },
    ownerRefund: {
      subject: (amount: string) => `دفعة مستردة لنفاد المخزون: ${amount}`,
      intro: (payment: string, amount: string, who: string): Line => [
        `نجحت الدفعة ${payment} بمبلغ ${amount} من `,
        { user: who },
        ' بعد بيع القطع التي كانت محجوزة لها: لم يُنشأ أي طلب، وتُستردّ تلقائياً.',
      ],
    },
  },
} satisfies Record<Language, unknown>;

/** The words every mail to a shopper shares (greeting, "size", contact line), for the after-sale mails. */
export function shopperWords(lang: Language) {
  const t = T[lang];
  return {
    hello: (name: string) => t.hello(name || t.dear),
    size: t.size,
    follow: t.follow,
    note: t.note,
    questions: t.questions,
    vat: t.vat,
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
  const t = T[lang];
  return order.items.map((item) => {
    const options = [item.options.color_name?.[lang], `${t.size} ${item.options.size}`]
      .filter(Boolean)
      .join(lang === 'ar' ? '، ' : ', ');
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
  const t = T[lang];
  const { shop } = ctx;
  const address = shipTo(order);
  const money = (amount: string) => formatMoney(amount, lang, { cents: true });
  return renderMail(to, lang, shop.name, {
    subject: t.confirmation.subject(order.order_number),
    greeting: t.hello(order.billing_address.name || t.dear),
    intro: [t.confirmation.intro(order.order_number, longDate(order.created_at, lang, shop.timeZone))],
    table: [
      ...itemRows(order, lang),
      {
        label: t.shipping,
        value: Number(order.shipping_amount) === 0 ? t.free : money(order.shipping_amount),
      },
      { label: t.total, value: money(order.total_amount), strong: true },
      { label: t.vat(ctx.vatPercent), value: money(ctx.vat) },
    ],
    after: [
      address ? [t.shipTo, ' ', { user: address }] : t.noAddress,
      [
        `${ctx.taxInvoice ? t.invoice : t.receipt}: `,
        { link: invoiceLink(shop, order.id, lang), label: order.invoice_number ?? order.order_number },
      ],
    ],
    action: { label: t.follow, link: ordersLink(shop, lang) },
    outro: [t.questions(shop.email)],
  });
}

/** The shopper hears of each move of their order: prepared, shipped (carrier and tracking), delivered, cancelled. */
export function orderStatusMail(
  order: Order,
  to: string,
  lang: Language,
  shop: ShopIdentity,
  input: StatusMailInput,
): MailMessage {
  const t = T[lang];
  const n = order.order_number;
  const greeting = t.hello(order.billing_address.name || t.dear);
  const note: Line[] = input.note ? [[t.note, ' ', { user: input.note }]] : [];
  const outro = [t.questions(shop.email)];
  const follow = { label: t.follow, link: ordersLink(shop, lang) };
  switch (input.status) {
    case 'processing':
      return renderMail(to, lang, shop.name, {
        subject: t.processing.subject(n),
        greeting,
        intro: [t.processing.intro(n)],
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
              ? t.shipped.carrier(carrier, input.trackingNumber)
              : t.shipped.carrierOnly(carrier),
          ]
        : [];
      return renderMail(to, lang, shop.name, {
        subject: t.shipped.subject(n),
        greeting,
        intro: [t.shipped.intro(n), ...parcel],
        after: note,
        action: link ? { label: t.shipped.track, link } : follow,
        outro,
      });
    }
    case 'delivered':
      return renderMail(to, lang, shop.name, {
        subject: t.delivered.subject(n),
        greeting,
        intro: [t.delivered.intro(n)],
        after: [...note, t.delivered.after],
        action: follow,
        outro,
      });
    case 'cancelled':
      return renderMail(to, lang, shop.name, {
        subject: t.cancelled.subject(n),
        greeting,
        intro: [t.cancelled.intro(n, formatMoney(order.total_amount, lang, { cents: true }))],
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
  const t = T[lang];
  const total = formatMoney(order.total_amount, lang, { cents: true });
  const who = `${order.billing_address.name} <${customerEmail}>`;
  const address = shipTo(order);
  return {
    ...renderMail(shop.email, lang, shop.name, {
      subject: t.owner.subject(order.order_number, total),
      intro: [t.owner.intro(order.order_number, who)],
      table: [...itemRows(order, lang), { label: t.total, value: total, strong: true }],
      after: address ? [[t.shipTo, ' ', { user: address }]] : [t.noAddress],
      action: { label: t.owner.open, link: `${shop.publicUrl}/admin/orders/${order.id}` },
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
  const t = T[lang];
  return renderMail(input.customer.email, lang, shop.name, {
    subject: t.refunded.subject,
    greeting: t.hello(input.customer.name || t.dear),
    intro: [t.refunded.intro(formatMoney(input.amount, lang, { cents: true }))],
    after:
      input.shortages.length > 0
        ? [
            [
              t.refunded.missing,
              ' ',
              { user: input.shortages.map((s) => `${s.slug} (${s.size})`).join(', ') },
            ],
          ]
        : [],
    outro: [t.questions(shop.email)],
  });
}

/** The owner's alert of the same refund. */
export function ownerRefundMail(input: RefundMailInput, shop: ShopIdentity): MailMessage {
  const lang = shop.language;
  const t = T[lang];
  const amount = formatMoney(input.amount, lang, { cents: true });
  return {
    ...renderMail(shop.email, lang, shop.name, {
      subject: t.ownerRefund.subject(amount),
      intro: [
        t.ownerRefund.intro(
          input.paymentIntentId,
          amount,
          `${input.customer.name} <${input.customer.email}>`,
        ),
      ],
      table: input.shortages.map((s) => ({ label: { user: s.slug }, value: `${s.size} (${s.left})` })),
      outro: [],
    }),
    replyTo: input.customer.email,
  };
}
