import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { dirname, relative, resolve } from 'node:path';
import { apiModules } from './eslint-rules/api-modules.js';

const WEB_SRC = resolve(import.meta.dirname, 'apps/web/src');

/**
 * The storefront's layers (docs/design.md, Storefront; after bulletproof-react's import/no-restricted-paths
 * zones): a feature imports another only through lib/ or components/, and app/ composes them; the shared
 * layers and features never import app/, and the shared layers never import a feature.
 */
const layers = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = relative(WEB_SRC, context.filename).split(/[\\/]/);
    if (from[0] === '..' || from.length < 2) return {};
    const check = (node) => {
      const spec = node.source && typeof node.source.value === 'string' ? node.source.value : undefined;
      if (!spec) return;
      const target = spec.startsWith('@/')
        ? resolve(WEB_SRC, spec.slice(2))
        : spec.startsWith('.')
          ? resolve(dirname(context.filename), spec)
          : undefined;
      if (!target) return;
      const to = relative(WEB_SRC, target).split(/[\\/]/);
      if (to[0] === '..') return;
      const message =
        from[0] === 'features' && to[0] === 'features' && to[1] !== from[1]
          ? `The ${from[1]} feature imports the ${to[1]} feature: move the shared piece down into lib/ or components/, or compose both in app/`
          : from[0] !== 'app' && to[0] === 'app'
            ? 'Only app/ imports app/: it composes the features, never the other way round'
            : from[0] !== 'app' && from[0] !== 'features' && to[0] === 'features'
              ? `${from[0]}/ is shared by every feature: it cannot import one`
              : undefined;
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      '**/data/**',
      '**/coverage/**',
      '**/*.d.ts',
      'apps/web/public/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // Fastify plugins and test loaders are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Configuration is read in exactly one place per app: the API's env.ts, the web's config/env.ts.
    files: ['apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx', 'packages/*/src/**/*.ts'],
    ignores: ['apps/api/src/env.ts', 'apps/web/src/config/env.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message:
            'Read configuration through the config module (apps/api/src/config, apps/web/src/config/env.ts)',
        },
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message:
            'Read configuration through the config module (apps/api/src/config, apps/web/src/config/env.ts)',
        },
      ],
    },
  },
  {
    // The storefront's first load must not carry zod: take values from the zod-free constants entry and only
    // types from the schemas. The forms, on lazily loaded pages, validate with the form schemas of
    // `@boutique/contracts/forms`, written with zod/mini (decision 024).
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: [
      // The back office is lazy routes of its own (app/router.tsx), never in a shopper's first load.
      'apps/web/src/features/admin/**',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@boutique/contracts',
              allowTypeImports: true,
              message:
                "Import values from '@boutique/contracts/constants'; the schemas would bring zod into the first load.",
            },
            { name: 'zod', message: 'Validate with a small guard here; zod weighs on the first load.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    plugins: { storefront: { rules: { layers } } },
    rules: { 'storefront/layers': 'error' },
  },
  {
    // The API's module borders and no import circle (eslint-rules/api-modules.js).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { api: apiModules },
    rules: { 'api/borders': 'error', 'api/no-cycles': 'error' },
  },
  {
    // Tests and scripts poke at untyped JSON answers on purpose.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**/*.ts',
      'e2e/**/*.ts',
      '**/bench/**/*.ts',
      '**/cluster/**/*.ts',
      'scripts/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
