import { test, expect } from '../fixtures/shop';

test('switching to Arabic turns the page right to left with Arabic text and prices, and back', async ({
  page,
  shop,
}) => {
  await shop.open('/product/zahra-emerald-velvet-caftan');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  await page.locator('#topbar-language').selectOption('ar');
  await expect(page).toHaveURL(/\/ar\/product\/zahra-emerald-velvet-caftan$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('قفطان زهرة من المخمل الزمردي');
  await expect(page.getByText('2,450\u00a0د.إ').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'أضف إلى السلة' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');

  // The server renders the Arabic addresses in Arabic already: no flash of English.
  const html = await (await page.request.get('/ar/collection/caftan')).text();
  expect(html).toContain('<html lang="ar" dir="rtl">');

  await shop.live();
  await page.locator('#topbar-language').selectOption('en');
  await expect(page).toHaveURL(/:\d+\/product\/zahra-emerald-velvet-caftan$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
});

test('French is complete on the frame', async ({ page, shop }) => {
  await shop.open('/', { lang: 'fr' });
  await expect(page.getByText('Livraison dans le monde entier', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible();
});

test('dark mode persists across reloads and applies before the first paint', async ({ page, shop }) => {
  // The system says light, so the page starts light.
  await shop.open('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');

  // The theme is already set when the document's first script has run, before any stylesheet paints.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      (window as unknown as { firstTheme?: string }).firstTheme ??= document.documentElement.dataset.theme;
    });
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => (window as unknown as { firstTheme?: string }).firstTheme)).toBe('dark');
});

test('without a saved choice the theme follows the system', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/faq');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await context.close();
});
