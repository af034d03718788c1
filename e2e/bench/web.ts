/**
 * npm run bench:web — Lighthouse (mobile defaults: simulated slow 4G and a 4x slower CPU) on the home,
 * collection and product pages of the built shop, served by the API as `npm start` serves it.
 * Prints the four scores, LCP, CLS, TBT and the first load's JavaScript as sent (Brotli). Targets: performance,
 * accessibility, best practices and SEO >= 95 on each page, LCP <= 1.5 s, TBT <= 50 ms, CLS <= 0.01,
 * first-load JavaScript at most 120 KB Brotli. Then, in Chromium throttled the same way (first-tap.ts): when
 * the content shows, when the app listens, and how long a tap 500 ms after the content shows takes to be
 * answered. BENCH_RUNS (default 3) runs per page; the median run by performance is shown, and the median of
 * each throttled figure. BENCH_PAGES (e.g. `home,product`) picks pages; BENCH_LHR_DIR keeps each run's
 * Lighthouse report there. Lighthouse applies its 4x to this machine's own speed, so a bare page (a heading and a
 * line, no style, no script) is measured too: the floor under every figure here, to read them across machines;
 * and each page without the app and its web fonts (floorBuild, served on BENCH_PORT + 1): what the page's own
 * HTML, CSS and pictures cost on this machine.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FIRST_TAPS, firstTap, type FirstTap } from './first-tap';

const PORT = Number(process.env.BENCH_PORT ?? 4180);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const only = process.env.BENCH_PAGES?.split(',');
const pages = (
  [
    ['home', '/'],
    ['collection', '/collection/caftan'],
    ['product', '/product/zahra-emerald-velvet-caftan'],
  ] as const
).filter(([name]) => !only || only.includes(name));
const lhrDir = process.env.BENCH_LHR_DIR;
let reportNumber = 0;

const webDir = fileURLToPath(new URL('../../apps/web/', import.meta.url));

/** The built shop as `npm start` serves it, on `port`, from the web app's files in `webDist`. */
async function startShop(port: number, webDist: string) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url))],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: url,
        WEB_DIST_DIR: webDist,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'boutique-bench-web-')),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  process.on('exit', () => child.kill('SIGTERM'));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet (the first start renders the demo artwork)
    }
    if (i > 240) throw new Error('the shop did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

/**
 * The same pages with nothing on their way but the page, its stylesheet and its pictures: the built web app
 * without its first script (so no app at all) and without web fonts (no preload, no @font-face). What
 * Lighthouse gives them is what this machine costs for the shop's own HTML and CSS; the gap to the real pages
 * is what the fonts and the app cost. The server bundle is the real one (linked, not copied).
 */
function floorBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'boutique-bench-floor-'));
  const dist = join(dir, 'dist');
  cpSync(join(webDir, 'dist'), dist, { recursive: true });
  symlinkSync(join(webDir, 'dist-server'), join(dir, 'dist-server'), 'dir');
  const rewrite = (file: string, change: (text: string) => string) => {
    const text = change(readFileSync(file, 'utf8'));
    writeFileSync(file, text);
    // The server sends the precompressed copies where they exist: they must say the same.
    if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(text));
    if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(text));
  };
  const fonts = join(dist, '.vite', 'critical-fonts.json');
  rewrite(fonts, (text) =>
    JSON.stringify(Object.fromEntries(Object.keys(JSON.parse(text) as object).map((lng) => [lng, []]))),
  );
  for (const file of readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.css')))
    rewrite(join(dist, 'assets', file), (css) => css.replace(/@font-face\s*\{[^}]*\}/g, ''));
  rewrite(join(dist, 'index.html'), (html) => {
    const without = html.replace(/<script type="module"[^>]*><\/script>/g, '');
    if (without === html) throw new Error('floor: the first script was not found in index.html');
    return without;
  });
  return dist;
}

const shop = await startShop(PORT, join(webDir, 'dist'));
const floor = await startShop(PORT + 1, floorBuild());

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

