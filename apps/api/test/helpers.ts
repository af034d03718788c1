import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/env.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import './templates.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** The PostgreSQL database of this app, when the suite runs on a server. */
  databaseUrl: string | undefined;
  url: string;
  /** fetch against the listening server: real HTTP, real sockets. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  json<T = any>(path: string, init?: RequestInit): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

/** The run's PGlite templates (test/templates.ts), read once per test file. */
const pgliteTemplates = new Map<string, Blob>();

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the PostgreSQL server
 * of DATABASE_URL (created here, dropped on close), so test files never see each other's data. Either is a copy
 * of the run's template, migrated, and seeded unless SEED_DEMO is false (see test/templates.ts).
 */
async function freshDatabase(
  base: Config,
): Promise<{ handle: DatabaseHandle; url?: string; drop: () => Promise<void> }> {
  const templates = inject('databaseTemplates');
  const template = base.seedDemo ? templates.seeded : templates.migrated;
  if (!base.databaseUrl) {
    let dump = pgliteTemplates.get(template);
    if (!dump) pgliteTemplates.set(template, (dump = new Blob([readFileSync(template)])));
    const handle = await openDatabase({
      databaseUrl: undefined,
      pgliteDir: 'memory://',
      pgliteTemplate: dump,
    });
    return { handle, drop: async () => {} };
  }
  const name = `boutique_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(base.databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.databaseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestAppOptions extends Omit<BuildOptions, 'database'> {
  /** Listen on this port rather than any free one (when PUBLIC_URL must name the test server itself). */
  port?: number;
}

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The start under way in this test file's process: the next one waits for it (see startTestApp). */
let starting: Promise<unknown> = Promise.resolve();

/**
 * A shop on a fresh database, listening on 127.0.0.1. Starts asked for at once (`Promise.all`) run one after the
 * other: an embedded database's start holds the event loop for seconds, and Fastify gives each plugin 10 s to
 * load, so another app loading meanwhile could fail its start ("Plugin did not start in time").
 */
export function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const started = starting.then(() => startOne(env, options));
  starting = started.catch(() => undefined);
  return started;
}

async function startOne(
  env: Record<string, string>,
  { port = 0, ...options }: TestAppOptions,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'boutique-test-'));
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // Each app counts in its own keys when the suite runs with REDIS_URL: no counter leaks between files or runs.
    REDIS_PREFIX: `test-${randomUUID()}:`,
    // The owner's daily digest is a mail of its own: only the tests of it ask for one.
    DIGEST_HOUR: 'off',
    ...env,
  });
  const { handle, url: databaseUrl, drop } = await freshDatabase(config);
  const app = await buildApp(config, { renderDemoMedia: false, ...options, database: handle });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  const doFetch = (path: string, init?: RequestInit) => fetch(url + path, init);
  return {
    app,
    config,
    database: handle,
    databaseUrl,
    url,
    fetch: doFetch,
    async json(path, init) {
      const res = await doFetch(path, init);
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
    },
    async close() {
      await app.close();
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The shop on a given database (the embedded one of DATA_DIR when undefined) rather than a fresh one: for
 * tests of what moves or restores a shop. Closing it leaves the database alone.
 */
export async function startShopOn(
  databaseUrl: string | undefined,
  env: Record<string, string>,
): Promise<TestApp> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'boutique-shop-'));
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    REDIS_URL: '',
    REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
    DIGEST_HOUR: 'off',
    ...env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
  });
  const app = await buildApp(config, { renderDemoMedia: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    app,
    config,
    database: app.database,
    databaseUrl,
    url,
    fetch: (path: string, init?: RequestInit) => fetch(url + path, init),
    async json(path: string, init?: RequestInit) {
      const res = await fetch(url + path, init);
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
    },
    async close() {
      await app.close();
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs one statement on the database at `url` (a server's, outside any app) and answers its rows. */
export async function sqlAt<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}
