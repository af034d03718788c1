/**
 * The sitemap of the pages the storefront lists (its server entry: information pages, collections, products),
 * each address with its addresses in the other languages, as Google reads them (xhtml:link alternates).
 */
export function sitemap(
  publicUrl: string,
  pages: { path: string; lastmod?: string; alternates?: { hreflang: string; path: string }[] }[],
): string {
  const entries = pages.map((p) =>
    [
      `  <url><loc>${xmlText(publicUrl + p.path)}</loc>`,
      p.lastmod ? `<lastmod>${xmlText(p.lastmod)}</lastmod>` : '',
      ...(p.alternates ?? []).map(
        (a) =>
          `<xhtml:link rel="alternate" hreflang="${xmlText(a.hreflang)}" href="${xmlText(publicUrl + a.path)}"/>`,
      ),
      '</url>',
    ].join(''),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** Text or attribute value safe in XML. */
const xmlText = (value: string) =>
  value.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
