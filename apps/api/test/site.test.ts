import { mkdirSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './helpers.js';
import { storefrontBuild } from './support/storefront-build.js';

/**
 * A small stand-in for the storefront's client build (the markers and inline script of the real index.html, a
 * few translations) beside its real server entry.
 */
function fakeBuild() {
  const dist = storefrontBuild();
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <script>document.documentElement.dataset.theme='light'</script>
    <!--app-head-->
    <title data-ssr>Dev title</title>
    <script type="module" src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div><!--app-data--></body>
</html>`,
  );
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets/index-abc.js'), 'console.log("shop")'.repeat(100));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite/critical-fonts.json'),
    JSON.stringify({
      en: ['/assets/latin-abc.woff2', '/assets/display-abc.woff2'],
      ar: ['/assets/arabic-abc.woff2'],
    }),
  );
  for (const [lng, title] of [
    ['en', 'Frequently asked questions'],
    ['ar', 'الأسئلة الشائعة'],
  ] as const) {
    mkdirSync(join(dist, 'locales', lng), { recursive: true });
    writeFileSync(
      join(dist, 'locales', lng, 'common.json'),
      JSON.stringify({ brand: lng === 'ar' ? 'دار لالة' : 'Dar Lalla' }),
    );
    writeFileSync(
      join(dist, 'locales', lng, 'faq.json'),
      JSON.stringify({ meta: { title, description: `${title}.` } }),
    );
    writeFileSync(join(dist, 'locales', lng, 'notFound.json'), JSON.stringify({ meta: { title: 'OOPS' } }));
    for (const [ns, text] of [
      ['checkout', { title: lng === 'ar' ? 'إتمام الطلب' : 'Checkout' }],
      ['orderConfirmation', { title: 'Thank you for your order' }],
      ['orders', { title: 'My orders', invoice: { open: lng === 'ar' ? 'الفاتورة' : 'Invoice' } }],
      ['account', { eyebrow: 'My account' }],
      ['admin', { backOffice: lng === 'ar' ? 'لوحة الإدارة' : 'Back office' }],
      [
        'legal',
        {
          returns: {
            meta: {
              title: lng === 'ar' ? 'الإرجاع والاسترداد' : 'Returns and refunds',
              description: 'How to return a piece bought from {{shop}} within 14 days.',
            },
          },
        },
      ],
    ] as const)
      writeFileSync(join(dist, 'locales', lng, `${ns}.json`), JSON.stringify(text));
  }
  return dist;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    WEB_DIST_DIR: fakeBuild(),
    PUBLIC_URL: 'https://shop.example',
    SHOP_ADDRESS: '14 Al Fahidi Street, Bur Dubai, Dubai',
    SHOP_TRN: '100123456700003',
  });
});
afterAll(() => t?.close());

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await t.fetch(path, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
};
/** The page's structured data: the one block the storefront's product page renders (never a second copy). */
const jsonLd = (html: string) => {
  const blocks = [...html.matchAll(/<script[^>]* type="application\/ld\+json">(.*?)<\/script>/gs)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]?.[1] ?? '{}');
};
const bootData = (html: string) =>
  JSON.parse(/<script id="boot-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');

describe('storefront pages', () => {
  it('writes the product head, its one structured data block, preload and inlined answer into the page', async () => {
    const { status, html, headers } = await page('/product/zahra-emerald-velvet-caftan');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<title data-ssr>Zahra Emerald Velvet Caftan · Dar Lalla</title>');
    expect(html).not.toContain('Dev title');
    expect(html).toContain(
      '<link data-ssr rel="canonical" href="https://shop.example/product/zahra-emerald-velvet-caftan">',
    );
    expect(html).toMatch(/<meta data-ssr name="description" content="[^"]{20,160}">/);
    expect(html).toContain(
      'property="og:image" content="https://shop.example/storage/products/zahra-emerald-velvet-caftan/0-800.webp"',
    );
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/storage/products/zahra-emerald-velvet-caftan/0-800.webp"',
    );
    expect(html).toContain('<meta data-ssr property="og:type" content="product">');
    expect(jsonLd(html)).toMatchObject({
      '@type': 'Product',
      sku: 'zahra-emerald-velvet-caftan',
      offers: { priceCurrency: 'AED' },
    });
    const boot = bootData(html);
    expect(boot.queries[0].key).toEqual(['product', 'zahra-emerald-velvet-caftan']);
    expect(boot.queries[0].data.product.slug).toBe('zahra-emerald-velvet-caftan');
    expect(boot.shop).toMatchObject({ name: 'Dar Lalla', publicUrl: 'https://shop.example' });
  });

  it('says in the structured data whether a piece can be bought, and shows a stock change at once', async () => {
    const offer = async (slug: string) => jsonLd((await page(`/product/${slug}`)).html).offers.availability;
    expect(await offer('zahra-emerald-velvet-caftan')).toBe('https://schema.org/InStock');
    // Active, but no size in stock.
    expect(await offer('atlas-mens-hooded-wool-jellaba')).toBe('https://schema.org/OutOfStock');

    const sizeM = async () =>
      bootData((await page('/product/zahra-emerald-velvet-caftan')).html).queries[0].data.product.sizes.find(
        (s: { name: string }) => s.name === 'M',
      );
    expect(await sizeM()).toEqual({ name: 'M', in_stock: true });
    await t.app.stock.setCount('zahra-emerald-velvet-caftan', { color: 'emerald', size: 'M' }, 2);
    await expect.poll(sizeM, { timeout: 3000 }).toEqual({ name: 'M', in_stock: true, left: 2 });
    await t.app.stock.setCount('zahra-emerald-velvet-caftan', { color: 'emerald', size: 'M' }, 6);
    await expect.poll(sizeM, { timeout: 3000 }).toEqual({ name: 'M', in_stock: true });
  });

  it('renders each language at its own address, with the reading direction, whatever the cookie or browser says', async () => {
    const arabic = await page('/ar/faq', { cookie: 'lang=fr', 'accept-language': 'fr' });
    expect(arabic.status).toBe(200);
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(bootData(arabic.html).i18n).toMatchObject({
      lng: 'ar',
      resources: { common: { brand: 'دار لالة' } },
    });
    // The address is the page: one cached copy for everyone, nothing varies on the cookie or the browser.
    expect(arabic.headers.get('vary') ?? '').not.toMatch(/cookie|accept-language/);
    expect((await page('/fr/faq')).html).toContain('<html lang="fr" dir="ltr">');
    const english = await page('/faq', { cookie: 'lang=ar', 'accept-language': 'ar-AE,ar;q=0.9' });
    expect(english.html).toContain('<html lang="en" dir="ltr">');
    expect(english.headers.get('vary') ?? '').not.toMatch(/cookie|accept-language/);
  });

  it('renders a product in French at /fr/ and in Arabic at /ar/, linking every language and x-default', async () => {
    const french = await page('/fr/product/zahra-emerald-velvet-caftan');
    expect(french.status).toBe(200);
    expect(french.html).toContain('<html lang="fr" dir="ltr">');
    expect(french.html).toContain(
      '<link data-ssr rel="canonical" href="https://shop.example/fr/product/zahra-emerald-velvet-caftan">',
    );
    for (const [hreflang, prefix] of [
      ['en', ''],
      ['fr', '/fr'],
      ['ar', '/ar'],
      ['x-default', ''],
    ])
      expect(french.html).toContain(
        `<link data-ssr rel="alternate" hreflang="${hreflang}" href="https://shop.example${prefix}/product/zahra-emerald-velvet-caftan">`,
      );
    // The product's own words in French, from the catalogue.
    const product = (await t.json('/api/v1/products/slug/zahra-emerald-velvet-caftan')).body.data.product;
    expect(french.html).toContain(`<title data-ssr>${product.name.fr} · Dar Lalla</title>`);
    const arabic = await page('/ar/product/zahra-emerald-velvet-caftan');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toContain(`<title data-ssr>${product.name.ar} · دار لالة</title>`);
    expect(arabic.html).toContain('<meta data-ssr property="og:site_name" content="دار لالة">');
    // A page never indexed has no alternates.
    expect((await page('/ar/checkout')).html).not.toContain('hreflang');
  });

  it('sends a returning visitor from / to the language they last used, and a first visitor to English', async () => {
    for (const [lang, location] of [
      ['ar', '/ar/'],
      ['fr', '/fr/'],
    ]) {
      const returning = await page('/', { cookie: `theme=dark; lang=${lang}` });
      expect(returning.status, lang).toBe(302);
      expect(returning.headers.get('location')).toBe(location);
      expect(returning.headers.get('vary')).toContain('cookie');
    }
    expect((await page('/?utm_source=mail', { cookie: 'lang=ar' })).headers.get('location')).toBe(
      '/ar/?utm_source=mail',
    );
    for (const cookie of [undefined, 'lang=en', 'lang=de']) {
      const first = await page('/', cookie ? { cookie } : {});
      expect(first.status, cookie).toBe(200);
      expect(first.html).toContain('<html lang="en" dir="ltr">');
      expect(first.headers.get('vary')).toContain('cookie');
    }
    // Only the home page moves: a shared English link stays English.
    expect((await page('/faq', { cookie: 'lang=ar' })).status).toBe(200);
    for (const path of ['/ar', '/ar/']) {
      const home = await page(path, { cookie: 'lang=en' });
      expect(home.status, path).toBe(200);
      expect(home.html).toContain('<html lang="ar" dir="rtl">');
      expect(home.html).toContain('<link data-ssr rel="canonical" href="https://shop.example/ar/">');
    }
  });

  it('answers an address under a language the shop does not speak with the not-found page', async () => {
    for (const path of [
      '/de/product/zahra-emerald-velvet-caftan',
      '/de/',
      '/ar/ar/faq',
      '/fr/no-such-page',
    ]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.html).toContain('<meta data-ssr name="robots" content="noindex">');
    }
    expect((await page('/fr/no-such-page')).html).toContain('<html lang="fr" dir="ltr">');
  });

  it('preloads the fonts of the page’s language, and none where the build names none', async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    expect(preloads((await page('/faq')).html)).toEqual([
      '/assets/latin-abc.woff2',
      '/assets/display-abc.woff2',
    ]);
    expect(preloads((await page('/ar/faq')).html)).toEqual(['/assets/arabic-abc.woff2']);
    expect(preloads((await page('/fr/faq')).html)).toEqual([]);
    // Beside a main image too: a first visit shows the shop's faces, not the device's (decision 040).
    for (const [path, fonts] of [
      ['/', ['/assets/latin-abc.woff2', '/assets/display-abc.woff2']],
      ['/product/zahra-emerald-velvet-caftan', ['/assets/latin-abc.woff2', '/assets/display-abc.woff2']],
      ['/ar/product/zahra-emerald-velvet-caftan', ['/assets/arabic-abc.woff2']],
    ] as const) {
      const { html } = await page(path);
      expect(html, path).toContain('<link rel="preload" as="image"');
      expect(preloads(html), path).toEqual(fonts);
    }
  });

  it('sends a page it keeps in Brotli at its best quality once made, in the background', async () => {
    // Raw bytes, as the browser receives them (fetch would decode them).
    const raw = (path: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(new URL(path, t.url), { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    // The French home page, asked for by no other test: its first answer is compressed as it is sent.
    const first = await raw('/fr/');
    expect(first.headers['content-encoding']).toBe('br');
    let best = first;
    for (let i = 0; i < 100 && best.body.length >= first.body.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
      best = await raw('/fr/');
    }
    expect(best.body.length).toBeLessThan(first.body.length * 0.95);
    expect(best.headers['content-encoding']).toBe('br');
    expect(best.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(best.body).toString()).toBe(brotliDecompressSync(first.body).toString());
    // A client that takes only gzip gets gzip.
    const gzip = await t.fetch('/fr/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(brotliDecompressSync(first.body).toString());
    // `/` sends a returning visitor to their language: its answer depends on the cookie as well.
    for (let i = 0; i < 3; i++) expect((await raw('/')).headers.vary).toBe('cookie, accept-encoding');
  });

  it('inlines the home page answers under the storefront query keys', async () => {
    const boot = bootData((await page('/')).html);
    const keys = boot.queries.map((q: { key: unknown[] }) => q.key);
    expect(keys).toEqual([
      ['products', 1, 12, null],
      ['products', 1, 12, 'best_seller'],
      ['categories'],
      ['galleries'],
    ]);
    expect(boot.queries[0].data.data).toHaveLength(12);
  });

  it('preloads the home page hero poster for the screen it fits, in AVIF', async () => {
    const { html } = await page('/');
    expect([...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0])).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" href="/media/hero-poster-mobile.avif" type="image/avif" media="(max-width: 768px)">',
      '<link rel="preload" as="image" fetchpriority="high" href="/media/hero-poster.avif" type="image/avif" media="(min-width: 769px)">',
    ]);
  });

  it('redirects a capitalised collection and an old numeric product link', async () => {
    const collection = await page('/collection/Caftan');
    expect(collection.status).toBe(301);
    expect(collection.headers.get('location')).toBe('/collection/caftan');
    // In the language of the address asked for.
    expect((await page('/ar/collection/Caftan')).headers.get('location')).toBe('/ar/collection/caftan');
    const id = (await t.json('/api/v1/products/slug/zahra-emerald-velvet-caftan')).body.data.product.id;
    const product = await page(`/product/${id}`);
    expect(product.status).toBe(301);
    expect(product.headers.get('location')).toBe('/product/zahra-emerald-velvet-caftan');
  });

  it('serves checkout, the order confirmation and my orders, never indexed, with their texts inlined', async () => {
    for (const [path, title, namespaces] of [
      ['/checkout', 'Checkout', ['checkout']],
      ['/order-confirmation', 'Thank you for your order', ['orderConfirmation']],
      ['/account/orders', 'My orders', ['orders', 'account']],
    ] as const) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html).toContain(`<title data-ssr>${title} · Dar Lalla</title>`);
      expect(html).toContain('<meta data-ssr name="robots" content="noindex">');
      const { resources } = bootData(html).i18n;
      for (const ns of namespaces) expect(resources, `${path} ${ns}`).toHaveProperty(ns);
    }
    expect((await page('/ar/checkout')).html).toContain('<title data-ssr>إتمام الطلب · دار لالة</title>');
  });

  it('serves the invoice address the confirmation e-mail links to, never indexed, one cached page for all orders', async () => {
    const before = t.app.pageCache.size;
    for (const id of [1, 42, 987654]) {
      const { status, html } = await page(`/account/orders/${id}/invoice`);
      expect(status, String(id)).toBe(200);
      expect(html).toContain('<title data-ssr>Invoice · Dar Lalla</title>');
      expect(html).toContain('<meta data-ssr name="robots" content="noindex">');
      expect(bootData(html).i18n.resources).toHaveProperty('orders');
    }
    expect(t.app.pageCache.size - before).toBe(1);
    expect((await page('/ar/account/orders/1/invoice')).html).toContain(
      '<title data-ssr>الفاتورة · دار لالة</title>',
    );
    for (const path of ['/account/orders/abc/invoice', '/account/orders/1/invoice/x'])
      expect((await page(path)).status, path).toBe(404);
  });

  it('serves the legal pages, indexed, with the shop’s own name, address and tax number from its configuration', async () => {
    const { status, html } = await page('/returns');
    expect(status).toBe(200);
    expect(html).toContain('<title data-ssr>Returns and refunds · Dar Lalla</title>');
    expect(html).toContain('content="How to return a piece bought from Dar Lalla within 14 days."');
    expect(html).toContain('<link data-ssr rel="canonical" href="https://shop.example/returns">');
    expect(html).not.toContain('noindex');
    const boot = bootData(html);
    expect(boot.i18n.resources).toHaveProperty('legal');
    expect(boot.shop).toMatchObject({
      name: 'Dar Lalla',
      address: '14 Al Fahidi Street, Bur Dubai, Dubai',
      trn: '100123456700003',
    });
    expect((await page('/ar/returns')).html).toContain(
      '<title data-ssr>الإرجاع والاسترداد · دار لالة</title>',
    );
    for (const path of ['/terms', '/privacy']) expect((await page(path)).status, path).toBe(200);
  });

  it('answers unknown pages and products with the storefront and a 404, not indexed', async () => {
    for (const path of ['/no/such/page', '/product/no-such-piece', '/collection/sandals']) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.html).toContain('<meta data-ssr name="robots" content="noindex">');
      expect(res.html).toContain('<div id="root">');
    }
    // The API keeps its JSON answers.
    expect((await t.json('/api/v1/nothing')).body).toMatchObject({ success: false, message: 'Not found' });
  });

  it('serves the back office’s addresses as a page, never indexed, for the browser to render', async () => {
    for (const path of ['/admin', '/admin/', '/admin/orders/12', '/admin/products/new?x=1']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain('<title data-ssr>Back office · Dar Lalla</title>');
      expect(html, path).toContain('<meta data-ssr name="robots" content="noindex">');
      // The server does not know who is signed in: the browser renders the back office (or refuses it).
      expect(html, path).toContain('<div id="root"></div>');
    }
    const robots = await (await t.fetch('/robots.txt')).text();
    for (const path of ['/admin', '/fr/admin', '/ar/admin']) expect(robots).toContain(`Disallow: ${path}\n`);
    expect((await page('/ar/admin/orders/12')).html).toContain('<html lang="ar" dir="rtl">');
  });

  it('serves the account pages as pages of the shop, never indexed, with their translations inlined', async () => {
    for (const path of ['/account/login', '/account/profile', '/checkout', '/auth/google/callback']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain('<meta data-ssr name="robots" content="noindex">');
    }
    expect(bootData((await page('/account/login')).html).i18n.resources).toHaveProperty('common');
    expect((await page('/auth/twitter/callback')).status).toBe(404);
  });

  it('keys pages on the parameters they read, so no query string can fill the memory', async () => {
    const before = t.app.pageCache.size;
    for (let i = 0; i < 300; i += 1) expect((await page(`/faq?cb=${i}`)).status).toBe(200);
    for (let i = 0; i < 50; i += 1) await page(`/collection/caftan?utm_source=${i}&sort=newest`);
    for (let i = 0; i < 100; i += 1) expect((await page(`/no/such/page/${i}`)).status).toBe(404);
    for (let i = 0; i < 50; i += 1) expect((await page(`/product/no-such-piece-${i}`)).status).toBe(404);
    // The FAQ, one collection order, and one not-found page: three more at most.
    expect(t.app.pageCache.size - before).toBeLessThanOrEqual(3);
    // A parameter the page reads still makes its own page (a filtered collection can be shared).
    await page('/collection/caftan?sort=price-asc');
    expect(t.app.pageCache.size - before).toBeLessThanOrEqual(4);
  });

  it('renders at most RENDER_LIMIT_PER_IP new filter values a minute for one client, then the page without them', async () => {
    // Each distinct value of a filter cost a full render (~390 ms uncached): a script could keep a core busy.
    const before = t.app.pageCache.size;
    const answers: number[] = [];
    for (let i = 0; i < 40; i += 1)
      answers.push((await page(`/collection/caftan?color=made-up-${i}`)).status);
    expect(answers.every((status) => status === 200)).toBe(true);
    // 30 rendered (the default), and the unfiltered page for the rest; nothing more kept.
    expect(t.app.pageCache.size - before).toBeLessThanOrEqual(31);
    const unfiltered = await page('/collection/caftan');
    expect((await page('/collection/caftan?color=made-up-99')).html).toBe(unfiltered.html);
    // A value already rendered is still served as rendered.
    expect((await page('/collection/caftan?color=made-up-3')).status).toBe(200);
  });

  it('keeps the one-time tokens of account links out of the page it writes', async () => {
    const { status, html } = await page('/account/reset-password?token=secret-reset-token');
    expect(status).toBe(200);
    expect(html).not.toContain('secret-reset-token');
    const callback = await page('/auth/google/callback?token=secret-code&provider=google');
    expect(callback.html).not.toContain('secret-code');
  });

  it('escapes what it writes: data cannot close the script or the attribute', async () => {
    await t.database.db
      .update(products)
      .set({ name: { en: 'Evil </script><script>alert(1)</script> "caftan"', fr: 'x', ar: 'س' } })
      .where(eq(products.slug, 'yasmine-ivory-chiffon-caftan'));
    await expect
      .poll(async () => (await page('/product/yasmine-ivory-chiffon-caftan')).html, { timeout: 3000 })
      .toContain('Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;caftan&quot;');
    const { html } = await page('/product/yasmine-ivory-chiffon-caftan');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('Evil \\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
  });

  it('allows the inline theme script by its hash, no other script, and only style attributes inline', async () => {
    const csp = (await page('/faq')).headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d]));
    expect(directives['script-src']).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/=]+'$/);
    expect(directives['style-src']).toBe("style-src 'self'");
    expect(directives['style-src-attr']).toBe("style-src-attr 'unsafe-inline'");
    expect(csp.match(/unsafe-inline/g)).toHaveLength(1);
  });

  it('serves hashed assets for a year, compressed when the client accepts it', async () => {
    const res = await t.fetch('/assets/index-abc.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await t.fetch('/index.html')).status).toBe(404);
  });

  it('sends files only the headers that apply to them, and documents all of them', async () => {
    const script = await t.fetch('/assets/index-abc.js');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect(script.headers.get('x-frame-options')).toBeNull();
    // Immutable under its hashed name: no validators, no ranges.
    for (const name of ['etag', 'last-modified', 'accept-ranges'])
      expect(script.headers.get(name)).toBeNull();
    // An SVG opened on its own is a document, and a page is one.
    for (const path of ['/storage/site/logo.svg', '/faq']) {
      const res = await t.fetch(path);
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('lists public pages and products in stock in the sitemap in every language, with their alternates', async () => {
    const sitemap = await (await t.fetch('/sitemap.xml')).text();
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const prefix of ['', '/fr', '/ar']) {
      expect(sitemap).toContain(`<loc>https://shop.example${prefix}/collection/caftan</loc>`);
      expect(sitemap).toContain(
        `<loc>https://shop.example${prefix}/product/zahra-emerald-velvet-caftan</loc>`,
      );
      for (const legal of ['terms', 'privacy', 'returns'])
        expect(sitemap).toContain(`<loc>https://shop.example${prefix}/${legal}</loc>`);
    }
    expect(sitemap).toContain('<loc>https://shop.example/ar/</loc>');
    expect(sitemap.match(/<url>/g)).toHaveLength(3 * (10 + 2 + 38));
    // Each address names all of its languages and the default, as Google reads them.
    const arabic = /<url><loc>https:\/\/shop\.example\/ar\/faq<\/loc>(.*?)<\/url>/.exec(sitemap)?.[1];
    expect(arabic).toBe(
      [
        '<xhtml:link rel="alternate" hreflang="en" href="https://shop.example/faq"/>',
        '<xhtml:link rel="alternate" hreflang="fr" href="https://shop.example/fr/faq"/>',
        '<xhtml:link rel="alternate" hreflang="ar" href="https://shop.example/ar/faq"/>',
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/faq"/>',
      ].join(''),
    );
    const robots = await (await t.fetch('/robots.txt')).text();
    for (const path of ['/api/', '/account/', '/checkout', '/cart', '/order-confirmation', '/ar/account/'])
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});
