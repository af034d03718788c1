/**
 * Vitest's globalSetup: migrates the schema once per run, and seeds the demo catalogue once, into two template
 * databases that every test shop then copies (startTestApp), rather than each shop spending seconds of CPU on
 * initdb, the migrations and the seed. On PGlite the templates are data directory dumps in a temporary folder;
 * on the PostgreSQL server of DATABASE_URL they are databases that `create database … template` copies.
 * A shop still runs the migrations and the seed at start, as in production: on a copy they find nothing to do.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import * as demo from '@boutique/demo';
import { seedDemoCatalog } from '../src/db/seed/index.js';

/** Where a test shop copies its database from: file paths (PGlite) or database names (PostgreSQL). */
export interface DatabaseTemplates {
  migrated: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // DATABASE_URL as src/env.ts reads it, read here alone: the templates need no other setting.
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (!databaseUrl) {
    const scratch = mkdtempSync(join(tmpdir(), 'boutique-templates-'));
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    const templates = { migrated: join(scratch, 'migrated.tar'), seeded: join(scratch, 'seeded.tar') };
    try {
      await migrateDatabase(handle);
      await dumpTo(handle, templates.migrated);
      await seedDemoCatalog(handle, demo);
      await dumpTo(handle, templates.seeded);
    } finally {
      await handle.close();
    }
    project.provide('databaseTemplates', templates);
    return async () => rmSync(scratch, { recursive: true, force: true });
  }

  const tag = randomBytes(4).toString('hex');
  const templates = {
    migrated: `boutique_template_${tag}_migrated`,
    seeded: `boutique_template_${tag}_seeded`,
  };
  const drop = async () => {
    for (const name of Object.values(templates))
      await adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
  };
  try {
    await adminQuery(databaseUrl, `create database ${templates.migrated}`);
    await prepare(databaseUrl, templates.migrated, migrateDatabase);
    await adminQuery(databaseUrl, `create database ${templates.seeded} template ${templates.migrated}`);
    await prepare(databaseUrl, templates.seeded, (handle) => seedDemoCatalog(handle, demo));
  } catch (err) {
    await drop();
    throw err;
  }
  project.provide('databaseTemplates', templates);
  return drop;
}

async function dumpTo(handle: DatabaseHandle, file: string): Promise<void> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

async function prepare(
  serverUrl: string,
  name: string,
  fn: (handle: DatabaseHandle) => Promise<unknown>,
): Promise<void> {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL copies only a template nobody is connected to.
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
  try {
    await fn(handle);
  } finally {
    await handle.close();
  }
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
