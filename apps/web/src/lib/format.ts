const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 0 });
const groupedCents = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/**
 * AED with a comma as thousands separator: `AED 1,250` in English and French, `1,250 د.إ` in Arabic.
 * Decimals show only when there are fils.
 */
export function formatMoney(amount: string | number, lang: string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  const safe = Number.isFinite(value) ? value : 0;
  const digits = Number.isInteger(Math.round(safe * 100) / 100)
    ? grouped.format(safe)
    : groupedCents.format(safe);
  return lang === 'ar' ? `${digits}\u00a0د.إ` : `AED\u00a0${digits}`;
}

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
