import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  // The environment globalSetup runs in (test/templates.ts), which seeds the demo from its package's sources.
  environments: { __vitest__: { resolve: { conditions: ['source'] } } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Migrates and seeds once per run: every test shop copies the result (test/templates.ts).
    globalSetup: ['test/templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
