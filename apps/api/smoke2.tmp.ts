import { sql } from 'drizzle-orm';
import { startTestApp } from './test/helpers.js';
import { rowsOf } from './src/modules/stock/service.js';
const t = await startTestApp();
const rows = await t.database.db.execute(sql`select word, count(*) filter (where field = 1) n1, count(*) filter (where field = 3) n3 from search_words where lang = 'en' group by word having count(*) filter (where field = 1) between 2 and 6 and count(*) filter (where field = 3) > count(*) filter (where field = 1) order by 3 desc limit 15`).then(rowsOf<any>);
console.log(rows);
for (const q of ['حاسوب', 'xylophone quantum', 'réfrigérateur']) { const r = await t.json(`/api/v1/products/search?q=${encodeURIComponent(q)}`); console.log(q, r.body.data.data.total); }
await t.close();
