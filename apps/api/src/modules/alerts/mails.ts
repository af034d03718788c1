import { formatMoney, languagePath, type Language, type LocalizedText } from '@boutique/contracts';
import { renderMail, type Line } from '../../lib/mail-layout.js';
import { mailLine, mailText } from '../../lib/mail-texts.js';
import type { MailMessage } from '../../lib/mailer.js';
import type { UnsubscribeKind, UnsubscribeTokens } from './tokens.js';

/** Who the shop is in its automatic mail: where links go, the owner's address and language. */
export interface AlertsShop {
  name: string;
  email: string;
  publicUrl: string;
  /** SHOP_LANGUAGE: the owner's alerts and digest are written in it. */
  language: Language;
  timeZone: string;
}

/** A variant as the owner or a shopper reads it: "Emerald, size M" or "size M". */
export function variantLabel(lang: Language, colorName: LocalizedText | null, size: string): string {
  const sizeText = `${mailText(lang, 'common.size')} ${size}`;
  const color = colorName ? colorName[lang] || colorName.en : '';
  return color ? `${color}${mailText(lang, 'common.listSeparator')}${sizeText}` : sizeText;
}

const nameIn = (name: LocalizedText, lang: Language) => name[lang] || name.en;

/** The back office's page of a product, in the owner's language. */
export const adminProductLink = (shop: AlertsShop, productId: number) =>
  shop.publicUrl + languagePath(shop.language, `/admin/products/${productId}`);

/** The product page with the colour and size chosen, in `lang`. */
export function productLink(shop: AlertsShop, lang: Language, slug: string, color: string, size: string) {
  const query = new URLSearchParams({ ...(color ? { color } : {}), size });
  return `${shop.publicUrl}${languagePath(lang, `/product/${encodeURIComponent(slug)}`)}?${query.toString()}`;
}

/** The unsubscribe page (served by the API): a button that POSTs the token back. */
export function unsubscribeLink(
  shop: AlertsShop,
  tokens: UnsubscribeTokens,
  kind: UnsubscribeKind,
  subject: string,
  lang: Language,
) {
  return `${shop.publicUrl}/api/v1/unsubscribe/${kind}/${tokens.sign(kind, subject)}?lang=${lang}`;
}

export interface LowStockInput {
  productId: number;
  name: LocalizedText;
  colorName: LocalizedText | null;
  size: string;
  count: number;
  threshold: number;
}

/** The owner's alert: a variant came down to its product's threshold. */
export function lowStockMail(input: LowStockInput, shop: AlertsShop): MailMessage {
  const lang = shop.language;
  const name = nameIn(input.name, lang);
  const variant = variantLabel(lang, input.colorName, input.size);
  const values = { count: input.count, threshold: input.threshold };
  return renderMail(shop.email, lang, shop.name, {
    subject: mailText(lang, 'lowStock.subject', { name, variant }),
    intro: [
      mailLine(lang, input.count === 0 ? 'lowStock.soldOut' : 'lowStock.intro', { name, variant }, values),
    ],
    action: { label: mailText(lang, 'lowStock.open'), link: adminProductLink(shop, input.productId) },
    outro: [mailText(lang, 'lowStock.outro', values)],
  });
}

export interface BackInStockInput {
  email: string;
  lang: Language;
  slug: string;
  name: LocalizedText;
  color: string;
  colorName: LocalizedText | null;
  size: string;
}

/** The shopper's one e-mail: the variant they asked about has pieces again. */
export function backInStockMail(input: BackInStockInput, shop: AlertsShop, tokens: UnsubscribeTokens) {
  const { lang } = input;
  const name = nameIn(input.name, lang);
  const variant = variantLabel(lang, input.colorName, input.size);
  return renderMail(input.email, lang, shop.name, {
    subject: mailText(lang, 'backInStock.subject', { name }),
    intro: [mailLine(lang, 'backInStock.intro', { name, variant })],
    action: {
      label: mailText(lang, 'backInStock.open'),
      link: productLink(shop, lang, input.slug, input.color, input.size),
    },
    outro: [
      mailText(lang, 'backInStock.outro'),
      {
        label: mailText(lang, 'backInStock.unsubscribe'),
        link: unsubscribeLink(shop, tokens, 'stock-requests', input.email, lang),
      },
    ],
  });
}

