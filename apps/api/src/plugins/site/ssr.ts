import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language, SiteEntry } from '@boutique/contracts';

/** Loads the storefront's server entry built beside it; undefined when it was not built (pages answer 503). */
export async function loadServerEntry(distDir: string): Promise<SiteEntry | undefined> {
  const file = join(distDir, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as SiteEntry;
}

/**
 * Per language, the font files the first screen's text is set in (written by the storefront's build,
 * apps/web/build/critical-fonts.ts): the server preloads them with the page.
 */
export function loadCriticalFonts(distDir: string): Partial<Record<Language, string[]>> {
  return readBuildRecord(distDir, 'critical-fonts.json');
}

/** A JSON object the client build writes under `.vite`; empty when the storefront has not been built. */
function readBuildRecord<T>(distDir: string, name: string): Record<string, T> {
  const file = join(distDir, '.vite', name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, T>) : {};
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * The stylesheets and scripts a page's own code needs, from the client build's manifest: the server links them
 * so that the HTML it rendered is styled at first paint and the page's code loads in parallel.
 */
export function loadRouteAssets(distDir: string) {
  const manifest = readBuildRecord<ManifestChunk>(distDir, 'manifest.json');
  const memo = new Map<string, { css: string[]; js: string[] }>();
  return (modules: readonly string[]) => {
    const key = modules.join(' ');
    const known = memo.get(key);
    if (known) return known;
    const css = new Set<string>();
    const js = new Set<string>();
    const visit = (name: string) => {
      const chunk = manifest[name];
      if (!chunk || js.has(`/${chunk.file}`)) return;
      js.add(`/${chunk.file}`);
      for (const c of chunk.css ?? []) css.add(`/${c}`);
      for (const i of chunk.imports ?? []) visit(i);
    };
    for (const module of modules) visit(module);
    const result = { css: [...css], js: [...js] };
    memo.set(key, result);
    return result;
  };
}
