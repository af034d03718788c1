/**
 * What the shop's command-line tools share: their arguments and configuration read with a clear line on a bad one,
 * and the shop's own database opened with that configuration and migrated.
 */
import { ConfigError, loadConfig, type Config } from '../env.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { DatabaseInUseError } from '../db/pglite-lock.js';
import { migrateDatabase } from '../db/migrate.js';

/** Where a command line tool writes, and what it reads its configuration from (tests pass their own). */
export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The variables to configure from; the process environment when absent. */
  env?: Record<string, string | undefined>;
}

/** The arguments as `parse` reads them (node:util's parseArgs); a bad one is reported with the usage. */
export function commandArgs<T>(parse: () => T, usage: string, { err }: CommandIo): T | undefined {
  try {
    return parse();
  } catch (e) {
    err(`${(e as Error).message}\n${usage}`);
    return undefined;
  }
}

/** The shop's configuration for a command; a bad variable is reported in its one line and gives undefined. */
export function commandConfig({ err, env }: CommandIo): Config | undefined {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      err(e.message);
      return undefined;
    }
    throw e;
  }
}

/**
 * The configuration and the migrated database, or the exit code after saying why not (a bad variable, the
 * embedded database open in the running shop, a server that does not answer). The caller closes the database.
 */
export async function openShopDatabase(
  io: CommandIo,
): Promise<{ config: Config; database: DatabaseHandle } | number> {
  const config = commandConfig(io);
  if (!config) return 1;
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/db` });
  } catch (e) {
    io.err(
      e instanceof DatabaseInUseError ? e.message : `Could not open the database: ${(e as Error).message}`,
    );
    return 1;
  }
  try {
    await migrateDatabase(database);
  } catch (e) {
    await database.close();
    throw e;
  }
  return { config, database };
}

/** Runs a command with the process's arguments and exits with its code; `name` prefixes an unexpected failure. */
export function runCommand(name: string, command: (argv: string[], io: CommandIo) => Promise<number>) {
  command(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`${name} failed: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}
