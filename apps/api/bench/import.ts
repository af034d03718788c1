/**
 * npm run bench:import — a catalogue CSV of BENCH_PRODUCTS products (default 1,000; three languages, 2 colours
 * × every size each) imported over real HTTP into a fresh embedded (PGlite) shop: prints the seconds of the dry
 * run and of the import. Target: under 60 s each. Then checks the shop holds them all, with their counts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { ADMIN_API, CATALOGUE_CSV_COLUMNS } from '@boutique/contracts/admin';
import { SIZES } from '@boutique/contracts/constants';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';
import { refreshTokens, users, userTotp } from '../src/db/schema/index.js';
import { benchApi, benchShopper } from './shoppers.js';

const count = Number(process.env.BENCH_PRODUCTS ?? 1000);
if (!Number.isInteger(count) || count < 1) throw new Error('BENCH_PRODUCTS must be a positive integer');

const dataDir = mkdtempSync(join(tmpdir(), 'boutique-bench-import-'));
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REGISTER_LIMIT_PER_IP: '100000',
});
const app = await buildApp(config, { renderDemoMedia: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const owner = await benchShopper(benchApi(base), 'Bench Owner', `bench.owner.${Date.now()}@example.ae`);
// The owner as the back office needs one (test/support/shop.ts makeAdmin does the same).
const { db } = app.database;
await db.update(users).set({ role: 'admin', emailVerifiedAt: new Date() }).where(eq(users.id, owner.id));
await db
  .insert(userTotp)
  .values({ userId: owner.id, secret: 'v1.bench.enrolled-directly', confirmedAt: new Date() });
await db.update(refreshTokens).set({ secondFactorAt: new Date() }).where(eq(refreshTokens.userId, owner.id));

const colours = [
  { color_hex: '#1f6b4f', color_en: 'Emerald', color_fr: 'Émeraude', color_ar: 'زمردي' },
  { color_hex: '#7b1e3a', color_en: 'Burgundy', color_fr: 'Bordeaux', color_ar: 'عنابي' },
];
const rows = Array.from({ length: count }, (_, i) => {
  const n = String(i + 1).padStart(4, '0');
  const product = {
    slug: `bench-caftan-${n}`,
    category: i % 2 ? 'jellaba' : 'caftan',
    status: 'active',
    featured: 'false',
    best_seller: String(i % 10 === 0),
    price: `${1200 + (i % 50) * 10}.00`,
    name_en: `Bench Velvet Caftan ${n}`,
    name_fr: `Caftan de velours ${n}`,
    name_ar: `قفطان مخملي ${n}`,
    description_en: 'Velvet with hand-made sfifa down the front.',
    description_fr: 'Velours, sfifa faite main sur le devant.',
    description_ar: 'مخمل مع سفيفة يدوية على الواجهة.',
    details_en: 'Hand-sewn buttons\nLined',
    details_fr: 'Boutons cousus main\nDoublé',
    details_ar: 'أزرار مخيطة يدويا\nمبطن',
    care_en: 'Dry clean only',
    care_fr: 'Nettoyage à sec',
    care_ar: 'تنظيف جاف فقط',
  };
  return colours.flatMap((colour) =>
    SIZES.map((size, s) => ({ ...product, ...colour, size, stock: String((i + s) % 7) })),
  );
}).flat();
const csv = stringify(rows, {
  header: true,
  columns: [...CATALOGUE_CSV_COLUMNS],
  bom: true,
  record_delimiter: 'windows',
});

async function run(dryRun: boolean) {
  const form = new FormData();
  form.append('dry_run', String(dryRun));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
  const started = performance.now();
  const res = await fetch(base + ADMIN_API.productsImport, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  const seconds = (performance.now() - started) / 1000;
  const body = (await res.json()) as { data: { created: number; errors: unknown[] } };
  if (res.status !== 200 || body.data.errors.length > 0 || body.data.created !== count) {
    throw new Error(`${dryRun ? 'dry run' : 'import'}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
  return seconds;
}

let failed: boolean | undefined;
try {
  console.log(
    `${count} products, ${rows.length} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB of CSV (${app.database.driver})`,
  );
  const dry = await run(true);
  console.log(`dry run: ${dry.toFixed(1)} s`);
  const real = await run(false);
  console.log(`import:  ${real.toFixed(1)} s`);
  const res = await db.execute(
    sql`select count(distinct p.id)::int as products, coalesce(sum(s.stock), 0)::int as pieces
        from products p join product_stock s on s.product_id = p.id where p.slug like 'bench-caftan-%'`,
  );
  const [stored] = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as {
    products: number;
    pieces: number;
  }[];
  const pieces = rows.reduce((n, r) => n + Number(r.stock), 0);
  const ok = stored?.products === count && stored.pieces === pieces;
  console.log(
    `stored: ${stored?.products} products, ${stored?.pieces} pieces (${ok ? 'as sent' : `expected ${count} and ${pieces}`})`,
  );
  failed = !ok || dry > 60 || real > 60;
  if (dry > 60 || real > 60) console.log('over the 60 s target');
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed === false ? 0 : 1);
