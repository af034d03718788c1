import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const MARK = '<!--first-load-->';

/**
 * Writes src/first-load/inline.js into index.html in place of `<!--first-load-->`: the script that must run
 * before the page's first style pass (theme, boot state, held taps) lives with the rest of the first load's
 * code, and index.html carries it inline (a file of its own would be a request before the first paint).
 * `leanHtml` minifies it in the build.
 */
export function inlineScript(file: URL): Plugin {
  return {
    name: 'boutique:first-load-inline-script',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(MARK)) throw new Error(`index.html lacks ${MARK}`);
        return html.replace(MARK, () => `<script>\n${readFileSync(file, 'utf8')}</script>`);
      },
    },
  };
}
