import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
    // Configuration is read in exactly one place per app.
    files: ['apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx', 'packages/*/src/**/*.ts'],
    ignores: ['**/env.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through env.ts',
        },
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Read configuration through env.ts',
        },
      ],
    },
  },
  {
    // The storefront's first load must not carry zod: take values from the zod-free constants entry and only
    // types from the schemas. The contact and checkout forms, on pages of their own, validate with the shared
    // schemas, from one file per feature that only those pages import.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: [
      'apps/web/src/features/content/contact-schema.ts',
      'apps/web/src/features/checkout/address-schema.ts',
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
