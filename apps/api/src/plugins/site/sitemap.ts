/** The sitemap of the pages the storefront lists (its server entry: information pages, collections, products). */
export function sitemap(publicUrl: string, pages: { path: string; lastmod?: string }[]): string {
  const entries = pages.map(
    (p) =>
      `  <url><loc>${xmlText(publicUrl + p.path)}</loc>${p.lastmod ? `<lastmod>${xmlText(p.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

const xmlText = (value: string) =>
  value.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
