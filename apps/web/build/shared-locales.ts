import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Namespaces of the shared translation files (packages/contracts/locales/{lng}/{ns}.json, which the API's e-mails
 * read too) served beside the web's own, at /locales/{lng}/{ns}.json: written into the build's `locales/` (where
 * the server reads the translations it inlines) and answered by the dev server. A text both the pages and the
 * e-mails say is written once.
 */
export function sharedLocales(dir: URL, namespaces: readonly string[]): Plugin {
  const root = fileURLToPath(dir);
  const file = (lng: string, ns: string) => join(root, lng, `${ns}.json`);
  const languages = () => readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory());
  return {
    name: 'boutique:shared-locales',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const [, lng = '', ns = ''] = /^\/locales\/(\w+)\/(\w+)\.json$/.exec(req.url ?? '') ?? [];
        if (!namespaces.includes(ns) || !languages().some((e) => e.name === lng)) return next();
        res.setHeader('content-type', 'application/json');
        res.end(readFileSync(file(lng, ns)));
      });
    },
    generateBundle() {
      for (const { name: lng } of languages())
        for (const ns of namespaces)
          this.emitFile({
            type: 'asset',
            fileName: `locales/${lng}/${ns}.json`,
            source: readFileSync(file(lng, ns)),
          });
    },
  };
}
