import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, snap, test } from '../fixtures/shop';
import { exact, fitsAPhone, openAdmin, pick, signInOwner, words, type Lang } from '../fixtures/back-office';
import { seriousViolations } from '../fixtures/axe';

// The owner makes three hidden pieces (through the API), chooses them in the products table, publishes them at
// once and sees them in the shop, puts them on a 20 % sale and sees the old price struck, then downloads the
// VAT report. In English at 1280 px, light; in Arabic at 390 px, dark. Each story acts on pieces it made.

const RUN = Date.now().toString(36);

async function threeHiddenPieces(request: APIRequestContext, token: string, tag: string) {
  const made: { id: number; slug: string; price: string }[] = [];
  for (const [i, price] of ['1000', '1250', '2000'].entries()) {
    const res = await request.post('/api/v1/admin/products', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        category: 'caftan',
        name: {
          en: `Bulk ${tag} ${RUN} ${i + 1}`,
          fr: `Groupe ${tag} ${RUN} ${i + 1}`,
          ar: `قفطان ${tag} ${RUN} ${i + 1}`,
        },
        description: { en: 'Silk.', fr: 'Soie.', ar: 'حرير.' },
        price,
        status: 'inactive',
        colors: [{ name: { en: 'Green', fr: 'Vert', ar: 'أخضر' }, value: '#1f6b3b' }],
        sizes: [{ name: 'M', stock: 2 }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    made.push((await res.json()).data.product);
  }
  return made;
}

async function story(page: Page, request: APIRequestContext, lang: Lang, dark: boolean) {
  const w = words(lang);
  const tag = `${lang}${dark ? 'd' : 'l'}`;
  const owner = await signInOwner(page, request, `bulk-${lang}`);
  const pieces = await threeHiddenPieces(request, owner.token, tag);

  await openAdmin(page, `/admin/products?q=${encodeURIComponent(`bulk ${tag} ${RUN}`)}`, lang, dark);
  const table = page.getByRole('region', { name: pick(w, 'products.title') });
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('checkbox', { name: pick(w, 'bulk.selectPage') }).check();
  const bar = page.getByTestId('bulk-bar');
  const apply = bar.getByRole('button', {
    name: exact(pick(w, lang === 'ar' ? 'bulk.apply_few' : 'bulk.apply_other', { count: 3 })),
  });
  await expect(bar).toContainText(
    pick(w, lang === 'ar' ? 'bulk.selected_few' : 'bulk.selected_other', { count: 3 }),
  );
  expect(await seriousViolations(page)).toEqual([]);
  await fitsAPhone(page);
  await snap(page, `admin-bulk-selection-${lang}${dark ? '-dark' : ''}`);

  // Publish the three at once: the shop shows them.
  await bar.getByLabel(pick(w, 'bulk.action'), { exact: true }).selectOption('publish');
  await apply.click();
  await expect(bar.getByRole('status')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: pick(w, 'productStatus.active') })).toHaveCount(3);
  for (const piece of pieces) {
    const shown = await request.get(`/api/v1/products/slug/${piece.slug}`);
    const body = (await shown.json()).data;
    expect((body.product ?? body).status).toBe('active');
  }
  const first = pieces[0]!;

  // A 20 % sale keeping the old price: the shop strikes it.
  await bar.getByLabel(pick(w, 'bulk.action'), { exact: true }).selectOption('price');
  await bar.getByLabel(pick(w, 'bulk.direction'), { exact: true }).selectOption('down');
  await bar.getByLabel(pick(w, 'bulk.by'), { exact: true }).selectOption('percent');
  await bar
    .getByLabel(pick(w, 'bulk.percentValue', { min: 1, max: 90 }), { exact: true })
    .fill(lang === 'ar' ? '٢٠' : '20');
  await apply.click();
  await expect(table.getByRole('row').filter({ has: page.locator('s') })).toHaveCount(3);
  const shop = await page.context().newPage();
  await shop.goto(lang === 'en' ? `/product/${first.slug}` : `/${lang}/product/${first.slug}`);
  await expect(shop.getByRole('main').locator('s').first()).toContainText('1,000');
  await shop.close();

  // The VAT report downloads as a CSV for Excel.
  await openAdmin(page, '/admin/reports', lang, dark);
  await expect(page.getByRole('heading', { level: 1, name: pick(w, 'reports.title') })).toBeVisible();
  await expect(page.locator('tfoot')).toContainText(pick(w, 'reports.total'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: exact(pick(w, 'reports.download')) }).click();
  const file = await (await download).path();
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('\r\ntotal,');
  expect(await seriousViolations(page)).toEqual([]);
  await fitsAPhone(page);
  await snap(page, `admin-reports-${lang}${dark ? '-dark' : ''}`);
}

test('the owner publishes three pieces at once, puts them on sale and downloads the VAT report (en, 1280)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await story(page, request, 'en', false);
});

test('the same in Arabic, dark, on a phone (390)', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await story(page, request, 'ar', true);
});
