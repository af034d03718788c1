import { ConfigError, loadConfig, type Config } from '../env.js';

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