export interface DigestFigures {
  /** The shop day the digest is sent on, and the one it counts. */
  day: string;
  yesterday: string;
  yesterdayOrders: number;
  /** AED, decimal string. */
  yesterdayRevenue: string;
  toShip: number;
  unpaidCashOnDelivery: number;
  unreadMessages: number;
  returnsWaiting: number;
  /** Every variant at or below its threshold; `low` names the first of them. */
  lowCount: number;
  low: { name: LocalizedText; colorName: LocalizedText | null; size: string; stock: number }[];
}

const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar-MA' };

/** The owner's morning e-mail. */
export function digestMail(figures: DigestFigures, shop: AlertsShop): MailMessage {
  const lang = shop.language;
  const date = new Intl.DateTimeFormat(DATE_LOCALES[lang], { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${figures.day}T12:00:00Z`),
  );
  const row = (key: Parameters<typeof mailText>[1], value: string | number) => ({
    label: mailText(lang, key),
    value: String(value),
  });
  const lowLines: Line[] = figures.low.map((l) =>
    mailLine(
      lang,
      'digest.lowLine',
      {
        name: nameIn(l.name, lang),
        variant: variantLabel(lang, l.colorName, l.size),
      },
      { count: l.stock },
    ),
  );
  return renderMail(shop.email, lang, shop.name, {
    subject: mailText(lang, 'digest.subject', { date }),
    intro: [mailText(lang, 'digest.intro', { date })],
    table: [
      row('digest.yesterdayOrders', figures.yesterdayOrders),
      { ...row('digest.yesterdayRevenue', formatMoney(figures.yesterdayRevenue, lang, { cents: true })) },
      row('digest.toShip', figures.toShip),
      row('digest.unpaidCod', figures.unpaidCashOnDelivery),
      row('digest.unread', figures.unreadMessages),
      row('digest.returns', figures.returnsWaiting),
      row('digest.low', figures.lowCount),
    ],
    after: lowLines,
    action: { label: mailText(lang, 'digest.open'), link: shop.publicUrl + languagePath(lang, '/admin') },
    outro: [],
  });
}

export interface ReminderLine {
  name: LocalizedText;
  colorName: LocalizedText | null;
  size: string;
  quantity: number;
  image: string;
  /** AED, decimal string. */
  lineTotal: string;
}

/** The shopper's one reminder of a cart left idle, with its pieces as the server prices them now. */
export function checkoutReminderMail(
  to: { email: string; lang: Language; userId: number },
  lines: readonly ReminderLine[],
  shop: AlertsShop,
  tokens: UnsubscribeTokens,
): MailMessage {
  const { lang } = to;
  return renderMail(to.email, lang, shop.name, {
    subject: mailText(lang, 'checkoutReminder.subject'),
    intro: [mailText(lang, 'checkoutReminder.intro')],
    table: lines.map((l) => ({
      label: [
        { image: l.image, alt: nameIn(l.name, lang) },
        `${l.quantity} × ${nameIn(l.name, lang)} (${variantLabel(lang, l.colorName, l.size)})`,
      ],
      value: formatMoney(l.lineTotal, lang, { cents: true }),
    })),
    action: {
      label: mailText(lang, 'checkoutReminder.open'),
      link: shop.publicUrl + languagePath(lang, '/cart'),
    },
    outro: [
      mailText(lang, 'checkoutReminder.outro'),
      {
        label: mailText(lang, 'checkoutReminder.unsubscribe'),
        link: unsubscribeLink(shop, tokens, 'checkout-reminders', String(to.userId), lang),
      },
    ],
  });
}
