import type { CategoriesResponse, ProductPageResponse } from '@boutique/contracts';
import type { CatalogService } from '../../modules/catalog/service.js';
import { escapeHtml } from './html.js';

/** Every public page: the information pages, the collections and every product in stock. */
export async function sitemap(
  catalog: CatalogService,
  publicUrl: string,
  staticPaths: string[],
): Promise<string> {
  const urls: { loc: string; lastmod?: string }[] = staticPaths.map((p) => ({ loc: publicUrl + p }));
  const categories = await catalog.categories();
  if (categories) {
    const body = JSON.parse(categories.body) as CategoriesResponse;
    for (const c of body.data.categories) urls.push({ loc: `${publicUrl}/collection/${c.slug}` });
  }
  for (let page = 1; ; page++) {
    const cached = await catalog.products(page, 48, undefined);
    if (!cached) break;
    const { data, last_page } = (JSON.parse(cached.body) as ProductPageResponse).data.products;
    for (const p of data)
      urls.push({ loc: `${publicUrl}/product/${p.slug}`, lastmod: p.created_at.slice(0, 10) });
    if (page >= last_page) break;
  }
  const entries = urls.map(
    (u) =>
      `  <url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
