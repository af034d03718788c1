/**
 * Folds text for accent-, case- and spelling-variant-insensitive matching in English, French and Arabic:
 * Latin accents go (é -> e), Arabic short vowels, tatweel and hamza carriers fold to their base letter
 * (أ إ آ -> ا, ة -> ه, ى -> ي), and punctuation becomes a single space.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u0626/g, '\u064a')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The folded words of a query, without repeats, at most `max` of them. */
export function searchTerms(query: string, max = 8): string[] {
  return [...new Set(foldSearchText(query).split(' ').filter(Boolean))].slice(0, max);
}

/** Escapes LIKE wildcards so user text only ever matches itself. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The folded text stored beside a product for search; the leading space lets `% term%` match a first word. */
export function searchDocument(texts: Record<string, string>[]): string {
  return ` ${texts.flatMap((t) => Object.values(t).map(foldSearchText)).join(' ')}`;
}
