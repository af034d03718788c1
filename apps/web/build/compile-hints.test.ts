import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints';

describe('compileHints', () => {
  it('marks the named chunks as built, first line, and leaves the others alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
    const files = { 'framework-a.js': 'var a=1;', 'page-b.js': 'var b=2;', 'style.css': 'a{}' };
    for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
    const bundle = {
      'framework-a.js': { type: 'chunk', name: 'framework', fileName: 'framework-a.js' },
      'page-b.js': { type: 'chunk', name: 'page', fileName: 'page-b.js' },
      'style.css': { type: 'asset', name: 'framework', fileName: 'style.css' },
    };
    const plugin = compileHints(['framework']);
    await (plugin.writeBundle as (options: { dir: string }, bundle: object) => Promise<void>)(
      { dir },
      bundle,
    );

    expect(readFileSync(join(dir, 'framework-a.js'), 'utf8')).toBe(`${COMPILE_HINT}\nvar a=1;`);
    expect(readFileSync(join(dir, 'page-b.js'), 'utf8')).toBe('var b=2;');
    expect(readFileSync(join(dir, 'style.css'), 'utf8')).toBe('a{}');
  });
});
