/**
 * pg_trgm's similarity of two folded words (letters and digits only, as `search_fold` leaves them): the share
 * of their distinct trigrams they have in common, each word padded with two spaces before and one after. The
 * search compares words in memory this way, the same measure the database's `similarity()` gives.
 */
export function trigrams(word: string): Set<string> {
  const chars = ['  ', ...word, ' '].join('');
  const list = [...chars];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= list.length; i++) out.add(list[i]! + list[i + 1]! + list[i + 2]!);
  return out;
}

export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const t of a) if (b.has(t)) common += 1;
  return common / (a.size + b.size - common);
}
