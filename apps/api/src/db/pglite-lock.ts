import { readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';

/** Another live process holds the embedded database. */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it is only someone else's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite keeps no lock of its own: two processes can open one data directory at once and both write to it,
 * which corrupts it. `{dir}.lock` holds the pid of the process that has it open; a file left by a process that
 * no longer runs (a crash, a kill -9) is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = `${dir.replace(/\/+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
      return () => {
        if (holderOf(file) !== process.pid) return;
        try {
          unlinkSync(file);
        } catch {
          // Gone already: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = holderOf(file);
    // Our own pid is a previous life of this process (a container restarted as pid 1): the file is stale.
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
      throw new DatabaseInUseError(
        `The embedded database ${dir} is in use by process ${holder} (is the shop running?). ` +
          'One process at a time can open it: stop the shop first, or set DATABASE_URL to use a PostgreSQL server. ' +
          `If no such process is the shop, delete ${file}.`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new DatabaseInUseError(
    `The embedded database ${dir} could not be locked: ${file} keeps coming back.`,
  );
}