interface Row {
  name: string;
  /** Lighthouse's measure of this machine's speed (higher is faster). */
  benchmarkIndex: number;
  scores: Record<string, number>;
  lcp: number;
  cls: number;
  tbt: number;
  /** Bytes on the wire (brotli, headers included), as Lighthouse counts them. */
  jsKb: number;
  jsFiles: number;
  /** Medians of the throttled loads with a first tap. */
  tap?: FirstTap;
  /** The same page without its script or web fonts (floorBuild). */
  floor?: Row;
}

/** One Lighthouse run. A run whose trace Lighthouse could not record (it says "run again") is run again, twice at most. */
async function lighthouseRun(url: string) {
  const path = new URL(url).pathname;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // A first visit every run: Lighthouse empties the HTTP cache but keeps local storage, where the page notes
      // that this browser has had the web fonts (app/boot.ts), which would make every later run a returning
      // visitor whose fonts are missing from its cache.
      clearStorageTypes: [
        'file_systems',
        'shader_cache',
        'service_workers',
        'cache_storage',
        'local_storage',
      ],
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) {
      if (lhrDir) {
        mkdirSync(lhrDir, { recursive: true });
        const file = `${String(++reportNumber).padStart(2, '0')}-${path.replace(/\W+/g, '-')}.json`;
        writeFileSync(join(lhrDir, file), JSON.stringify(result.lhr));
      }
      return result.lhr;
    }
    const message = `${path}: ${runtimeError.code} ${runtimeError.message}`;
    if (attempt === 3) throw new Error(message);
    console.warn(`${message} (attempt ${attempt} of 3, running again)`);
  }
}

async function audit(name: string, url: string): Promise<Row> {
  const lhr = await lighthouseRun(url);
  if (process.env.BENCH_DEBUG) {
    const lcp = lhr.audits['largest-contentful-paint-element']?.details;
    console.log(
      url,
      'FCP',
      lhr.audits['first-contentful-paint']?.displayValue,
      JSON.stringify(lcp).slice(0, 900),
    );
  }
  const scores = Object.fromEntries(
    Object.entries(lhr.categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]),
  );
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { url?: string; resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const js = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    name,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    scores,
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    jsKb: js / 1024,
    jsFiles: scripts.length,
  };
}

/** The median run by performance (by TBT, then LCP, where the scores tie). */
async function medianAudit(name: string, url: string): Promise<Row> {
  const results: Row[] = [];
  for (let i = 0; i < runs; i++) results.push(await audit(name, url));
  results.sort(
    (a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0) || b.tbt - a.tbt || b.lcp - a.lcp,
  );
  return results[Math.floor(results.length / 2)] as Row;
}

/**
 * What this machine charges for memory used the first time, in µs per 4 KB page: the kernel maps and zeroes each
 * page on its first write. Chromium pays it for every page of memory a new tab's process takes (its heap, the
 * document, its layout), work Lighthouse files under no script ("other") and counts in TBT when it falls in a
 * task; a computer or phone pays about a microsecond, some virtual machines ten times that and more.
 */
function firstTouchMicroseconds(): number {
  const bytes = 256 * 1024 * 1024;
  const memory = new Uint8Array(bytes); // zero-filled on demand: no page is mapped yet
  const start = performance.now();
  for (let i = 0; i < bytes; i += 4096) memory[i] = 1;
  return ((performance.now() - start) * 1000) / (bytes / 4096);
}

const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>A bare page</title></head>' +
  '<body><h1>A bare page</h1><p>A heading and a line: what this machine costs before any shop is on it.</p></body></html>';
const bareServer = createServer((_req, res) => {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(BARE_PAGE);
}).listen(0, '127.0.0.1');
await new Promise((resolve) => bareServer.once('listening', resolve));

const rows: Row[] = [];
let bare: Row | undefined;
try {
  bare = await medianAudit('bare page', `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/`);
  for (const [name, path] of pages) {
    await audit(name, `${shop.url}${path}`); // warm the server's caches and the artwork on disk
    const lighthouseRow = await medianAudit(name, `${shop.url}${path}`);
    await audit(name, `${floor.url}${path}`);
    const floorRow = await medianAudit(name, `${floor.url}${path}`);
    const taps: FirstTap[] = [];
    for (let i = 0; i < runs; i++) taps.push(await firstTap(`${shop.url}${path}`, FIRST_TAPS[name].button));
    const median = (key: keyof FirstTap) => {
      const values = taps.map((t) => t[key]).sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)] ?? NaN;
    };
    const tap = {
      fcp: median('fcp'),
      lcp: median('lcp'),
      listening: median('listening'),
      tap: median('tap'),
      tapToAnswer: median('tapToAnswer'),
      tapToResponse: median('tapToResponse'),
    };
    rows.push({ ...lighthouseRow, tap, floor: floorRow });
  }
} finally {
  chrome.kill();
  shop.stop();
  floor.stop();
  bareServer.close();
}

