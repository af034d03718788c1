import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * The data directory holds the database, the signing secret, e-mails and uploads: only the shop's own user
 * may enter it (0700). Created so, and tightened when it exists with looser rights; files in it are written
 * 0600 (the server's umask, and each writer's own mode).
 */
export function ensureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
}
