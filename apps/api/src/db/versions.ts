import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ERROR_CODES } from '@boutique/contracts/constants';
import { HttpError } from '../lib/http-error.js';
import type { Database } from './client.js';

/** A table of records the back office writes: an `id` and a `version` counting the writes (decision 028). */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/** The refusal of a write based on an older version: 409 `stale`, with the record as it is now. */
export function staleWrite(current: unknown): HttpError {
  return new HttpError(
    409,
    'This record was changed by someone else since you opened it: nothing was saved. Look at what changed, then apply your edit again.',
    undefined,
    { code: ERROR_CODES.stale, error: 'stale', current },
  );
}

/**
 * The one version check of every admin write, first in the write's transaction: `update ... set version =
 * version + 1 where id = ? and version = ?`, one atomic statement that also locks the row until the transaction
 * ends. Answers the row (with its new version). When no row matched, the record is gone (404 `notFound`) or
 * another write came first: 409 `stale` with `current()`, the record as the client would read it now (read
 * with `tx`; or later, see `withCurrent`), and the caller's transaction rolls back, so nothing of the write is
 * kept.
 */
export async function claimVersion<T extends VersionedTable>(
  tx: Database,
  table: T,
  id: number,
  expected: number,
  options: { notFound: HttpError; current?: () => Promise<unknown> },
): Promise<T['$inferSelect']> {
  const rows = (await tx
    .update(table)
    .set({ version: sql`${table.version} + 1` } as never)
    .where(and(eq(table.id, id), eq(table.version, expected)))
    .returning()) as T['$inferSelect'][];
  const [row] = rows;
  if (row) return row;
  const plain: PgTable = table;
  const [exists] = await tx.select({ id: table.id }).from(plain).where(eq(table.id, id));
  if (!exists) throw options.notFound;
  throw staleWrite(await options.current?.());
}

/**
 * A write whose stale refusal gets the record as it is now from `current`, read once the write's transaction
 * is over (for views read outside it: the embedded database runs one transaction at a time).
 */
export async function withCurrent<T>(write: Promise<T>, current: () => Promise<unknown>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (err instanceof HttpError && err.details?.error === 'stale' && err.details.current === undefined) {
      throw staleWrite(await current());
    }
    throw err;
  }
}

/**
 * A write that changes a record without being based on a version of it (a picture uploaded to a product): the
 * version still moves, so forms opened before it learn of it.
 */
export async function bumpVersion(tx: Database, table: VersionedTable, id: number): Promise<void> {
  await tx
    .update(table)
    .set({ version: sql`${table.version} + 1` })
    .where(eq(table.id, id));
}