const ok = (row: Row) =>
  (row.scores.performance ?? 0) >= 95 &&
  (row.scores.accessibility ?? 0) >= 95 &&
  (row.scores['best-practices'] ?? 0) >= 95 &&
  (row.scores.seo ?? 0) >= 95 &&
  row.lcp <= 1500 &&
  row.tbt <= 50 &&
  row.cls <= 0.01 &&
  row.jsKb <= 120;

console.log(`\nLighthouse 12 mobile, median of ${runs} runs per page, ${shop.url}\n`);
console.log('page        perf  a11y  bp   seo   LCP      CLS     TBT     first-load JS: files  sent (br)');
for (const r of rows) {
  console.log(
    [
      r.name.padEnd(10),
      String(r.scores.performance).padStart(5),
      String(r.scores.accessibility).padStart(5),
      String(r.scores['best-practices']).padStart(4),
      String(r.scores.seo).padStart(5),
      `${(r.lcp / 1000).toFixed(2)} s`.padStart(8),
      r.cls.toFixed(3).padStart(7),
      `${Math.round(r.tbt)} ms`.padStart(7),
      String(r.jsFiles).padStart(20),
      `${r.jsKb.toFixed(1)} KB`.padStart(10),
      ok(r) ? '  targets met' : '  TARGET MISSED',
    ].join(' '),
  );
}
console.log(
  '\ntargets: perf, a11y, best practices, SEO >= 95; LCP <= 1.5 s; TBT <= 50 ms; CLS <= 0.01; first-load JS at most 120 KB Brotli',
);
if (bare) {
  const indexes = rows.map((r) => r.benchmarkIndex).sort((a, b) => a - b);
  console.log(
    `this machine: benchmark index ${Math.round(bare.benchmarkIndex)} (bare page) to ` +
      `${Math.round(indexes[0] ?? NaN)}-${Math.round(indexes.at(-1) ?? NaN)} (pages); ` +
      `a bare page (a heading, no style or script) scores LCP ${(bare.lcp / 1000).toFixed(2)} s, ` +
      `TBT ${Math.round(bare.tbt)} ms: the floor under the figures above; memory used the first time costs ` +
      `${firstTouchMicroseconds().toFixed(1)} µs per 4 KB page`,
  );
}

console.log(
  '\nthe same pages without the app and without web fonts (the page, its stylesheet and its pictures only):',
);
for (const r of rows) {
  if (!r.floor) continue;
  console.log(
    `${r.name.padEnd(10)} LCP ${(r.floor.lcp / 1000).toFixed(2)} s (the page ${(r.lcp / 1000).toFixed(2)} s), ` +
      `TBT ${Math.round(r.floor.tbt)} ms (the page ${Math.round(r.tbt)} ms), perf ${r.floor.scores.performance}`,
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padStart(8);
console.log(
  `\nChromium, Slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up) and 4x slower CPU over CDP, median of ${runs}:` +
    '\na tap (menu; on the product page, add to cart) 500 ms after the first contentful paint: when it shows it was' +
    '\ntaken (its dialog, or its button holding it until the app listens) and when its dialog shows\n',
);
console.log('page           FCP      LCP   listens   tap at   seen taken   dialog shown');
for (const r of rows) {
  if (!r.tap) continue;
  console.log(
    [
      r.name.padEnd(10),
      seconds(r.tap.fcp),
      seconds(r.tap.lcp),
      seconds(r.tap.listening),
      seconds(r.tap.tap),
      `${Math.round(r.tap.tapToAnswer)} ms`.padStart(12),
      `${Math.round(r.tap.tapToResponse)} ms`.padStart(14),
    ].join(' '),
  );
}
