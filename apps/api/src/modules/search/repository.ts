import { sql } from 'drizzle-orm';
import {
  SEARCH_SUGGEST_COUNT,
  SIZES,
  type LocalizedText,
  type SearchSuggestions,
  type Size,
} from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { escapeLike } from '../../lib/search-text.js';
import { rowsOf } from '../stock/service.js';

/**
 * The search in SQL (docs/decisions/020-search.md). The database folds and stems both the products' words
 * (migration search keeps `search_words`) and the query's, so both meet the same way on PGlite and PostgreSQL.
 */

/** At most this many words of a query count; more are ignored. */
const MAX_TERMS = 8;
/** Words that say nothing about a piece: left out of a query that has other words. */
const STOP_WORDS = [
  'a', 'an', 'and', 'the', 'of', 'in', 'for', 'with', 'to',
  'le', 'la', 'les', 'l', 'de', 'du', 'des', 'd', 'en', 'et', 'un', 'une', 'pour', 'avec', 'au', 'aux',
  'في', 'من', 'مع', 'و', 'على', 'الى', 'ب',
]; // prettier-ignore
/** Weights of where a word is found (search_words.field: 1 name, 2 collection or colour, 3 description). */
const FIELD_WEIGHT = sql`(case w.field when 1 then 1.0 when 2 then 0.8 else 0.5 end)`;
/** A word the query's word begins (a fragment) counts this much of a whole word. */
const PREFIX_FACTOR = 0.6;
/** A misspelt word found by its trigrams counts this much of its similarity. */
const FUZZY_FACTOR = 0.6;
/** Trigram similarity a misspelling needs to count, and how close to the best one it must be. */
const FUZZY_MIN = 0.3;
const FUZZY_NEAR_BEST = 0.85;

export interface Term {
  n: number;
  word: string;
  stem: string;
  last: boolean;
  /** Whether a product has a word of this stem or a synonym's (or, for the last term, a word it begins). */
  found: boolean;
}

/**
 * The query's words, folded, stemmed, without repeats or (unless alone) stop words, each saying whether the
 * catalogue knows it.
 */
export async function queryTerms(db: Database, query: string): Promise<Term[]> {
  const stop = sql.join(
    STOP_WORDS.map((w) => sql`${w}`),
    sql`, `,
  );
  const rows = await db
    .execute(
      sql`with raw as (
          select t.word, min(t.n) as n
          from unnest(string_to_array(search_fold(${query}), ' ')) with ordinality t(word, n)
          where t.word <> '' group by t.word
        ), kept as (
          select word, n from raw
          where word not in (${stop}) or not exists (select 1 from raw r where r.word not in (${stop}))
          order by n limit ${MAX_TERMS}
        )
        , stemmed as (select word, n, search_stem(word) as stem from kept)
        select s.word, s.n::int as n, s.stem,
          exists (select 1 from search_words x where x.stem = s.stem)
          or exists (select 1 from search_synonyms g join search_words x on x.stem = any(g.stems)
            where s.stem = any(g.stems))
          -- (folded words hold only letters and digits: nothing to escape in a pattern made of one)
          or (s.n = (select max(n) from kept)
            and exists (select 1 from search_words x where x.word like s.word || '%')) as found
        from stemmed s order by s.n`,
    )
    .then(rowsOf<{ word: string; n: number; stem: string; found: boolean }>);
  return rows.map((r, i) => ({ ...r, n: i, last: i === rows.length - 1 }));
}

export interface Misspelling {
  n: number;
  stem: string;
  sim: number;
}

/**
 * For the terms the catalogue does not know, its nearest stems by trigram similarity (pg_trgm) among those of
 * the same first letter and a close length: a typo rarely hits the first letter, and this keeps the
 * comparison to a few dozen words whatever the catalogue's size.
 */
