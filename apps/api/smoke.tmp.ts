import { startTestApp } from './test/helpers.js';
const t = await startTestApp();
const qs = process.argv.slice(2);
for (const q of qs) {
  const t0 = performance.now();
  const r = await t.json(`/api/v1/products/search?q=${encodeURIComponent(q)}`);
  const ms = (performance.now() - t0).toFixed(1);
  if (r.status !== 200) { console.log(q, r.status, JSON.stringify(r.body)); continue; }
  const d = r.body.data.data;
  console.log(`${q} [${ms}ms] total=${d.total} dym=${d.did_you_mean} suggest=${JSON.stringify(d.suggest.words)} cols=${d.suggest.collections.map((c: any) => c.slug)}`);
  console.log('   ', d.products.slice(0, 6).map((p: any) => p.slug).join(', '));
  console.log('    facets', d.facets.colors.map((c: any) => `${c.key}:${c.count}`).join(' '), '|', d.facets.categories.map((c: any) => `${c.slug}:${c.count}`).join(' '), '|', d.facets.sizes.map((c: any) => `${c.name}:${c.count}`).join(' '));
  if (d.closest.length) console.log('    closest', d.closest.map((p: any) => p.slug).join(', '));
}
await t.close();
