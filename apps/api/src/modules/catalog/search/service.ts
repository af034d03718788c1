import {
  SEARCH_CLOSEST_COUNT,
  SEARCH_MAX_RESULTS,
  SEARCH_SUGGEST_COUNT,
  SIZES,
  type SearchFacets,
  type SearchQuery,
  type SearchResult,
} from '@boutique/contracts';
import { SerializedAnswer } from '../../../lib/response-cache.js';
import type { FacetNames } from './repository.js';
import type { Candidate, SearchIndex, Term } from './search-index.js';

export type SearchParams = SearchQuery;

/** Queries of up to two words need every word; longer ones may miss one (a word the catalogue never uses). */
export function minCoverage(termCount: number) {
  return termCount <= 2 ? termCount : termCount - 1;
}

/**
 * Best first: more of the query's words, then a better score (name above collection and colour above
 * description, whole words above fragments above misspellings), then pieces one can buy (active, a size in
 * stock), then the newest.
 */
export function compareCandidates(a: Candidate, b: Candidate) {
  return (
    b.coverage - a.coverage ||
    Math.round((b.score - a.score) * 1000) ||
    Number(b.available) - Number(a.available) ||
    b.createdAt - a.createdAt ||
    b.id - a.id
  );
}

type Filter = 'category' | 'color' | 'size';

const passes = (c: Candidate, params: SearchParams, except?: Filter) =>
  (except === 'category' || !params.category || c.category === params.category) &&
  (except === 'color' || !params.color || c.families.includes(params.color)) &&
  (except === 'size' || !params.size || c.sizes.includes(params.size));

/** Counts per value of each facet, among the candidates that pass the other facets' filters. */
export function countFacets(candidates: Candidate[], params: SearchParams, names: FacetNames): SearchFacets {
  const tally = (filter: Filter, valuesOf: (c: Candidate) => string[]) => {
    const counts = new Map<string, number>();
    for (const c of candidates) {
      if (!passes(c, params, filter)) continue;
      for (const v of valuesOf(c)) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    return counts;
  };
  const categories = tally('category', (c) => [c.category]);
  const colors = tally('color', (c) => c.families);
  const sizes = tally('size', (c) => c.sizes);
  return {
    categories: names.categories
      .filter((c) => categories.has(c.key))
      .map((c) => ({ slug: c.key, name: c.name, count: categories.get(c.key) ?? 0 })),
    colors: names.families
      .filter((f) => colors.has(f.key))
      .map((f) => ({ key: f.key, name: f.name, hex: f.hex, count: colors.get(f.key) ?? 0 })),
    sizes: SIZES.filter((s) => sizes.has(s)).map((name) => ({ name, count: sizes.get(name) ?? 0 })),
  };
}

/** The query with each misspelt word replaced by the catalogue's nearest one, or null when none was. */
export function didYouMean(terms: Term[], corrections: Map<number, string>) {
  if (corrections.size === 0) return null;
  return terms.map((t) => corrections.get(t.n) ?? t.word).join(' ');
}

export interface SearchOutcome {
  /**
   * The answer's envelope (SearchResponse), serialised: the pieces' summaries are joined from the copies the
   * index serialised once, which is most of an answer's bytes.
   */
  answer: SerializedAnswer;
  /** Every product the answer depends on (their stock orders and counts it). */
  productIds: number[];
}

/** One search, on the instance's in-memory index: no database work. */
export function searchCatalog(index: SearchIndex, params: SearchParams): SearchOutcome {
  const terms = index.terms(params.q);
  const fuzzy = index.misspellings(terms);
  const candidates = index.match(terms, fuzzy, minCoverage(terms.length));
  candidates.sort(compareCandidates);
  const matching = candidates.filter((c) => passes(c, params));
  const shown = matching.slice(0, SEARCH_MAX_RESULTS).map((c) => c.id);
  const closest = matching.length === 0 ? index.closest(terms, SEARCH_CLOSEST_COUNT) : [];
  const rest: Omit<SearchResult, 'products' | 'closest'> = {
    total: matching.length,
    facets: countFacets(candidates, params, index.names),
    suggest: index.suggestions(terms, SEARCH_SUGGEST_COUNT),
    did_you_mean: didYouMean(terms, index.corrections(fuzzy)),
  };
  const result =
    `{"products":${index.summariesJson(shown)},"closest":${index.summariesJson(closest)},` +
    JSON.stringify(rest).slice(1);
  return {
    answer: new SerializedAnswer(`{"success":true,"data":{"data":${result}}}`),
    productIds: [...candidates.map((c) => c.id), ...closest],
  };
}
