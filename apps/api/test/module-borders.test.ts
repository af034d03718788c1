import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rules that keep the API's modules apart (eslint-rules/api-modules.js), tried on planted imports: the
 * lint stage runs them on the real tree; this shows they refuse what they promise to.
 */
const RULES_FILE = resolve(import.meta.dirname, '../../../eslint-rules/api-modules.js');
const SRC = resolve(import.meta.dirname, '../src');

interface ApiModulesRules {
  apiModules: ESLint.Plugin;
  moduleOrder: (deps: Record<string, string[]>) => string[];
}
const rules = (await import(RULES_FILE)) as ApiModulesRules;

const eslint = new ESLint({
  cwd: resolve(SRC, '..'),
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { api: rules.apiModules },
      rules: { 'api/borders': 'error', 'api/no-cycles': 'error' },
    },
  ],
});

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: resolve(SRC, file) });
  return result!.messages.map((m) => m.message);
}

describe('the API module borders', () => {
  it('refuse a deep import into another module', async () => {
    const found = await problems(
      'modules/cart/planted.ts',
      "import { toImage } from '../catalog/images.js';\n",
    );
    expect(found).toEqual([expect.stringContaining('through its index.ts')]);
  });

  it('refuse a module its map does not list, even through index.ts', async () => {
    const found = await problems(
      'modules/stock/planted.ts',
      "import { OrderService } from '../orders/index.js';\n",
    );
    expect(found).toEqual([expect.stringContaining('The stock module may not import the orders module')]);
  });

  it('refuse a shared layer that imports a module', async () => {
    const found = await problems(
      'lib/planted.ts',
      "export { StockService } from '../modules/stock/index.js';\n",
    );
    expect(found).toEqual([expect.stringContaining('lib/ is shared by every module')]);
  });

  it('admit what the map lists, through index.ts, and files of the same module', async () => {
    const code =
      "import { StockService } from '../stock/index.js';\nimport { toImage } from './images.js';\n";
    expect(await problems('modules/catalog/planted.ts', code)).toEqual([]);
  });

  it('refuse an import circle between files', async () => {
    // The cart's service imports its pricing; a pricing file that imported the service back closes a circle.
    const found = await problems('modules/cart/pricing.ts', "export { CartService } from './service.js';\n");
    expect(found).toEqual([
      expect.stringMatching(/^Import circle: modules\/cart\/pricing\.ts → .*modules\/cart\/pricing\.ts/),
    ]);
  });

  it('refuse a dependency map with a circle in it', () => {
    expect(() => rules.moduleOrder({ a: ['b'], b: ['c'], c: ['a'] })).toThrow('a → b → c → a');
    expect(rules.moduleOrder({ a: ['b'], b: [] })).toEqual(['b', 'a']);
  });
});
