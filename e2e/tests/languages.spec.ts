import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures/shop';

const PIECE = 'zahra-emerald-velvet-caftan';

/** The piece's name in every language, as the catalogue gives it. */
async function pieceNames(request: APIRequestContext) {
  const res = await request.get(`/api/v1/products/slug/${PIECE}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { product: { name: Record<'en' | 'fr' | 'ar', string> } } }).data
    .product.name;
}

test('the switcher opens the same page, query and all, at its address in the other language', async ({
  page,
  shop,
  product,
}) => {
  const names = await pieceNames(page.request);
  await shop.open(`/product/${PIECE}?from=story`);
  await expect(product.name).toHaveText(names.en);

  await page.locator('#topbar-language').selectOption('fr');
  await expect(page).toHaveURL(new RegExp(`/fr/product/${PIECE}\\?from=story$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(product.name).toHaveText(names.fr);
  await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toBeVisible();

  await shop.live();
  await page.locator('#topbar-language').selectOption('ar');
  await expect(page).toHaveURL(new RegExp(`/ar/product/${PIECE}\\?from=story$`));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(product.name).toHaveText(names.ar);
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');

  // The head names the page's address in every language and the default, absolute.
  const alternates = await page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`));
  const origin = new URL(page.url()).origin;
  expect(alternates.sort()).toEqual(
    [
      `ar ${origin}/ar/product/${PIECE}`,
      `en ${origin}/product/${PIECE}`,
      `fr ${origin}/fr/product/${PIECE}`,
      `x-default ${origin}/product/${PIECE}`,
    ].sort(),
  );
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${origin}/ar/product/${PIECE}`,
  );

  // The shop's own links keep the language: the logo leads to the Arabic home page.
  await shop.live();
  await page.getByRole('link', { name: 'دار لالة، الصفحة الرئيسية' }).first().click();
  await expect(page).toHaveURL(/\/ar\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});

test('a returning visitor at / lands on their language; a first visitor stays in English', async ({
  page,
  shop,
  request,
}) => {
  await shop.open('/faq');
  await page.locator('#topbar-language').selectOption('ar');
  await expect(page).toHaveURL(/\/ar\/faq$/);

  await page.goto('/');
  await expect(page).toHaveURL(/\/ar\/$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // Back to English by the switcher: `/` then stays English.
  await shop.live();
  await page.locator('#topbar-language').selectOption('en');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/');
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // A first visitor (no saved choice, whatever their browser's language) is shown the English home page.
  const first = await request.get('/', { headers: { 'accept-language': 'ar' }, maxRedirects: 0 });
  expect(first.status()).toBe(200);
  expect(await first.text()).toContain('<html lang="en" dir="ltr">');
});

test('Arabic head titles name the shop once, in Arabic script', async ({ page, shop, product }) => {
  const names = await pieceNames(page.request);
  for (const path of ['/', `/product/${PIECE}`, '/faq']) {
    await shop.open(path, { lang: 'ar' });
    if (path.startsWith('/product')) await expect(product.name).toHaveText(names.ar);
    const title = await page.title();
    expect(title.split('دار لالة'), `${path}: ${title}`).toHaveLength(2);
    expect(title, path).not.toContain('Dar Lalla');
  }
  expect(await page.title()).not.toBe('دار لالة');
});
