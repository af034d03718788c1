/**
 * The shop in a process of its own, configured by its environment like server.ts but without the demo
 * artwork (seconds of rendering): for tests that must kill it (`kill -9`) and start it again.
 */
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/env.js';

const config = loadConfig();
const app = await buildApp(config, { renderDemoMedia: false });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.stdout.write(`ready ${config.port}\n`);
