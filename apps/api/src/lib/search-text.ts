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

/*
 * The query's side of the search's folding and stemming: the same rules as the database's `search_fold`,
 * `search_stem` and `search_word_form` (migrations 0012_search, 0014_search_word_forms), which index the products' words. A query is
 * folded here so that an answer needs no database work; test/search-text-sql.test.ts holds both sides equal
 * on every word of the catalogue and a thousand queries of the bench.
 */

const MARKS = /[\u0300-\u036f\u064b-\u065f\u0670\u0640]/gu;
const TRANSLATE_FROM = [...'ٱةىکی٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹'];
const TRANSLATE_TO = [...'اهيكي01234567890123456789'];
const TRANSLATE = new Map(TRANSLATE_FROM.map((c, i) => [c, TRANSLATE_TO[i]!]));
const NOT_KEPT = /[^0-9a-z\u00e0-\u024f\u0621-\u063a\u0641-\u064a]+/gu;

/** Case, accents and Arabic spelling variants folded; anything but letters and digits one space. */
export function searchFold(text: string): string {
  const lowered = text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replaceAll('œ', 'oe')
    .replaceAll('æ', 'ae')
    .replaceAll('ß', 'ss');
  let out = '';
  for (const c of lowered) out += TRANSLATE.get(c) ?? c;
  return out.replace(NOT_KEPT, ' ').trim();
}

/** Irregular forms of the catalogue's words, folded, to their base form. */
export const WORD_FORMS: ReadonlyMap<string, string> = new Map<string, string>([
  ['قفاطين', 'قفطان'], ['جلاليب', 'جلابه'], ['جلابيب', 'جلباب'], ['تكاشط', 'تكشيطه'], ['تكاشيط', 'تكشيطه'],
  ['فساتين', 'فستان'], ['اثواب', 'ثوب'], ['ازرار', 'زر'], ['الوان', 'لون'], ['اقمشه', 'قماش'], ['خيوط', 'خيط'],
  ['اكمام', 'كم'], ['احزمه', 'حزام'], ['اعراس', 'عرس'], ['مناسبات', 'مناسبه'],
  ['حمراء', 'احمر'], ['حمر', 'احمر'], ['صفراء', 'اصفر'], ['صفر', 'اصفر'], ['خضراء', 'اخضر'], ['خضر', 'اخضر'],
  ['زرقاء', 'ازرق'], ['زرق', 'ازرق'], ['بيضاء', 'ابيض'], ['بيض', 'ابيض'], ['سوداء', 'اسود'], ['سود', 'اسود'],
  ['verte', 'vert'], ['vertes', 'vert'], ['noire', 'noir'], ['noires', 'noir'], ['grise', 'gris'],
  ['grises', 'gris'], ['bleue', 'bleu'], ['bleues', 'bleu'], ['blanche', 'blanc'], ['blanches', 'blanc'],
  ['violette', 'violet'], ['violettes', 'violet'], ['brune', 'brun'],
  ['broderie', 'brode'], ['broderies', 'brode'],
  ['embroidery', 'embroider'], ['embroideries', 'embroider'], ['embroidered', 'embroider'],
  ['تطريز', 'طرز'], ['تطريزات', 'طرز'], ['مطرز', 'طرز'], ['مطرزه', 'طرز'], ['مطرزات', 'طرز'],
  ['women', 'woman'], ['womens', 'woman'], ['men', 'man'], ['mens', 'man'],
]); // prettier-ignore

const ARABIC = /[\u0621-\u064a]/u;
const length = (s: string) => [...s].length;
const dropFirst = (s: string, n: number) => [...s].slice(n).join('');
const dropLast = (s: string, n: number) => [...s].slice(0, -n).join('');

/** The stem of a folded word: plurals, feminine forms, the Arabic article and the irregular forms above. */
export function searchStem(word: string): string {
  let s = word;
  const base = WORD_FORMS.get(s);
  if (base !== undefined) s = base;
  else if (ARABIC.test(s)) {
    if (length(s) > 4 && /^(وال|بال|كال|فال)/u.test(s)) s = dropFirst(s, 3);
    else if (length(s) > 3 && /^(ال|لل)/u.test(s)) s = dropFirst(s, 2);
    s = WORD_FORMS.get(s) ?? s;
  }
  if (ARABIC.test(s)) {
    if (length(s) > 4) s = s.replace(/(ات|ون|ين|يه)$/u, '');
    if (length(s) > 3) s = s.replace(/[هي]$/u, '');
    return s;
  }
  if (length(s) <= 3) return s;
  if (/(ss|sh|ch|x|z)es$/u.test(s)) s = dropLast(s, 2);
  else if (/ies$/u.test(s) && length(s) > 4) s = `${dropLast(s, 3)}y`;
  else if (/aux$/u.test(s)) s = `${dropLast(s, 3)}al`;
  else if (/(eau|eu|ou)x$/u.test(s)) s = dropLast(s, 1);
  else if (/[^siu]s$/u.test(s)) s = dropLast(s, 1);
  if (length(s) > 3 && /ee$/u.test(s)) s = dropLast(s, 1);
  return s;
}
