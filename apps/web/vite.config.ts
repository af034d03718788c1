import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { conditions: ['source'], alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2022',
    manifest: true,
    cssCodeSplit: true,
    assetsInlineLimit: 2048,
  },
  server: {
    proxy: { '/api': api, '/storage': api },
  },
});
