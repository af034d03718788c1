import { minifySync, type Plugin } from 'vite';

/** The places the server fills (`<!--app-head-->`, `<!--app-data-->`: apps/api/src/plugins/site/template.ts). */
const MARKER = /^<!--app-[a-z]+-->$/;

/**
 * index.html as every page carries it: without the comments written for maintainers (the server's markers
 * kept), its inline scripts minified, no indentation. About 2 KB less on every page, 0.4 KB once compressed:
 * what brings the home page's HTML inside the ten packets a new connection may send before its first
 * acknowledgement (lib/compression.ts in the API).
 */
export function leanHtml(): Plugin {
  return {
    name: 'boutique:lean-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<!--[\s\S]*?-->/g, (comment) => (MARKER.test(comment) ? comment : ''))
          .replace(/<script>([\s\S]*?)<\/script>/g, (_, code: string) => {
            const { code: minified, errors } = minifySync('index.html.js', code);
            if (errors.length) throw new Error(`index.html's inline script: ${errors[0]?.message}`);
            return `<script>${minified.trim()}</script>`;
          })
          .replace(/\n\s*/g, '\n'),
    },
  };
}
