import { existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The storefront's real server entry (`npm run build`): it knows the pages, their data and heads. */
const SERVER_ENTRY = fileURLToPath(new URL('../../../web/dist-server', import.meta.url));

/**
 * An empty folder for a stand-in of the storefront's client build (index.html, a few translations), with the
 * real server entry beside it where the API looks for it. Returns the folder to pass as WEB_DIST_DIR.
 */
export function storefrontBuild(): string {
  if (!existsSync(join(SERVER_ENTRY, 'entry-server.js')))
    throw new Error('Build the storefront first (npm run build): these tests render with its server entry');
  const root = mkdtempSync(join(tmpdir(), 'boutique-site-'));
  symlinkSync(SERVER_ENTRY, join(root, 'dist-server'), 'dir');
  const dist = join(root, 'dist');
  mkdirSync(dist);
  return dist;
}
