import { defineConfig } from 'vitest/config';

// The drawing kit comes from the API's sources, as in `npm run dev`: no build needed first.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
