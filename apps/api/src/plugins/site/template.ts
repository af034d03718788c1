import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

/** Every namespace of every language, read once at start: the server inlines some and reads titles from them. */
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

/** A dotted key of a namespace, e.g. `meta.title`, or undefined. */
export function lookup(translations: Translations, lng: string, ns: string, key: string): string | undefined {
  let node: unknown = translations[lng]?.[ns];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}
