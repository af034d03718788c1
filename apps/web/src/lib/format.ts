export { formatMoney } from '@boutique/contracts/constants';

const LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar-MA' };

/** A long date in the active language (Arabic keeps the Moroccan long format). */
export function formatDate(date: string | Date, lang: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang] ?? 'en-GB', { dateStyle: 'long' }).format(new Date(date));
}

/** Cuts text at a word boundary so it fits `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
