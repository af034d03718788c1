import { SIZES, type SearchSuggestions, type Size, type LocalizedText } from '@boutique/contracts';
import type { Database } from '../../../db/client.js';
import type { PublicUrl } from '../../../storage/index.js';
import { searchFold, searchStem } from '../../../lib/search-text.js';
import { productSummaries } from '../repository.js';
import * as repo from './repository.js';
import { shareOfTrigrams, trigrams } from './trigram.js';

/**
 * The search's in-memory copy of the catalogue's words (docs/decisions/020-search.md): the database keeps
 * `search_words` right by triggers and announces every change (NOTIFY), each instance then loads a fresh copy
 * before its next answer. A query then costs no database work: its words are folded and stemmed by the same
 * rules in lib/search-text.ts.
 */

/** At most this many words of a query count; more are ignored. */
const MAX_TERMS = 8;
/** Words that say nothing about a piece: left out of a query that has other words. */
const STOP_WORDS = new Set([
  'a', 'an', 'and', 'the', 'of', 'in', 'for', 'with', 'to',
  'le', 'la', 'les', 'l', 'de', 'du', 'des', 'd', 'en', 'et', 'un', 'une', 'pour', 'avec', 'au', 'aux',
  'في', 'من', 'مع', 'و', 'على', 'الى', 'ب',
]); // prettier-ignore
/** Weights of where a word is found (search_words.field: 1 name, 2 collection or colour, 3 description). */
const fieldWeight = (field: number) => (field === 1 ? 1 : field === 2 ? 0.8 : 0.5);
/** A word the query's word begins (a fragment) counts this much of a whole word. */
const PREFIX_FACTOR = 0.6;
/**
 * A colour family the query names counts as a word of the name for a piece in that colour first: a bordeaux
 * takchita also made in emerald is green too, after the green pieces.
 */
const MAIN_COLOUR_WEIGHT = fieldWeight(1);
/** A misspelt word found by its trigrams counts this much of its similarity. */
const FUZZY_FACTOR = 0.6;
/** Trigram similarity a misspelling needs to count, and how close to the best one it must be. */
const FUZZY_MIN = 0.3;
const FUZZY_NEAR_BEST = 0.85;
/** How near a product's name must be to a query nothing matched to be offered. */
const CLOSEST_MIN = 0.2;

export interface Term {
  n: number;
  word: string;
  stem: string;
  last: boolean;
  /** Whether a product has a word of this stem or a synonym's (or, for the last term, a word it begins). */
  found: boolean;
}

export interface Misspelling {
  n: number;
  stem: string;
  /** The catalogue's word it is nearest to. */
  word: string;
  sim: number;
}

export interface Candidate {
  id: number;
  coverage: number;
  score: number;
  available: boolean;
  createdAt: number;
  category: string;
  families: string[];
  sizes: Size[];
}

interface Product {
  id: number;
  category: string;
  active: boolean;
  inStock: boolean;
  createdAt: number;
  families: string[];
  mainFamily: string | null;
  sizes: Size[];
  /** The product's summary as JSON, serialised once: an answer showing 48 pieces only joins them (service.ts). */
  summaryJson: string;
}

interface WordInfo {
  stem: string;
  /** Product id to the best field it has this word in. */
  products: Map<number, number>;
}

/** A word or stem of the catalogue, as a misspelling is compared with it. */
interface Spelling {
  trigrams: Set<string>;
  length: number;
  /** The stem it stands for, and the word "did you mean" says. */
  stem: string;
  word: string;
}

interface StemInfo {
  products: Map<number, number>;
  /** Its most telling word: of the best field, then used by most products (for "did you mean"). */
  word: string;
  /** Products having it in their name (for the closest products). */
  inName: Set<number>;
}

const keepBest = <K>(map: Map<K, number>, id: K, value: number) => {
  const had = map.get(id);
  if (had === undefined || value > had) map.set(id, value);
};

export class SearchIndex {
  readonly #words = new Map<string, WordInfo>();
  /** The distinct words, sorted, for prefixes. */
  readonly #sorted: string[];
  /** Per word: best field, then how many products use it (suggestion order). */
  readonly #wordRank = new Map<string, { field: number; count: number }>();
  readonly #stems = new Map<string, StemInfo>();
  /** The catalogue's words and stems, and per trigram those having it. */
  readonly #spellings = new Map<string, Spelling>();
  readonly #byTrigram = new Map<string, Spelling[]>();
  readonly #synonyms = new Map<string, Set<string>>();
  /** The stems of the colour families' names in every language, to their family. */
  readonly #familyOfStem = new Map<string, string>();
  readonly #products = new Map<number, Product>();
  readonly #collections: { slug: string; name: LocalizedText; words: { word: string; stem: string }[] }[];

