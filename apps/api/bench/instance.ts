/**
 * Child process of bench/stock.ts: one API instance of the shop on the PostgreSQL database of DATABASE_URL,
 * listening on PORT, as one of several behind a load balancer would. Says its address when ready; closes when
 * its parent goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';

const dataDir = mkdtempSync(join(tmpdir(), 'boutique-bench-instance-'));
const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', DATA_DIR: dataDir });
const app = await buildApp(config, { renderDemoMedia: false });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.({ url: `http://127.0.0.1:${config.port}` });
process.on('disconnect', () => {
  void app.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
