import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderedPage } from '@boutique/contracts';

export interface Template {
  /** index.html split around the places the server fills. */
  before: string;
  between: string;
  after: string;
  /** CSP sources for the inline scripts of index.html (the pre-paint theme script). */
  scriptHashes: string[];
}

const HEAD_MARK = '<!--app-head-->';
const DATA_MARK = '<!--app-data-->';

/** Reads the built index.html once; undefined when the storefront has not been built. */
export function loadTemplate(distDir: string): Template | undefined {
  const file = join(distDir, 'index.html');
  if (!existsSync(file)) return undefined;
  // The fallback <title> is for the Vite dev server; the server writes its own.
  const html = readFileSync(file, 'utf8')
    .replace(/<title[^>]*>[^<]*<\/title>\s*/, '')
    // The page arrives rendered: its stylesheet and main image come first, the code that hydrates it after.
    .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
    .replace(
      /<link rel="modulepreload" crossorigin/g,
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    );
  const head = html.indexOf(HEAD_MARK);
  const data = html.indexOf(DATA_MARK);
  if (head < 0 || data < 0) throw new Error(`${file} lacks the ${HEAD_MARK} or ${DATA_MARK} marker`);
  const scriptHashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
  return {
    before: html.slice(0, head),
    between: html.slice(head + HEAD_MARK.length, data),
    after: html.slice(data + DATA_MARK.length),
    scriptHashes,
  };
}

export type Translations = Record<string, Record<string, Record<string, unknown>>>;

/** Every namespace of every language, read once at start and lent to the storefront's server entry. */
export function loadTranslations(distDir: string): Translations {
  const root = join(distDir, 'locales');
  const result: Translations = {};
  if (!existsSync(root)) return result;
  for (const lng of readdirSync(root)) {
    const namespaces: Record<string, Record<string, unknown>> = {};
    for (const file of readdirSync(join(root, lng))) {
      if (!file.endsWith('.json')) continue;
      namespaces[file.slice(0, -5)] = JSON.parse(readFileSync(join(root, lng, file), 'utf8')) as Record<
        string,
        unknown
      >;
    }
    result[lng] = namespaces;
  }
  return result;
}

/** An address of the build in an attribute (they are hashed file names: only `&` and `"` could matter). */
const href = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * index.html for one page: <html lang dir>, the head the storefront wrote, the page's own stylesheets and the
 * fonts of its first screen (found otherwise only once the stylesheet is in, a round trip later), the scripts
 * that hydrate it (preloaded at once: the page's own module would otherwise be found only once the app has run
 * and matched the route, two downloads later), the page rendered, and the boot data (shop, inlined answers,
 * translations) for the first paint. What index.html already links (the app's entry and what it imports) is not
 * linked twice.
 */
export function fillTemplate(
  template: Template,
  page: Pick<RenderedPage, 'lang' | 'dir' | 'head' | 'html' | 'boot'>,
  assets: { css: string[]; fonts: string[]; js?: string[] },
): string {
  const linked = (file: string) =>
    template.before.includes(`"${file}"`) || template.after.includes(`"${file}"`);
  const head = [
    page.head,
    ...assets.css
      .filter((file) => !linked(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="${href(file)}">`),
    ...assets.fonts.map(
      (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href(file)}">`,
    ),
    ...(assets.js ?? [])
      .filter((file) => !linked(file))
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href(file)}">`),
  ].join('\n    ');
  const before = template.before.replace(/<html[^>]*>/, `<html lang="${page.lang}" dir="${page.dir}">`);
  const body = template.between.replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
  return `${before}${head}${body}<script id="boot-data" type="application/json">${page.boot}</script>${template.after}`;
}
