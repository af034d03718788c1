import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './pglite-lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Driver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: Driver;
  /** Runs `fn` while holding a cluster-wide advisory lock, so concurrent instances migrate and seed one at a time. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Subscribes to a NOTIFY channel. `onMessage` gets each notification's payload, and is also called without
   * one when notifications may have been missed (a reconnect): then the subscriber must assume anything changed.
   */
  listen(channel: string, onMessage: (payload?: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  /** PGlite data directory, or `memory://` for a throwaway database. */
  pgliteDir: string;
  /**
   * A PGlite data directory dumped with `dumpDataDir` to start from instead of an empty one (the tests' migrated
   * and seeded template): the copy skips initdb, the migrations and the seed.
   */
  pgliteTemplate?: Blob;
  onError?: (err: unknown) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onError)
    : openPglite(options.pgliteDir, options.pgliteTemplate);
}

async function openPglite(dir: string, template?: Blob): Promise<DatabaseHandle> {
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  // Refuses a directory another live process has open (the shop, while a command line tool starts).
  const release = inMemory ? () => {} : lockDataDir(dir);
  let client: PGlite;
  try {
    // pg_trgm: the search migration (0012) creates it and a trigram index (dropped by 0014), as on a PostgreSQL
    // server; the search itself now measures similarity in memory (modules/catalog/search/trigram.ts).
    client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: template });
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    // One process owns a PGlite directory, and PGlite runs one statement at a time: nothing to lock against.
    withLock: (_key, fn) => fn(),
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, (payload) => onMessage(payload));
      return () => unsubscribe();
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(
  url: string,
  onError: (err: unknown) => void = () => {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  pool.on('error', onError);
  // Fail at start-up, with the driver's message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  const listeners = new Set<pg.Client>();
  let closed = false;

  return {
    db,
    driver: 'postgres',
    async withLock(key, fn) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [key]).catch(onError);
        conn.release();
      }
    },
    async listen(channel, onMessage) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
      let client: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      const scheduleRetry = () => {
        if (closed) return;
        retry = setTimeout(() => {
          connect().catch((err: unknown) => {
            onError(err);
            scheduleRetry();
          });
        }, 1000);
      };
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        c.on('notification', (message) => onMessage(message.payload ?? ''));
        c.on('error', (err) => {
          onError(err);
          listeners.delete(c);
          void c.end().catch(() => {});
          scheduleRetry();
        });
        await c.connect();
        await c.query(`listen ${channel}`);
        listeners.add(c);
        client = c;
        // Whatever changed while we were not listening is unknown: let the subscriber start afresh.
        onMessage();
      };
      await connect();
      return async () => {
        clearTimeout(retry);
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
