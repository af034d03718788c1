/**
 * npm run bench:api — requests/s and p99 of the catalogue endpoints next to a bare Fastify route serving the
 * same bytes from memory. Target: at least 60% of that ceiling with p99 under 25 ms at 50 connections.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune the run.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

interface Ready {
  real: string;
  ceiling: string;
  driver: string;
  routes: Record<string, { real: string; ceiling: string; bytes: number }>;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const child = fork(fileURLToPath(new URL('./servers.ts', import.meta.url)), {
  execArgv: ['--conditions=source', '--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise<Ready>((resolve, reject) => {
  child.once('message', (m) => resolve(m as Ready));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

async function measure(url: string) {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

console.log(`catalogue API on ${ready.driver}, ${connections} connections, ${seconds} s per run, loopback\n`);
const rows: string[] = [];
let met = true;
for (const [name, route] of Object.entries(ready.routes)) {
  // Warm both (JIT, caches), then measure.
  await autocannon({ url: ready.real + route.real, connections, duration: 2 });
  await autocannon({ url: ready.ceiling + route.ceiling, connections, duration: 2 });
  const ceiling = await measure(ready.ceiling + route.ceiling);
  const real = await measure(ready.real + route.real);
  const ratio = real.rps / ceiling.rps;
  const ok = ratio >= 0.6 && real.p99 < 25;
  met &&= ok;
  rows.push(
    [
      name.padEnd(9),
      `${(route.bytes / 1024).toFixed(1)} KB`.padStart(9),
      Math.round(ceiling.rps).toString().padStart(9),
      `${ceiling.p99} ms`.padStart(8),
      Math.round(real.rps).toString().padStart(9),
      `${real.p99} ms`.padStart(8),
      `${(ratio * 100).toFixed(0)}%`.padStart(6),
      ok ? '  target met' : '  TARGET MISSED',
    ].join(' '),
  );
}
console.log('route        body   bare r/s bare p99  real r/s real p99  ratio');
for (const row of rows) console.log(row);
console.log(`\n${met ? 'all targets met' : 'some targets missed'} (>= 60% of the bare ceiling, p99 < 25 ms)`);
child.disconnect();
