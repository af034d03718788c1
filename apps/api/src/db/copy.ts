/**
 * Copies every table of one PostgreSQL database into another that has the same schema (both migrated to the
 * same level): what `npm run db:move` does with an embedded shop. Nothing here names a table: tables, their
 * columns, foreign keys and sequences are read from the catalogues, so tables that later migrations add are
 * copied too.
 */
import type { DatabaseHandle } from './client.js';
import type pg from 'pg';

export interface TableCopy {
  table: string;
  rows: number;
}

/** Runs SQL on the source; answers the rows. */
export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

export function sourceQuery(handle: DatabaseHandle): Query {
  return async <T>(text: string, params: unknown[] = []) => {
    // Both drivers answer `{ rows }` to a raw query through their client.
    const client = (
      handle.db as unknown as { $client: { query: (t: string, p: unknown[]) => Promise<{ rows: T[] }> } }
    ).$client;
    return (await client.query(text, params)).rows;
  };
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables in an order where every table comes after the tables its foreign keys point to. A reference of a
 * table to itself does not count (its rows are copied in primary-key order, parents first); a cycle between
 * tables cannot be copied without deferred constraints and is refused with its tables named.
 */
export function copyOrder(tables: string[], references: { from: string; to: string }[]): string[] {
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { from, to } of references)
    if (from !== to && needs.has(from) && needs.has(to)) needs.get(from)!.add(to);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...needs.get(t)!].every((d) => placed.has(d)));
    if (ready.length === 0) {
      const stuck = tables.filter((t) => !placed.has(t));
      throw new Error(
        `foreign keys form a cycle between ${stuck.join(', ')}: these tables cannot be copied in order`,
      );
    }
    for (const t of ready.sort()) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

const TABLES = `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`;
const REFERENCES = `select cl.relname as "from", cf.relname as "to" from pg_constraint k
  join pg_class cl on cl.oid = k.conrelid join pg_class cf on cf.oid = k.confrelid
  join pg_namespace n on n.oid = cl.relnamespace where k.contype = 'f' and n.nspname = 'public'`;

/** The public tables of a database and the foreign keys between them. */
export async function describeTables(query: Query) {
  const tables = (await query<{ name: string }>(TABLES)).map((r) => r.name);
  const references = await query<{ from: string; to: string }>(REFERENCES);
  return { tables, references };
}

/** Tables of the target that hold at least one row (the migrations' own bookkeeping is not in `public`). */
export async function nonEmptyTables(target: pg.ClientBase): Promise<string[]> {
  const { rows } = await target.query<{ name: string }>(TABLES);
  const full: string[] = [];
  for (const { name } of rows) {
    const { rowCount } = await target.query(`select 1 from ${ident(name)} limit 1`);
    if (rowCount) full.push(name);
  }
  return full;
}

/**
 * Empties tables inside the caller's transaction: the rows the migrations themselves wrote in an empty target
 * (the worldwide shipping zone, say), which the source holds too, as its owner may have changed them since.
 */
export async function emptyTables(target: pg.ClientBase, tables: string[]): Promise<void> {
  if (tables.length > 0) await target.query(`truncate ${tables.map(ident).join(', ')}`);
}

const BATCH = 500;

/**
 * Copies the rows of `tables` (in that order) from `source` into `target`, inside the target's transaction
 * that the caller opened: the rows go through JSON (`json_agg` there, `json_populate_recordset` here), so every
 * type arrives exactly as it was (numeric, jsonb, arrays, timestamps). Generated columns are left to the target
 * to compute, identity values are kept, and the tables' own triggers (change notifications) stay quiet while
 * the rows arrive; foreign keys are checked as ever.
 */
export async function copyRows(query: Query, target: pg.ClientBase, tables: string[]): Promise<TableCopy[]> {
  const copied: TableCopy[] = [];
  for (const table of tables) {
    const columns = (
      await target.query<{ name: string }>(
        `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0
         and not attisdropped and attgenerated = '' order by attnum`,
        [ident(table)],
      )
    ).rows.map((r) => ident(r.name));
    const key = (
      await query<{ name: string }>(
        `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid
         and a.attnum = any(i.indkey) where i.indrelid = $1::regclass and i.indisprimary order by a.attnum`,
        [ident(table)],
      )
    ).map((r) => ident(r.name));
    const order = key.length > 0 ? key.join(', ') : columns.join(', ');
    await target.query(`alter table ${ident(table)} disable trigger user`);
    let rows = 0;
    for (let offset = 0; ; offset += BATCH) {
      const [batch] = await query<{ rows: string; n: number }>(
        `select coalesce(json_agg(t), '[]')::text as rows, count(*)::int as n
         from (select * from ${ident(table)} order by ${order} limit ${BATCH} offset ${offset}) t`,
      );
      if (!batch || batch.n === 0) break;
      await target.query(
        `insert into ${ident(table)} (${columns.join(', ')}) overriding system value
         select ${columns.join(', ')} from json_populate_recordset(null::${ident(table)}, $1::json)`,
        [batch.rows],
      );
      rows += batch.n;
      if (batch.n < BATCH) break;
    }
    await target.query(`alter table ${ident(table)} enable trigger user`);
    copied.push({ table, rows });
  }
  return copied;
}

/** Sets every sequence of the target where the source's stands, so new rows do not collide with copied ones. */
export async function copySequences(query: Query, target: pg.ClientBase): Promise<number> {
  const sequences = await query<{ name: string; last: string | null }>(
    `select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
  );
  for (const { name, last } of sequences) {
    await target.query(
      last === null
        ? `select setval($1::regclass, 1, false)`
        : `select setval($1::regclass, $2::bigint, true)`,
      last === null ? [ident(name)] : [ident(name), last],
    );
  }
  return sequences.length;
}

/** Row counts of the tables, for the check after the copy. */
export async function countRows(run: Query, tables: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [row] = await run<{ n: number }>(`select count(*)::int as n from ${ident(table)}`);
    counts.set(table, row?.n ?? 0);
  }
  return counts;
}
