import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API } from '@boutique/contracts/admin';
import {
  ADMIN_COLLECTIONS_API,
  AdminCollectionResponseSchema,
  type AdminCollection,
  type CollectionCreateInput,
} from '@boutique/contracts/admin-collections';
import { startTestApp, type TestApp } from './helpers.js';
import { call, countRows, generousLimits, makeAdmin, newShopper, type Shopper } from './support/shop.js';
import { storefrontBuild } from './support/storefront-build.js';

/** The storefront's real server entry beside a minimal client build: enough for the server-written head. */
function fakeBuild() {
  const dist = storefrontBuild();
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>',
  );
  for (const lng of ['en', 'fr', 'ar']) {
    mkdirSync(join(dist, 'locales', lng), { recursive: true });
    writeFileSync(join(dist, 'locales', lng, 'common.json'), JSON.stringify({ brand: 'Dar Lalla' }));
  }
  return dist;
}

let t: TestApp;
let admin: Shopper;
let customer: Shopper;
/** Three caftans and a jellaba of the demo catalogue, active, by id. */
let caftans: number[];
let jellaba: number;

const asAdmin = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.json(path, {
    method,
    headers: {
      authorization: `Bearer ${admin.token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

const publicCollection = (slug: string) => t.json(`/api/v1/products/filters/category/${slug}`);
const slugsOf = (res: { body: any }) =>
  (res.body.data.data.products as { id: number; slug: string }[]).map((p) => p.id);
const page = async (path: string) => (await t.fetch(path, { redirect: 'manual' })).text();
const parsed = (res: { body: unknown }): AdminCollection =>
  AdminCollectionResponseSchema.parse(res.body).data.collection;

const eid = (overrides: Partial<CollectionCreateInput> = {}): CollectionCreateInput => ({
  name: { en: 'Eid edit', fr: 'Sélection de l’Aïd', ar: 'مختارات العيد' },
  description: {
    en: 'Caftans and jellabas chosen for Eid.',
    fr: 'Caftans et jellabas choisis pour l’Aïd.',
    ar: 'قفاطين وجلابيات مختارة للعيد.',
  },
  ...overrides,
});

beforeAll(async () => {
  t = await startTestApp({
    ...generousLimits,
    WEB_DIST_DIR: fakeBuild(),
    PUBLIC_URL: 'https://shop.example',
  });
  admin = await newShopper(t, 'Lalla Owner');
  await makeAdmin(t, admin);
  customer = await newShopper(t, 'Noura Customer');
  const ofCategory = async (slug: string) =>
    ((await publicCollection(slug)).body.data.data.products as { id: number; status: string }[]).filter(
      (p) => p.status === 'active',
    );
  caftans = (await ofCategory('caftan')).slice(0, 3).map((p) => p.id);
  jellaba = (await ofCategory('jellaba'))[0]!.id;
});
afterAll(() => t?.close());

describe('curated collections', () => {
  let eidEdit: AdminCollection;

  it('creates a collection of pieces of any category whose public page lists them in the chosen order', async () => {
    const order = [caftans[2]!, jellaba, caftans[0]!];
    const audits = await countRows(t, 'audit_log');
    const res = await asAdmin('POST', ADMIN_COLLECTIONS_API.collections, eid({ product_ids: order }));
    expect(res.status).toBe(201);
    eidEdit = parsed(res);
    expect(eidEdit).toMatchObject({ slug: 'eid-edit', kind: 'curated', version: 1 });
    expect(eidEdit.products.map((p) => p.id)).toEqual(order);
    expect(res.headers.get('etag')).toBe('W/"1"');
    expect(await countRows(t, 'audit_log')).toBe(audits + 1);

    const shop = await publicCollection('eid-edit');
    expect(shop.status).toBe(200);
    expect(shop.body.data.data.category).toMatchObject({ slug: 'eid-edit', product_count: 3 });
    expect(slugsOf(shop)).toEqual(order);
    const list = await t.json('/api/v1/categories');
    expect(list.body.data.categories.map((c: { slug: string }) => c.slug)).toEqual([
      'caftan',
      'jellaba',
      'eid-edit',
    ]);
  });

  it('reorders its pieces and renames it in Arabic: the shop shows both at once', async () => {
    await publicCollection('eid-edit'); // cached before the change: the change must drop it
    const order = [caftans[0]!, caftans[2]!, jellaba];
    const res = await asAdmin(
      'PATCH',
      ADMIN_COLLECTIONS_API.collection(eidEdit.id),
      { product_ids: order, name: { ...eidEdit.name, ar: 'تشكيلة العيد' } },
      { 'if-match': `W/"${eidEdit.version}"` },
    );
    expect(res.status).toBe(200);
    eidEdit = parsed(res);
    expect(eidEdit.version).toBe(2);
    const shop = await publicCollection('eid-edit');
    expect(slugsOf(shop)).toEqual(order);
    expect(shop.body.data.data.category.name.ar).toBe('تشكيلة العيد');
  });

  it('never shows an inactive piece, and shows it again once it is back on sale', async () => {
    const product = (await asAdmin('GET', ADMIN_API.product(caftans[2]!))).body.data.product;
    const off = await asAdmin('PATCH', ADMIN_API.product(caftans[2]!), {
      status: 'inactive',
      version: product.version,
    });
    expect(off.status).toBe(200);
    expect(slugsOf(await publicCollection('eid-edit'))).toEqual([caftans[0], jellaba]);
    expect((await publicCollection('eid-edit')).body.data.data.category.product_count).toBe(2);
    await asAdmin('PATCH', ADMIN_API.product(caftans[2]!), {
      status: 'active',
      version: off.body.data.product.version,
    });
    expect(slugsOf(await publicCollection('eid-edit'))).toEqual([caftans[0], caftans[2], jellaba]);
  });

  it('refuses a stale write with the collection as it is now, and changes nothing', async () => {
    const audits = await countRows(t, 'audit_log');
    const res = await asAdmin('PATCH', ADMIN_COLLECTIONS_API.collection(eidEdit.id), {
      name: { en: 'Old edit', fr: 'Ancienne', ar: 'قديمة' },
      product_ids: [jellaba],
      version: 1,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale', code: 'stale', current: { version: 2 } });
    const now = parsed(await asAdmin('GET', ADMIN_COLLECTIONS_API.collection(eidEdit.id)));
    expect(now.name.en).toBe('Eid edit');
    expect(now.products).toHaveLength(3);
    expect(await countRows(t, 'audit_log')).toBe(audits);
    const unsaid = await asAdmin('PATCH', ADMIN_COLLECTIONS_API.collection(eidEdit.id), { position: 0 });
    expect(unsaid.status).toBe(428);
  });

  it('writes its search-engine title and description into the collection page’s head, per language', async () => {
    const res = await asAdmin('PATCH', ADMIN_COLLECTIONS_API.collection(eidEdit.id), {
      seo_title: { en: 'Eid caftans and jellabas', fr: '', ar: 'قفاطين العيد' },
      seo_description: { en: 'Handmade pieces for Eid, delivered in the UAE.', fr: '', ar: '' },
      version: eidEdit.version,
    });
    expect(res.status).toBe(200);
    eidEdit = parsed(res);
    const en = await page('/collection/eid-edit');
    expect(en).toContain('<title data-ssr>Eid caftans and jellabas · Dar Lalla</title>');
    expect(en).toContain(
      '<meta data-ssr name="description" content="Handmade pieces for Eid, delivered in the UAE.">',
    );
    const ar = await page('/ar/collection/eid-edit');
    expect(ar).toContain('قفاطين العيد');
    // No French words: the page's own name and description, never another language's.
    const fr = await page('/fr/collection/eid-edit');
    expect(fr).toContain('<title data-ssr>Sélection de l’Aïd · Dar Lalla</title>');
    expect(fr).toContain('content="Caftans et jellabas choisis pour l’Aïd."');
  });

  it('lists the new collection in the sitemap in three languages', async () => {
    const sitemap = await page('/sitemap.xml');
    for (const prefix of ['', '/fr', '/ar'])
      expect(sitemap).toContain(`<loc>https://shop.example${prefix}/collection/eid-edit</loc>`);
  });

  it('takes a picture through the picture pipeline and shows it in the shop', async () => {
    const bytes = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#8a1c2b' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('version', String(eidEdit.version));
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'eid.jpg');
    const res = await t.json(ADMIN_COLLECTIONS_API.collectionImage(eidEdit.id), {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    eidEdit = parsed(res);
    expect(eidEdit.image?.url).toMatch(/^\/storage\/collections\/\d+-[\w-]+-800\.webp$/);
    const shop = await publicCollection('eid-edit');
    expect(shop.body.data.data.category.image.url).toBe(eidEdit.image?.url);
    expect((await t.fetch(eidEdit.image!.url)).status).toBe(200);
  });

  it('refuses an empty name, a taken address and an unknown piece with 422, writing nothing', async () => {
    const before = await Promise.all(
      ['categories', 'collection_products', 'audit_log'].map((n) => countRows(t, n)),
    );
    const empty = await asAdmin(
      'POST',
      ADMIN_COLLECTIONS_API.collections,
      eid({ name: { en: ' ', fr: 'a', ar: 'ب' } }),
    );
    expect(empty.status).toBe(422);
    expect(empty.body.error_codes['name.en']).toEqual(['required']);
    const taken = await asAdmin('POST', ADMIN_COLLECTIONS_API.collections, eid({ slug: 'caftan' }));
    expect(taken.status).toBe(422);
    expect(taken.body.error_codes.slug).toEqual(['taken']);
    const renamedOnto = await asAdmin('PATCH', ADMIN_COLLECTIONS_API.collection(eidEdit.id), {
      slug: 'jellaba',
      version: eidEdit.version,
    });
    expect(renamedOnto.status).toBe(422);
    expect(renamedOnto.body.error_codes.slug).toEqual(['taken']);
    const unknown = await asAdmin(
      'POST',
      ADMIN_COLLECTIONS_API.collections,
      eid({ slug: 'ghost-edit', product_ids: [caftans[0]!, 999_999] }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.error_codes.product_ids).toEqual(['not_found']);
    expect(unknown.body.errors.product_ids[0]).toContain('999999');
    expect(
      await Promise.all(['categories', 'collection_products', 'audit_log'].map((n) => countRows(t, n))),
    ).toEqual(before);
    expect((await publicCollection('ghost-edit')).status).toBe(404);
  });

  it('deletes a curated collection: gone from the shop at once', async () => {
    const extra = parsed(
      await asAdmin(
        'POST',
        ADMIN_COLLECTIONS_API.collections,
        eid({ slug: 'summer-edit', product_ids: [jellaba] }),
      ),
    );
    expect((await publicCollection('summer-edit')).status).toBe(200);
    const res = await asAdmin('DELETE', ADMIN_COLLECTIONS_API.collection(extra.id), {
      version: extra.version,
    });
    expect(res.status).toBe(200);
    expect((await publicCollection('summer-edit')).status).toBe(404);
  });
});

describe('the two categories', () => {
  it('refuses to delete a category that still holds products (409 saying why), and changes nothing', async () => {
    const list = (await asAdmin('GET', ADMIN_COLLECTIONS_API.collections)).body.data.collections;
    const caftan = list.find((c: { slug: string }) => c.slug === 'caftan');
    expect(caftan).toMatchObject({ kind: 'category' });
    expect(caftan.product_count).toBeGreaterThan(3);
    const res = await asAdmin('DELETE', ADMIN_COLLECTIONS_API.collection(caftan.id), undefined, {
      'if-match': `"${caftan.version}"`,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'collection_not_empty' });
    expect(res.body.message).toMatch(/still belong to this category/);
    expect((await publicCollection('caftan')).status).toBe(200);
    const again = parsed(await asAdmin('GET', ADMIN_COLLECTIONS_API.collection(caftan.id)));
    expect(again.version).toBe(caftan.version);
  });

  it('orders a category’s own products, and refuses a list that is not exactly them', async () => {
    const caftan = parsed(
      await asAdmin(
        'GET',
        ADMIN_COLLECTIONS_API.collection(
          (await asAdmin('GET', ADMIN_COLLECTIONS_API.collections)).body.data.collections[0].id,
        ),
      ),
    );
    const ids = caftan.products.map((p) => p.id);
    const wrong = await asAdmin('PATCH', ADMIN_COLLECTIONS_API.collection(caftan.id), {
      product_ids: [...ids, jellaba],
      version: caftan.version,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error_codes.product_ids).toEqual(['invalid']);
    const reversed = [...ids].reverse();
    const res = await asAdmin('PATCH', ADMIN_COLLECTIONS_API.collection(caftan.id), {
      product_ids: reversed,
      version: caftan.version,
    });
    expect(res.status).toBe(200);
    expect(parsed(res).products.map((p) => p.id)).toEqual(reversed);
    // Restores the demo's order for whoever reads it next.
    await asAdmin('PATCH', ADMIN_COLLECTIONS_API.collection(caftan.id), {
      product_ids: ids,
      version: parsed(res).version,
    });
  });

  it('keeps a curated collection out of the product form’s categories', async () => {
    const categories = (await asAdmin('GET', ADMIN_API.categories)).body.data.categories;
    expect(categories.map((c: { slug: string }) => c.slug)).toEqual(['caftan', 'jellaba']);
    const moved = await asAdmin('PATCH', ADMIN_API.product(jellaba), { category: 'eid-edit', version: 99 });
    expect(moved.status).toBe(409); // the version is checked first; then the category:
    const product = (await asAdmin('GET', ADMIN_API.product(jellaba))).body.data.product;
    const res = await asAdmin('PATCH', ADMIN_API.product(jellaba), {
      category: 'eid-edit',
      version: product.version,
    });
    expect(res.status).toBe(422);
    expect(res.body.error_codes.category).toEqual(['not_found']);
  });
});

describe('search-engine words of a product', () => {
  it('writes the product’s own title and description into its page’s head when set, else its name', async () => {
    const product = (await asAdmin('GET', ADMIN_API.product(caftans[0]!))).body.data.product;
    const before = await page(`/product/${product.slug}`);
    expect(before).toContain(`<title data-ssr>${product.name.en} · Dar Lalla</title>`);
    const res = await asAdmin('PATCH', ADMIN_API.product(caftans[0]!), {
      seo_title: { en: 'Emerald velvet caftan for Eid', fr: 'Caftan de velours pour l’Aïd', ar: '' },
      seo_description: { en: 'A handmade emerald velvet caftan, shipped across the UAE.', fr: '', ar: '' },
      version: product.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.product.seo_title.en).toBe('Emerald velvet caftan for Eid');
    const en = await page(`/product/${product.slug}`);
    expect(en).toContain('<title data-ssr>Emerald velvet caftan for Eid · Dar Lalla</title>');
    expect(en).toContain(
      '<meta data-ssr name="description" content="A handmade emerald velvet caftan, shipped across the UAE.">',
    );
    expect(await page(`/fr/product/${product.slug}`)).toContain('Caftan de velours pour l’Aïd · Dar Lalla');
    expect(await page(`/ar/product/${product.slug}`)).toContain(`<title data-ssr>${product.name.ar} · `);
  });

  it('refuses a search title beyond 70 characters, changing nothing', async () => {
    const product = (await asAdmin('GET', ADMIN_API.product(caftans[1]!))).body.data.product;
    const res = await asAdmin('PATCH', ADMIN_API.product(caftans[1]!), {
      seo_title: { en: 'x'.repeat(71), fr: '', ar: '' },
      version: product.version,
    });
    expect(res.status).toBe(422);
    expect(res.body.error_codes['seo_title.en']).toEqual(['too_long']);
    const after = (await asAdmin('GET', ADMIN_API.product(caftans[1]!))).body.data.product;
    expect(after.version).toBe(product.version);
  });
});

describe('who may edit collections', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', ADMIN_COLLECTIONS_API.collections],
    ['POST', ADMIN_COLLECTIONS_API.collections, eid()],
    ['GET', ADMIN_COLLECTIONS_API.collection(1)],
    ['PATCH', ADMIN_COLLECTIONS_API.collection(1), { position: 0, version: 1 }],
    ['DELETE', ADMIN_COLLECTIONS_API.collection(1), { version: 1 }],
    ['POST', ADMIN_COLLECTIONS_API.collectionImage(1)],
  ];
  it.each(routes)(
    '%s %s: a guest hears 401, a customer 403, and nothing changes',
    async (method, path, body) => {
      const before = await Promise.all(
        ['categories', 'collection_products', 'audit_log'].map((n) => countRows(t, n)),
      );
      expect((await call(t, method, path, undefined, body)).status).toBe(401);
      expect((await call(t, method, path, customer.token, body)).status).toBe(403);
      expect(
        await Promise.all(['categories', 'collection_products', 'audit_log'].map((n) => countRows(t, n))),
      ).toEqual(before);
    },
  );
});
