/**
 * npm run bench:search — requests/s and p99 of the search endpoint for 1,000 varied queries (words of the
 * catalogue in three languages, typos, prefixes as typed, spellings, colours, several words) at 50 connections,
 * next to the category endpoint. Two search runs: the first pass, where every query is new (each answer is
 * computed; 300 other queries first warm the code and the connections up), then BENCH_SECONDS of the same queries
 * again (answers cached until the catalogue changes).
 * Every request says what Chromium says it accepts (compressed answers), as a shopper's browser does.
 * Target: p99 under 20 ms on PGlite. BENCH_SECONDS (10) and BENCH_CONNECTIONS (50) tune it.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchQueries } from './search-queries.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const QUERIES = 1000;

const child = fork(fileURLToPath(new URL('./servers.ts', import.meta.url)), {
  execArgv: ['--conditions=source', '--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise<{ real: string; driver: string }>((resolve, reject) => {
  child.once('message', (m) => resolve(m as { real: string; driver: string }));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

// The generator's next queries, never measured: they warm the search's code and the 50 connections up (a
// browser keeps its connection too) without leaving a cached answer for any measured query.
const [list, warm] = ((all) => [all.slice(0, QUERIES), all.slice(QUERIES)])(benchQueries(QUERIES + 300));
/** What Chromium sends: an answer is compressed for it, and the figures count those bytes. */
const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const toPath = (q: string) => `/api/v1/products/search?q=${encodeURIComponent(q)}`;

/** What bench/servers.ts saw of a measured window. */
interface ServerView {
  loopDelayP99: number;
  loopDelayMax: number;
  gcCount: number;
  gcTotal: number;
  gcMax: number;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  n: number;
  /** Bytes read per answer, headers included. */
  bytes: number;
}

/** The category endpoint, or the search asking `paths` in turn, for BENCH_SECONDS. */
async function measure(url: string, paths?: string[]): Promise<Figures> {
  let position = 0;
  const result = await autocannon({
    url,
    headers,
    connections,
    pipelining: 1,
    duration: seconds,
    ...(paths && {
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[position++ % paths.length] }) }],
    }),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    n: result.requests.total,
    bytes: result.throughput.total / result.requests.total,
  };
}

/**
 * Every query once, each answer computed: the warm-up queries first, on the same connections, then the measured
 * ones. Only the measured requests' times count (a connection's first answers wait for its start); each is timed
 * from the moment it is sent to its answer, as autocannon times them.
 */
async function firstPass(url: string): Promise<Figures> {
  const paths = [...warm, ...list].map(toPath);
  let position = 0;
  const latencies: number[] = [];
  let firstSent = 0;
  let lastAnswer = 0;
  interface Sent {
    n?: number;
    at?: number;
  }
  const result = await autocannon({
    url,
    headers,
    connections,
    pipelining: 1,
    amount: paths.length,
    // On a busy machine the answers can queue for long: report it, not fail.
    timeout: 120,
    requests: [
      {
        setupRequest: (req, context: Sent) => {
          context.n = position;
          context.at = performance.now();
          if (position === warm.length) firstSent = context.at;
          return { ...req, path: paths[position++] };
        },
        onResponse: (status, _body, context: Sent) => {
          if (status !== 200) throw new Error(`search answered ${status}`);
          if (context.n === undefined || context.at === undefined || context.n < warm.length) return;
          lastAnswer = performance.now();
          latencies.push(lastAnswer - context.at);
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`first pass: ${result.non2xx} non-2xx, ${result.errors} errors`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return {
    rps: latencies.length / ((lastAnswer - firstSent) / 1000),
    p50: at(0.5),
    p99: at(0.99),
    n: latencies.length,
    bytes: result.throughput.total / result.requests.total,
  };
}

console.log(
  `search on ${ready.driver}, ${QUERIES} distinct queries (e.g. ${list
    .slice(0, 6)
    .map((q) => JSON.stringify(q))
    .join(', ')}), ${connections} connections\n`,
);
const category = `${ready.real}/api/v1/products/filters/category/caftan`;
await autocannon({ url: category, headers, connections, duration: 2 });
const rows: [string, Figures][] = [];
rows.push(['category (cached)', await measure(category)]);
child.send('watch');
rows.push(['search, first pass', await firstPass(ready.real)]);
const serverView = await new Promise<ServerView>((resolve) => {
  child.once('message', (m) => resolve(m as ServerView));
  child.send('report');
});
rows.push(['search, again', await measure(ready.real, list.map(toPath))]);

console.log('endpoint              requests    r/s   p50     p99   answer');
for (const [name, r] of rows)
  console.log(
    `${name.padEnd(20)} ${String(r.n).padStart(9)} ${Math.round(r.rps).toString().padStart(6)} ${`${r.p50} ms`.padStart(6)} ${`${r.p99} ms`.padStart(7)} ${`${(r.bytes / 1024).toFixed(1)} KB`.padStart(8)}`,
  );
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(
  `\nfirst pass, as the server saw it: event loop held p99 ${ms(serverView.loopDelayP99)}, longest ` +
    `${ms(serverView.loopDelayMax)}; ${serverView.gcCount} collections, ${ms(serverView.gcTotal)} in all, ` +
    `longest ${ms(serverView.gcMax)}`,
);
const worst = Math.max(...rows.slice(1).map(([, r]) => r.p99));
console.log(`\n${worst < 20 ? 'target met' : 'TARGET MISSED'}: search p99 ${worst} ms (target < 20 ms)`);
child.disconnect();
