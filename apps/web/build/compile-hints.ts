import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The comment that asks V8 to compile a whole file at once (explicit compile hints, Chromium 136 and later). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the chunks whose functions nearly all run while the page loads (the framework, the app's shared code)
 * for eager compilation. V8 otherwise compiles a function on the main thread the first time it is called,
 * which on a phone makes the app's start-up one long task; a marked file is compiled as it downloads, off the
 * main thread. Other browsers read a comment. Written on the files as built: the minifier would drop it, and
 * Vite puts its own preamble first.
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'boutique:compile-hints',
    apply: 'build',
    async writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !chunkNames.includes(file.name)) continue;
        const path = join(options.dir ?? 'dist', file.fileName);
        await writeFile(path, `${COMPILE_HINT}\n${await readFile(path, 'utf8')}`);
      }
    },
  };
}