export async function misspellings(db: Database, terms: Term[]): Promise<Misspelling[]> {
  const unknown = terms.filter((t) => !t.found && [...t.stem].length >= 3);
  if (unknown.length === 0) return [];
  return db
    .execute(
      sql`select n, stem, sim from (
          select t.n, x.stem, similarity(x.stem, t.stem)::float8 as sim,
            max(similarity(x.stem, t.stem)) over (partition by t.n) as best
          from ${termsTable(unknown)}
          join (select distinct stem from search_words) x
            on x.stem like left(t.stem, 1) || '%'
            and abs(length(x.stem) - length(t.stem)) <= 2
        ) f where f.sim >= ${FUZZY_MIN} and f.sim >= f.best * ${FUZZY_NEAR_BEST}`,
    )
    .then(rowsOf<Misspelling>);
}

const termsTable = (terms: Term[]) =>
  sql`(values ${sql.join(
    terms.map((t) => sql`(${t.n}::int, ${t.word}::text, ${t.stem}::text, ${t.last}::boolean)`),
    sql`, `,
  )}) as t(n, word, stem, last)`;

const fuzzyTable = (found: Misspelling[]) =>
  found.length === 0
    ? sql`(select null::int as n, null::text as stem, null::float8 as sim where false) as f`
    : sql`(values ${sql.join(
        found.map((f) => sql`(${f.n}::int, ${f.stem}::text, ${f.sim}::float8)`),
        sql`, `,
      )}) as f(n, stem, sim)`;

const prefixOf = (term: Term) => `${escapeLike(term.word)}%`;

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

/**
 * Every product matching at least `minCoverage` of the terms, with how many it matches (`coverage`) and how
 * well (`score`: per term the best of its words, weighed by field and by whole word, fragment or misspelling).
 * A term matches a word of the same stem, or of a synonym's stem; the last term also any word it begins (the
 * shopper is typing it); a term the catalogue does not know matches its `misspellings`.
 */
export async function matchProducts(
  db: Database,
  terms: Term[],
  fuzzy: Misspelling[],
  minCoverage: number,
): Promise<Candidate[]> {
  const last = terms[terms.length - 1];
  if (!last) return [];
  const rows = await db
    .execute(
      sql`with terms as (select * from ${termsTable(terms)}),
        exact as (
          select t.n, t.stem from terms t
          union
          select t.n, s.stem from terms t
          join search_synonyms g on t.stem = any(g.stems)
          cross join lateral unnest(g.stems) s(stem)
        ),
        hits as (
          select w.product_id, e.n, ${FIELD_WEIGHT} as s
          from exact e join search_words w on w.stem = e.stem
          union all
          select w.product_id, ${last.n}, ${FIELD_WEIGHT} * ${PREFIX_FACTOR}
          from search_words w where w.word like ${prefixOf(last)}
          union all
          select w.product_id, f.n, ${FIELD_WEIGHT} * ${FUZZY_FACTOR} * f.sim
          from ${fuzzyTable(fuzzy)} join search_words w on w.stem = f.stem
        ),
        per_term as (select product_id, n, max(s) as s from hits group by product_id, n),
        ranked as (
          select product_id, count(*)::int as coverage, sum(s)::float8 as score
          from per_term group by product_id having count(*) >= ${minCoverage}
        )
        select r.product_id as id, r.coverage, r.score, c.slug as category,
          (p.status = 'active') as active,
          extract(epoch from p.created_at)::float8 as created,
          array(select distinct co.family from product_colors pc join colors co on co.id = pc.color_id
            where pc.product_id = p.id) as families,
          array(select ps.size from product_stock ps where ps.product_id = p.id
            and ps.stock > ps.reserved and ps.size = any(p.sizes)) as sizes
        from ranked r
        join products p on p.id = r.product_id and p.archived_at is null
        join categories c on c.id = p.category_id`,
    )
    .then(
      rowsOf<{
        id: number;
        coverage: number;
        score: number;
        category: string;
        active: boolean;
        created: number;
        families: string[];
        sizes: string[];
      }>,
    );
  return rows.map((r) => {
    const sizes = SIZES.filter((s) => r.sizes.includes(s));
    return {
      id: r.id,
      coverage: r.coverage,
      score: r.score,
      available: r.active && sizes.length > 0,
      createdAt: r.created,
      category: r.category,
      families: r.families,
      sizes,
    };
  });
}

