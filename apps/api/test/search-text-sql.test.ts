import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { sql } from 'drizzle-orm';
import * as demo from '@boutique/demo';
import { WORD_FORMS, searchFold, searchStem } from '../src/lib/search-text.js';
import { benchQueries } from '../bench/search-queries.js';
import { startTestApp, type TestApp } from './helpers.js';

/**
 * The database folds and stems the products' words (migration search), the API the queries' (lib/search-text):
 * both must give the same words, or a query would miss what it names.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** Each text through one of the database's functions, in one statement. */
async function inSql(fn: 'search_fold' | 'search_stem', list: string[]) {
  const array = sql.join(
    list.map((x) => sql`${x}::text`),
    sql`, `,
  );
  return t.database.db
    .execute(sql`select t.input, ${sql.raw(fn)}(t.input) as output from unnest(array[${array}]) t(input)`)
    .then(rowsOf<{ input: string; output: string }>);
}

describe('the query folded and stemmed like the catalogue', () => {
  it('stems every word of the catalogue as the database indexed it', async () => {
    const rows = await t.database.db
      .execute(sql`select distinct word, stem from search_words`)
      .then(rowsOf<{ word: string; stem: string }>);
    expect(rows.length).toBeGreaterThan(500);
    const differ = rows.filter((r) => searchFold(r.word) !== r.word || searchStem(r.word) !== r.stem);
    expect(differ).toEqual([]);
  });

  it('folds and stems the texts of the catalogue, a thousand queries and odd spellings alike', async () => {
    const list = [
      ...demo.products.flatMap((p) => [p.name, p.description].flatMap((x) => [x.en, x.fr, x.ar])),
      ...demo.colors.flatMap((c) => [c.name.en, c.name.fr, c.name.ar]),
      ...benchQueries(1000),
      'ÉMERAUDE Brodée', 'Œuvre ÆSOP Straße', 'قُفْطَانٌ', 'جلابـــة', 'أخضر إسلامي آمن مؤمن شاطئ', 'ٱلقفطان',
      'مستشفى ١٢٣ ۴۵۶', 'ﷺ ﻻ', 'caftan—kaftan_qaftan', '  tabs\tand\nlines  ', 'x'.repeat(80),
      'robes dresses bijoux chevaux chapeaux cheveux genoux berries glasses women mens',
      'القفاطين والجلابيب بالذهب كالقمر فالحرير للعرس', 'رجالية جلابية مناسبات تكاشط',
    ]; // prettier-ignore
    const folded = await inSql('search_fold', list);
    expect(folded.filter((r) => searchFold(r.input) !== r.output)).toEqual([]);
    const words = [...new Set(folded.flatMap((r) => r.output.split(' ')).filter((w) => w !== ''))];
    const stems = await inSql('search_stem', words);
    expect(stems.filter((r) => searchStem(r.input) !== r.output)).toEqual([]);
  });

  it('knows the same irregular forms', async () => {
    const [fn] = await t.database.db
      .execute(sql`select prosrc from pg_proc where proname = 'search_word_form'`)
      .then(rowsOf<{ prosrc: string }>);
    const forms = [...fn!.prosrc.matchAll(/WHEN '([^']+)' THEN '([^']+)'/g)].map(
      (m) => [m[1]!, m[2]!] as const,
    );
    expect(new Map(forms)).toEqual(WORD_FORMS);
    const stems = await inSql(
      'search_stem',
      forms.map(([form]) => form),
    );
    expect(stems.filter((r) => searchStem(r.input) !== r.output)).toEqual([]);
  });
});
