/**
 * `npm run db:move -- <DATABASE_URL>` moves an embedded shop (the PGlite database under DATA_DIR and its
 * pictures under DATA_DIR/storage) to a PostgreSQL server, for a shop owner who outgrows one process: every
 * table, row and sequence into an empty database there, and every picture into the configured storage (the S3
 * bucket when S3_BUCKET is set). Counts are checked before the copy is committed; a target that already holds
 * rows is refused, so nothing is ever mixed or overwritten. The shop must be stopped (the embedded database
 * opens in one process at a time). The command itself is `db-move.ts`, beside this file.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import {
  copyOrder,
  copyRows,
  copySequences,
  countRows,
  describeTables,
  emptyTables,
  nonEmptyTables,
  sourceQuery,
} from '../db/copy.js';
import { DatabaseInUseError } from '../db/pglite-lock.js';
import { migrateDatabase } from '../db/migrate.js';
import { DiskStorage } from '../storage/disk.js';
import { contentTypeOf, type Storage } from '../storage/index.js';
import { openStorage } from '../storage/open.js';
import { commandArgs, commandConfig, type CommandIo } from './command.js';

const USAGE = 'Usage: npm run db:move -- postgres://user:password@host:5432/database';

/** Moves the embedded shop; answers the exit code (0 moved, 1 refused or failed, 2 bad arguments). */
export async function dbMove(argv: string[], io: CommandIo): Promise<number> {
  const { out, err } = io;
  const parsed = commandArgs(
    () =>
      parseArgs({ args: argv, allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } }),
    USAGE,
    io,
  );
  if (!parsed) return 2;
  if (parsed.values.help) {
    out(
      `${USAGE}\nCopies the embedded shop (DATA_DIR) into an empty PostgreSQL database, pictures included.`,
    );
    return 0;
  }
  const [targetUrl, ...extra] = parsed.positionals;
  let target: URL | undefined;
  try {
    target = targetUrl ? new URL(targetUrl) : undefined;
  } catch {
    target = undefined;
  }
  if (
    !target ||
    extra.length > 0 ||
    !/^postgres(ql)?:$/.test(target.protocol) ||
    target.pathname.length < 2
  ) {
    err(`Give the address of the PostgreSQL database to move the shop into, and nothing else.\n${USAGE}`);
    return 2;
  }
  const where = `${target.host}${target.pathname}`;

  const config = commandConfig(io);
  if (!config) return 1;
  if (config.databaseUrl) {
    err(
      'DATABASE_URL is set: this shop already runs on PostgreSQL. db:move copies the embedded database of DATA_DIR; ' +
        'unset DATABASE_URL to run it (to copy between servers, use pg_dump and pg_restore: see docs/operations.md, Backups).',
    );
    return 1;
  }
  const pgliteDir = `${config.dataDir}/db`;
  if (!existsSync(pgliteDir)) {
    err(`There is no embedded shop in ${config.dataDir} (no ${pgliteDir}): check DATA_DIR.`);
    return 1;
  }

  let source: DatabaseHandle | undefined;
  let client: pg.Client | undefined;
  let storage: Storage | undefined;
  try {
    try {
      source = await openDatabase({ databaseUrl: undefined, pgliteDir });
    } catch (e) {
      if (e instanceof DatabaseInUseError) {
        err(e.message);
        return 1;
      }
      throw e;
    }
    await migrateDatabase(source);

    client = new pg.Client({ connectionString: target.toString() });
    try {
      await client.connect();
    } catch (e) {
      err(`Could not connect to ${where}: ${(e as Error).message}`);
      return 1;
    }
    const full = await nonEmptyTables(client);
    if (full.length > 0) {
      err(
        `${where} is not empty (${full.slice(0, 5).join(', ')}${full.length > 5 ? ', ...' : ''} hold rows): ` +
          'db:move only fills an empty database. Nothing was changed.',
      );
      return 1;
    }

    // Pictures first: copying them again is harmless, so a failure below leaves nothing half done to undo.
    storage = await openStorage(config.storage);
    const pictures = await copyPictures(new DiskStorage(config.storage.dir), storage, config.storage.dir);
    out(pictures.message);

    out(`Migrating ${where} ...`);
    const migrated = await openDatabase({ databaseUrl: target.toString(), pgliteDir: '' });
    try {
      await migrateDatabase(migrated);
    } finally {
      await migrated.close();
    }

    // Rows the migrations wrote themselves (the worldwide shipping zone): the copy brings the source's own.
    const seeded = await nonEmptyTables(client);
    const query = sourceQuery(source);
    const { tables, references } = await describeTables(query);
    const theirs = new Set((await describeTables(targetQuery(client))).tables);
    const unknown = tables.filter((t) => !theirs.has(t));
    if (unknown.length > 0) {
      err(
        `The embedded database has tables the migrations do not make: ${unknown.join(', ')}. Nothing was copied.`,
      );
      return 1;
    }
    const ordered = copyOrder(tables, references);
    const expected = await countRows(query, ordered);

    await client.query('begin');
    try {
      await emptyTables(client, seeded);
      const copied = await copyRows(query, client, ordered);
      const sequences = await copySequences(query, client);
      const counted = await countRows(targetQuery(client), ordered);
      const wrong = ordered.filter((t) => counted.get(t) !== expected.get(t));
      if (wrong.length > 0) {
        throw new Error(
          `counts differ after the copy: ${wrong.map((t) => `${t} ${expected.get(t)} -> ${counted.get(t)}`).join(', ')}`,
        );
      }
      await client.query('commit');
      const total = copied.reduce((n, c) => n + c.rows, 0);
      out(`Copied ${total} rows of ${copied.length} tables, counts checked, ${sequences} sequences set:`);
      for (const c of copied) out(`  ${c.table.padEnd(28)} ${String(c.rows).padStart(8)}`);
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      throw e;
    }
    out(
      [
        `The shop is in ${where}. To run on it: set DATABASE_URL to that address${
          config.storage.s3 ? ' and keep the S3_* variables' : ''
        },`,
        'set JWT_SECRET to the value of DATA_DIR/jwt-secret on every instance (or sign-ins start afresh), and',
        'keep DATA_DIR as a backup until the shop has run well on the server.',
      ].join('\n'),
    );
    return 0;
  } catch (e) {
    err(`db:move failed, the target was left as it was: ${(e as Error).message}`);
    return 1;
  } finally {
    storage?.close();
    await client?.end().catch(() => undefined);
    await source?.close();
  }
}

const targetQuery =
  (client: pg.ClientBase) =>
  async <T>(text: string, params: unknown[] = []) =>
    (await client.query(text, params)).rows as T[];

/** Every picture of the data dir into the configured storage, skipping what is there already. */
async function copyPictures(from: DiskStorage, to: Storage, dir: string) {
  const keys = await from.list('');
  if (to.driver === 'disk') {
    return {
      copied: 0,
      message: `${keys.length} pictures stay in ${dir} (S3_BUCKET is not set): copy that folder to the server's DATA_DIR/storage, or set S3_* to move them into a bucket.`,
    };
  }
  const present = new Set(await to.list(''));
  const missing = keys.filter((k) => !present.has(k));
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const key = missing[next++]!;
      const object = await from.get(key);
      if (!object) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      await to.put(key, Buffer.concat(chunks), contentTypeOf(key)!);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const stored = new Set(await to.list(''));
  const lost = keys.filter((k) => !stored.has(k));
  if (lost.length > 0)
    throw new Error(`${lost.length} pictures did not reach ${to.location}, such as ${lost[0]}`);
  return {
    copied: missing.length,
    message: `Pictures: ${missing.length} copied to ${to.location}, ${keys.length - missing.length} were there already; all ${keys.length} checked.`,
  };
}