/** For each of these stems, the word of the best field (a name's first) that most products use. */
export async function wordsOf(db: Database, stems: string[]): Promise<Map<string, string>> {
  if (stems.length === 0) return new Map();
  const rows = await db
    .execute(
      sql`select distinct on (stem) stem, word from search_words
        where stem in (${sql.join(
          stems.map((s) => sql`${s}`),
          sql`, `,
        )})
        group by stem, word order by stem, min(field), count(*) desc, word`,
    )
    .then(rowsOf<{ stem: string; word: string }>);
  return new Map(rows.map((r) => [r.stem, r.word]));
}

/** Words of the catalogue the last term begins, the most used first; collections it begins or names. */
export async function suggestions(db: Database, terms: Term[]): Promise<SearchSuggestions> {
  const last = terms[terms.length - 1];
  if (!last) return { words: [], collections: [] };
  const [words, collections] = await Promise.all([
    db
      .execute(
        sql`select w.word from search_words w where w.word like ${prefixOf(last)}
          group by w.word order by min(w.field), count(distinct w.product_id) desc, w.word
          limit ${SEARCH_SUGGEST_COUNT}`,
      )
      .then(rowsOf<{ word: string }>),
    db
      .execute(
        sql`select c.slug, c.name from categories c
          where exists (
            select 1 from jsonb_each_text(c.name) l(lang, text)
            cross join lateral unnest(string_to_array(search_fold(l.text), ' ')) x(word)
            where x.word like ${prefixOf(last)}
              or search_stem(x.word) = ${last.stem}
              or exists (select 1 from search_synonyms g
                where ${last.stem} = any(g.stems) and search_stem(x.word) = any(g.stems))
          )
          order by c.sort_order, c.id`,
      )
      .then(rowsOf<{ slug: string; name: LocalizedText }>),
  ]);
  return { words: words.map((w) => w.word), collections };
}

/**
 * The products nearest to a query nothing matched: by the trigram similarity of its words to their names'
 * words, else (nothing near at all) the newest pieces for sale.
 */
export async function closestProducts(db: Database, terms: Term[], limit: number): Promise<number[]> {
  if (terms.length > 0) {
    const near = await db
      .execute(
        sql`select w.product_id as id from ${termsTable(terms)}
          join search_words w on w.field = 1 and similarity(w.stem, t.stem) > 0.2
          join products p on p.id = w.product_id and p.archived_at is null
          group by w.product_id, p.status, p.created_at
          order by max(similarity(w.stem, t.stem)) desc, (p.status = 'active') desc, p.created_at desc
          limit ${limit}`,
      )
      .then(rowsOf<{ id: number }>);
    if (near.length > 0) return near.map((r) => r.id);
  }
  const newest = await db
    .execute(
      sql`select p.id from products p where p.status = 'active' and p.archived_at is null
        and exists (select 1 from product_stock ps where ps.product_id = p.id and ps.stock > ps.reserved)
        order by p.created_at desc, p.id desc limit ${limit}`,
    )
    .then(rowsOf<{ id: number }>);
  return newest.map((r) => r.id);
}

/** Names of the collections and colour families the facets count, in one query. */
export async function facetNames(db: Database) {
  const rows = await db
    .execute(
      sql`select 'category' as kind, slug as key, name, null as hex, sort_order, id from categories
        union all
        select 'family', key, name, hex, sort_order, 0 from color_families
        order by kind, sort_order, id`,
    )
    .then(rowsOf<{ kind: string; key: string; name: LocalizedText; hex: string | null }>);
  return {
    categories: rows.filter((r) => r.kind === 'category'),
    families: rows.filter((r) => r.kind === 'family').map((r) => ({ ...r, hex: r.hex ?? '' })),
  };
}
