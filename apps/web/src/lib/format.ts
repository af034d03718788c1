import { shopTimeZone } from './boot';

export { formatMoney, formatMoneyOff } from '@boutique/contracts/constants';

const LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar-MA' };

/**
 * A long date in the active language (Arabic keeps the Moroccan long format), on the shop's calendar
 * (SHOP_TIMEZONE): an invoice shows the same date to a shopper in Dubai, Paris or New York.
 */
export function formatDate(date: string | Date, lang: string, timeZone = shopTimeZone()): string {
  return new Intl.DateTimeFormat(LOCALES[lang] ?? 'en-GB', { dateStyle: 'long', timeZone }).format(
    new Date(date),
  );
}

/** A date and time in the active language, on the shop's clock (the back office's lists and histories). */
export function formatDateTime(date: string | Date, lang: string, timeZone = shopTimeZone()): string {
  return new Intl.DateTimeFormat(LOCALES[lang] ?? 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(date));
}

/** Cuts text at a word boundary so it fits `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
