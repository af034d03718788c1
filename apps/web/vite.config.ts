import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

const api = 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: { conditions: ['source'], alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    // The server bundle (entry-server.tsx) renders pages; the browser's files come from the client build only.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // One small stylesheet (about 9 KB gzipped) for every page: one render-blocking request instead of a dozen.
    cssCodeSplit: false,
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every page needs the framework: one file instead of the five the automatic split makes.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            // The schema library, the shared schemas and any form schema built on them (today the contact
            // form's): only the pages with such forms load them, never the first load (decision 003). zod ships
            // its sources, which the 'source' condition resolves: once two pages used it, it would match the
            // shared group below. The zod-free constants they import stay in the shared chunk.
            {
              name: 'schemas',
              test: /[\\/](node_modules[\\/]zod|node_modules[\\/]@hookform[\\/]resolvers|packages[\\/]contracts[\\/]src[\\/](?!constants)|src[\\/]features[\\/][\w-]+[\\/][\w-]+-schemas?\.ts$)/,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            // Small modules shared by several pages (buttons, icons, the product card...): one request.
            { name: 'shared', test: /[\\/]src[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': api, '/storage': api },
  },
}));