  private constructor(
    private readonly db: Database,
    private readonly publicUrl: PublicUrl,
    words: repo.WordRow[],
    synonyms: string[][],
    products: Product[],
    collectionWords: { slug: string; word: string; stem: string }[],
    readonly names: repo.FacetNames,
  ) {
    for (const p of products) this.#products.set(p.id, p);
    const fieldOfStemWord = new Map<string, Map<string, { field: number; count: number }>>();
    for (const w of words) {
      if (!this.#products.has(w.productId)) continue;
      let info = this.#words.get(w.word);
      if (!info) this.#words.set(w.word, (info = { stem: w.stem, products: new Map() }));
      keepBest(info.products, w.productId, -w.field);
      let stem = this.#stems.get(w.stem);
      if (!stem) {
        stem = {
          products: new Map(),
          word: w.word,
          inName: new Set(),
        };
        this.#stems.set(w.stem, stem);
      }
      keepBest(stem.products, w.productId, fieldWeight(w.field));
      if (w.field === 1) stem.inName.add(w.productId);
      const perWord = fieldOfStemWord.get(w.stem) ?? new Map<string, { field: number; count: number }>();
      fieldOfStemWord.set(w.stem, perWord);
      const seen = perWord.get(w.word) ?? { field: w.field, count: 0 };
      perWord.set(w.word, { field: Math.min(seen.field, w.field), count: seen.count + 1 });
    }
    for (const [word, info] of this.#words) {
      const field = -Math.max(...info.products.values());
      this.#wordRank.set(word, { field, count: info.products.size });
    }
    this.#sorted = [...this.#words.keys()].sort();
    for (const [stem, info] of this.#stems) {
      const best = [...(fieldOfStemWord.get(stem) ?? [])].sort(
        ([wa, a], [wb, b]) => a.field - b.field || b.count - a.count || (wa < wb ? -1 : wa > wb ? 1 : 0),
      )[0];
      if (best) info.word = best[0];
    }
    // A word is kept whole too: a typo of a word whose stem is much shorter (broderrie, brode) is still near.
    const spell = (key: string, stem: string, word: string) => {
      if (this.#spellings.has(key)) return;
      const spelling = { trigrams: trigrams(key), length: [...key].length, stem, word };
      this.#spellings.set(key, spelling);
      for (const t of spelling.trigrams) {
        const list = this.#byTrigram.get(t);
        if (list) list.push(spelling);
        else this.#byTrigram.set(t, [spelling]);
      }
    };
    for (const [word, info] of this.#words) spell(word, info.stem, word);
    for (const [stem, info] of this.#stems) spell(stem, stem, info.word);
    for (const group of synonyms)
      for (const stem of group) {
        const set = this.#synonyms.get(stem) ?? new Set<string>();
        for (const s of group) set.add(s);
        this.#synonyms.set(stem, set);
      }
    for (const f of names.families)
      for (const text of Object.values(f.name))
        for (const word of searchFold(text).split(' '))
          if (word !== '') this.#familyOfStem.set(searchStem(word), f.key);
    this.#collections = names.categories.map((c) => ({
      slug: c.key,
      name: c.name,
      words: collectionWords.filter((w) => w.slug === c.key),
    }));
  }

  /** A fresh copy of the catalogue's search data: a few statements, whatever the query. */
  static async load(db: Database, publicUrl: PublicUrl): Promise<SearchIndex> {
    const [words, synonyms, rows, collectionWords, names] = await Promise.all([
      repo.loadWords(db),
      repo.loadSynonyms(db),
      repo.loadProducts(db),
      repo.loadCollectionWords(db),
      repo.facetNames(db),
    ]);
    const products = await productsOf(db, publicUrl, rows);
    return new SearchIndex(db, publicUrl, words, synonyms, products, collectionWords, names);
  }

  /** Reads these products' stock again (their sizes, availability and summaries), in place. */
  async refreshStock(ids: number[]): Promise<this> {
    const fresh = await productsOf(this.db, this.publicUrl, await repo.loadProducts(this.db, ids));
    for (const p of fresh) if (this.#products.has(p.id)) this.#products.set(p.id, p);
    return this;
  }

  get size() {
    return this.#products.size;
  }

  /** The products' summaries as a JSON array, from the serialised copies. */
  summariesJson(ids: number[]): string {
    const parts: string[] = [];
    for (const id of ids) {
      const p = this.#products.get(id);
      if (p) parts.push(p.summaryJson);
    }
    return `[${parts.join(',')}]`;
  }

  /**
   * The query's words, folded, stemmed, without repeats or (unless alone) stop words, each saying whether the
   * catalogue knows it.
   */
  terms(query: string): Term[] {
    const raw = [...new Set(searchFold(query).split(' '))].filter((w) => w !== '');
    const meaningful = raw.some((w) => !STOP_WORDS.has(w));
    const kept = raw.filter((w) => !meaningful || !STOP_WORDS.has(w)).slice(0, MAX_TERMS);
    return kept.map((word, n) => {
      const stem = searchStem(word);
      const last = n === kept.length - 1;
      const found =
        this.#stems.has(stem) ||
        [...(this.#synonyms.get(stem) ?? [])].some((s) => this.#stems.has(s)) ||
        (last && this.#withPrefix(word).length > 0);
      return { n, word, stem, last, found };
    });
  }

  /** The distinct words of the catalogue that begin with `prefix`. */
  #withPrefix(prefix: string): string[] {
    let lo = 0;
    let hi = this.#sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.#sorted.length && this.#sorted[i]!.startsWith(prefix); i++)
      out.push(this.#sorted[i]!);
    return out;
  }

  /**
   * For the terms the catalogue does not know, its nearest stems by trigram similarity, among those of a close
   * length sharing a trigram (any letter may be the mistaken one, the first too).
   */
  misspellings(terms: Term[]): Misspelling[] {
    const out: Misspelling[] = [];
    for (const t of terms) {
      const length = [...t.stem].length;
      if (t.found || length < 3) continue;
      const byStem = new Map<string, Misspelling>();
      for (const { spelling, sim } of this.#similar(t.stem))
        if (
          sim >= FUZZY_MIN &&
          Math.abs(spelling.length - length) <= 2 &&
          sim > (byStem.get(spelling.stem)?.sim ?? 0)
        )
          byStem.set(spelling.stem, { n: t.n, stem: spelling.stem, word: spelling.word, sim });
      const near = [...byStem.values()];
      const best = Math.max(0, ...near.map((m) => m.sim));
      out.push(...near.filter((m) => m.sim >= best * FUZZY_NEAR_BEST));
    }
    return out;
  }

  /**
   * The catalogue's words and stems sharing a trigram with this word (no other is similar), how similar: the
   * trigrams they share are counted while walking the word's lists (each spelling is in a trigram's list once),
   * which gives pg_trgm's similarity without comparing the sets again.
   */
  #similar(word: string): { spelling: Spelling; sim: number }[] {
    const mine = trigrams(word);
    const shared = new Map<Spelling, number>();
    for (const g of mine)
      for (const spelling of this.#byTrigram.get(g) ?? [])
        shared.set(spelling, (shared.get(spelling) ?? 0) + 1);
    const out: { spelling: Spelling; sim: number }[] = [];
    for (const [spelling, common] of shared)
      out.push({ spelling, sim: shareOfTrigrams(common, mine.size, spelling.trigrams.size) });
    return out;
  }

  /**
   * Every product matching at least `minCoverage` of the terms, with how many it matches (`coverage`) and how
   * well (`score`: per term the best of its words, weighed by field and by whole word, fragment or
   * misspelling). A term matches a word of the same stem, or of a synonym's stem; the last term also any word
   * it begins (the shopper is typing it); a term the catalogue does not know matches its `misspellings`.
   */
  match(terms: Term[], fuzzy: Misspelling[], minCoverage: number): Candidate[] {
    const perTerm = terms.map(() => new Map<number, number>());
    for (const t of terms) {
      const scores = perTerm[t.n]!;
      for (const stem of new Set([t.stem, ...(this.#synonyms.get(t.stem) ?? [])]))
        for (const [id, s] of this.#stems.get(stem)?.products ?? []) keepBest(scores, id, s);
      const named = new Set(
        [t.stem, ...(this.#synonyms.get(t.stem) ?? [])].flatMap((s) => this.#familyOfStem.get(s) ?? []),
      );
      for (const [id, s] of scores)
        if (named.has(this.#products.get(id)?.mainFamily ?? ''))
          scores.set(id, Math.max(s, MAIN_COLOUR_WEIGHT));
      if (t.last)
        for (const word of this.#withPrefix(t.word))
          for (const [id, field] of this.#words.get(word)!.products)
            keepBest(scores, id, fieldWeight(-field) * PREFIX_FACTOR);
    }
    for (const f of fuzzy) {
      const scores = perTerm[f.n];
      if (!scores) continue;
      for (const [id, s] of this.#stems.get(f.stem)?.products ?? [])
        keepBest(scores, id, s * FUZZY_FACTOR * f.sim);
    }
    const totals = new Map<number, { coverage: number; score: number }>();
    for (const scores of perTerm)
      for (const [id, s] of scores) {
        const total = totals.get(id) ?? { coverage: 0, score: 0 };
        total.coverage += 1;
        total.score += s;
        totals.set(id, total);
      }
    const out: Candidate[] = [];
    for (const [id, { coverage, score }] of totals) {
      const p = this.#products.get(id);
      if (!p || coverage < minCoverage) continue;
      out.push({
        id,
        coverage,
        score,
        available: p.active && p.sizes.length > 0,
        createdAt: p.createdAt,
        category: p.category,
        families: p.families,
        sizes: p.sizes,
      });
    }
    return out;
  }

  /** Per misspelt term, the catalogue's word nearest to it. */
  corrections(fuzzy: Misspelling[]): Map<number, string> {
    const best = new Map<number, Misspelling>();
    for (const f of fuzzy) if ((best.get(f.n)?.sim ?? -1) < f.sim) best.set(f.n, f);
    return new Map([...best].map(([n, f]) => [n, f.word]));
  }

  /** Words of the catalogue the last term begins, the most used first; collections it begins or names. */
  suggestions(terms: Term[], count: number): SearchSuggestions {
    const last = terms[terms.length - 1];
    if (!last) return { words: [], collections: [] };
    const words = this.#withPrefix(last.word)
      .map((word) => ({ word, ...this.#wordRank.get(word)! }))
      .sort(
        (a, b) => a.field - b.field || b.count - a.count || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
      )
      .slice(0, count)
      .map((w) => w.word);
    const stems = new Set([last.stem, ...(this.#synonyms.get(last.stem) ?? [])]);
    const collections = this.#collections
      .filter((c) => c.words.some((w) => w.word.startsWith(last.word) || stems.has(w.stem)))
      .map((c) => ({ slug: c.slug, name: c.name }));
    return { words, collections };
  }

  /**
   * The products nearest to a query nothing matched: by the trigram similarity of its words to their names'
   * words, else (nothing near at all) the newest pieces for sale.
   */
  closest(terms: Term[], limit: number): number[] {
    const near = new Map<number, number>();
    for (const t of terms)
      for (const { spelling, sim } of this.#similar(t.stem)) {
        const info = this.#stems.get(spelling.stem)!;
        if (sim > CLOSEST_MIN) for (const id of info.inName) keepBest(near, id, sim);
      }
    const byNewest = (a: Product, b: Product) => b.createdAt - a.createdAt || b.id - a.id;
    if (near.size > 0)
      return [...near]
        .map(([id, sim]) => ({ p: this.#products.get(id)!, sim }))
        .sort((a, b) => b.sim - a.sim || Number(b.p.active) - Number(a.p.active) || byNewest(a.p, b.p))
        .slice(0, limit)
        .map((x) => x.p.id);
    return [...this.#products.values()]
      .filter((p) => p.active && p.inStock)
      .sort(byNewest)
      .slice(0, limit)
      .map((p) => p.id);
  }
}

async function productsOf(db: Database, publicUrl: PublicUrl, rows: repo.ProductRow[]): Promise<Product[]> {
  const summaries = await productSummaries(
    db,
    publicUrl,
    rows.map((r) => r.id),
  );
  const byId = new Map(summaries.map((s) => [s.id, s]));
  return rows.flatMap((r) => {
    const summary = byId.get(r.id);
    if (!summary) return [];
    return [
      {
        id: r.id,
        category: r.category,
        active: r.active,
        inStock: r.inStock,
        createdAt: r.created,
        families: r.families,
        mainFamily: r.mainFamily,
        sizes: SIZES.filter((s) => r.sizes.includes(s)),
        summaryJson: JSON.stringify(summary),
      },
    ];
  });
}

/**
 * An instance's current index: loaded on first use, dropped when the catalogue changes, and brought up to date
 * when stock changes, both before the next answer (the holder is told in the same tick as the answer cache).
 */
export class SearchIndexHolder {
  #current: Promise<SearchIndex> | undefined;

  constructor(
    private readonly db: Database,
    private readonly publicUrl: PublicUrl,
  ) {}

  get(): Promise<SearchIndex> {
    if (!this.#current) {
      const loading = SearchIndex.load(this.db, this.publicUrl);
      this.#current = loading;
      // A failed load is not kept: the next search tries again.
      loading.catch(() => {
        if (this.#current === loading) this.#current = undefined;
      });
    }
    return this.#current;
  }

  /** Anything may have changed: the next search loads a fresh copy. */
  invalidate() {
    this.#current = undefined;
  }

  /** Only these products' stock changed. */
  stockChanged(ids: Iterable<number>) {
    const current = this.#current;
    const list = [...ids];
    if (!current || list.length === 0) return;
    const refreshed = current.then((index) => index.refreshStock(list));
    this.#current = refreshed;
    refreshed.catch(() => {
      if (this.#current === refreshed) this.#current = undefined;
    });
  }
}
