import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';

/**
 * A product's words for search (docs/decisions/020-search.md), one row per language and folded word with its
 * stem and the best field it appears in (1 name, 2 collection or colour, 3 description or details). Written
 * only by the database's own triggers (migration search), so any write of a product is findable at once.
 */
export const searchWords = pgTable(
  'search_words',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    lang: text().notNull(),
    field: smallint().notNull(),
    word: text().notNull(),
    stem: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.lang, t.word] }),
    index('search_words_stem_idx').using('btree', t.stem.op('text_pattern_ops')),
    index('search_words_word_idx').using('btree', t.word.op('text_pattern_ops')),
  ],
);

/**
 * Words the owner declares equivalent (caftan, kaftan, قفطان): a query word with the stem of one finds the
 * products of all. Folded and stemmed by a trigger on write.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial().primaryKey(),
  words: text().array().notNull(),
  stems: text()
    .array()
    .notNull()
    .default(sql`'{}'`),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Counts the back office's writes: a write based on an older version is refused (db/versions.ts). */
  version: integer().notNull().default(1),
});
