/** Escapes LIKE wildcards so user text only ever matches itself. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * What identifies a query for caching: the database folds it further (accents, Arabic spellings), so this
 * only merges what obviously asks the same (case, spacing).
 */
export function searchCacheKey(query: string): string {
  return query.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}
