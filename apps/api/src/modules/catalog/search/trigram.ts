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

/** The similarity of two words of `a` and `b` distinct trigrams, `common` of them in both (pg_trgm's). */
export function shareOfTrigrams(common: number, a: number, b: number): number {
  return common / (a + b - common);
}
