import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { criticalFonts } from './build/first-load/critical-fonts.ts';
import { fontFallbacks } from './build/first-load/font-fallbacks.ts';
import { inlineScript } from './build/first-load/inline-script.ts';
import { leanHtml } from './build/first-load/lean-html.ts';
import { ARABIC, subsetFonts } from './build/first-load/subset-fonts.ts';
import { shopIcons } from './build/icons.ts';
import { precompress } from './build/precompress.ts';
import { sharedLocales } from './build/shared-locales.ts';

const api = 'http://127.0.0.1:3000';

/** Whether `id` is imported, through static imports only, by a module whose path matches `root`. */
function importedBy(
  root: RegExp,
  id: string,
  moduleInfo: (id: string) => { importers: readonly string[] } | null,
) {
  const seen = new Set<string>();
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (root.test(next)) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(moduleInfo(next)?.importers ?? []));
  }
  return false;
}

const MAIN = /[\\/]src[\\/]app[\\/]main\.tsx$/;
/** The pages shoppers land on from outside (search results, ads, shared links): home, collections, products. */
const LANDING = /[\\/]src[\\/]features[\\/](?:home|catalog)[\\/]/;
/** Source size (bytes, before minifying) up to which a module several pages share rides with the shared chunk. */
const SMALL_SHARED_MODULE = 3000;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    fontFallbacks(),
    inlineScript(new URL('./src/first-load/inline.js', import.meta.url)),
    ...(isSsrBuild
      ? []
      : [
          // The texts the pages share with the API's e-mails (the contact form's subjects).
          sharedLocales(new URL('../../packages/contracts/locales/', import.meta.url), ['shared']),
          // The Arabic face's file has the letters of every language written in Arabic script (92 KB): the
          // shop's Arabic needs a third of it (decision 040).
          subsetFonts([{ file: /noto-naskh-arabic-arabic-wght-normal/, unicodes: ARABIC }]),
          // The faces of src/styles/global.css that a page's first screen uses: body and headings in Latin
          // script, the Arabic face (whose Latin subset is small and often not needed) in Arabic.
          criticalFonts({
            en: [/jost-latin-wght-normal/, /cormorant-garamond-latin-500-normal/],
            fr: [/jost-latin-wght-normal/, /cormorant-garamond-latin-500-normal/],
            ar: [/noto-naskh-arabic-arabic-wght-normal/],
          }),
          shopIcons(new URL('./build/shop-icon.svg', import.meta.url)),
          leanHtml(),
          precompress(),
        ]),
  ],
  resolve: { conditions: ['source'], alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: isSsrBuild ? 'node22' : 'es2022',
    // The server bundle (entry-server.tsx) renders pages; the browser's files come from the client build only.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // One stylesheet for every page (19.5 KB gzipped, account and checkout pages included): one render-blocking
    // request instead of two to seven. Split per chunk it is 8 to 10 KB for a storefront page, but over HTTP/1.1
    // the extra requests cost Lighthouse's mobile FCP 150 ms and its LCP nothing (measured with `npm run bench:web`).
    cssCodeSplit: false,
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every page needs the framework: one file instead of the five the automatic split makes. Of
            // TanStack, the query client only: the back office's table library stays with the back office.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](?:react-query|query-core)|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            // The forms' schemas (contracts' forms.ts) and what they need of zod: its core and `zod/mini`, a few KB
            // that only the pages with a form load (decision 024).
            {
              name: 'forms',
              test: /[\\/](node_modules[\\/]zod[\\/](?:src[\\/])?(?:v4[\\/])?(?:core|mini)[\\/]|packages[\\/]contracts[\\/]src[\\/]forms\.ts$)/,
              priority: 4,
              includeDependenciesRecursively: false,
            },
            // The classic schema library and the other shared schemas: the back office's pages load them, never the
            // first load (decision 003). zod ships its sources, which the 'source' condition resolves: once two
            // pages used it, it would match the shared group below. The zod-free modules (constants, apple-pay,
            // money, numbers, shop-time, shipping-carriers) go where their importers are (else the shared chunk
            // and this one import each other and a constant is read before it is set), and so do the back
            // office's schemas (contracts' admin.ts) and order status rules (order-status.ts): a shopper's form
            // never needs them.
            {
              name: 'schemas',
              test: /[\\/](node_modules[\\/]zod|node_modules[\\/]@hookform[\\/]resolvers|packages[\\/]contracts[\\/]src[\\/](?!constants|apple-pay|admin|money|numbers|shop-time|shipping-carriers|order-status|forms))/,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            // The app's own modules every page needs (the frame, the stores, the session): one request. So do the
            // small ones of lib/ and components/ that the pages shoppers land on share with others (page-meta, the
            // carousel, the catalogue's queries): each would be a request of its own on their first load, whose
            // headers (about 0.5 KB) and round trip on a slow line cost more than its bytes elsewhere. Other
            // modules that only lazily loaded pages share are left to the automatic split, so that no page's first
            // load carries another page's code.
            {
              name: (
                id: string,
                ctx: {
                  getModuleInfo: (id: string) => { importers: readonly string[]; code: string | null } | null;
                },
              ) => {
                const info = (m: string) => ctx.getModuleInfo(m);
                if (!/[\\/]src[\\/]/.test(id)) return null;
                if (importedBy(MAIN, id, info)) return 'shared';
                const module = info(id);
                const smallAndShared =
                  /[\\/]src[\\/](?:lib|components)[\\/]/.test(id) &&
                  !/\.css$/.test(id) &&
                  (module?.code?.length ?? Infinity) <= SMALL_SHARED_MODULE &&
                  new Set(module?.importers).size >= 2 &&
                  importedBy(LANDING, id, info);
                return smallAndShared ? 'shared' : null;
              },
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': api, '/storage': api },
  },
}));
