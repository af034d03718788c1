import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows.js';
import { type LocalizedText } from '@boutique/contracts';
import type { Database } from '../../../db/client.js';

/**
 * What the search reads from the database (docs/decisions/020-search.md): the products' words, folded and
 * stemmed by the database's triggers (migration search keeps `search_words`), and what ranks and filters the
 * products. The matching runs on an in-memory copy of it (search-index.ts).
 */

export interface WordRow {
  productId: number;
  field: number;
  word: string;
  stem: string;
}

/** The indexed words of every product on sale or shown (not archived). */
export function loadWords(db: Database): Promise<WordRow[]> {
  return db
    .execute(
      sql`select w.product_id as "productId", min(w.field)::int as field, w.word, w.stem
        from search_words w join products p on p.id = w.product_id and p.archived_at is null
        group by w.product_id, w.word, w.stem`,
    )
    .then(rowsOf<WordRow>);
}

/** The owner's synonym groups, by their stems. */
export function loadSynonyms(db: Database): Promise<string[][]> {
  return db
    .execute(sql`select stems from search_synonyms`)
    .then(rowsOf<{ stems: string[] }>)
    .then((rows) => rows.map((r) => r.stems));
}

export interface ProductRow {
  id: number;
  category: string;
  active: boolean;
  created: number;
  families: string[];
  /** The family of its first colour, the one it is named and pictured in. */
  mainFamily: string | null;
  /** Sizes offered with stock left. */
  sizes: string[];
  /** Any stock left at all (the newest pieces for sale, when nothing is near a query). */
  inStock: boolean;
}

/** What ranks and filters the products (all not archived, or these ones). */
export function loadProducts(db: Database, ids?: number[]): Promise<ProductRow[]> {
  return db
    .execute(
      sql`select p.id, c.slug as category, (p.status = 'active') as active,
          extract(epoch from p.created_at)::float8 as created,
          array(select distinct co.family from product_colors pc join colors co on co.id = pc.color_id
            where pc.product_id = p.id) as families,
          (select co.family from product_colors pc join colors co on co.id = pc.color_id
            where pc.product_id = p.id order by pc.sort_order, pc.color_id limit 1) as "mainFamily",
          array(select distinct ps.size from product_stock ps where ps.product_id = p.id
            and ps.stock > ps.reserved and ps.size = any(p.sizes)) as sizes,
          exists (select 1 from product_stock ps where ps.product_id = p.id and ps.stock > ps.reserved)
            as "inStock"
        from products p join categories c on c.id = p.category_id
        where p.archived_at is null
          ${
            ids
              ? sql`and p.id in (${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : sql``
          }`,
    )
    .then(rowsOf<ProductRow>);
}

/** The folded words of the collections' names in every language, with their stems (for suggestions). */
export function loadCollectionWords(db: Database) {
  return db
    .execute(
      sql`select distinct c.slug, x.word, search_stem(x.word) as stem
        from categories c cross join lateral jsonb_each_text(c.name) l(lang, text)
        cross join lateral unnest(string_to_array(search_fold(l.text), ' ')) x(word)
        where x.word <> ''`,
    )
    .then(rowsOf<{ slug: string; word: string; stem: string }>);
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

export type FacetNames = Awaited<ReturnType<typeof facetNames>>;
