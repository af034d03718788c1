import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle } from './client.js';

/** Same relative place from src/db and from dist/db. */
const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

export const MIGRATION_LOCK = 72_410_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withLock(MIGRATION_LOCK, async () => {
    if (handle.driver === 'pglite')
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    else await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  });
}
