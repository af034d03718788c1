import { test, expect } from '@playwright/test';

const PRODUCT = '/product/zahra-emerald-velvet-caftan';
/** The main picture at the default 1280 px viewport: half the width, the 800 px rendition. */
const MAIN_IMAGE = '**/storage/products/zahra-emerald-velvet-caftan/0-800.webp';

test('the other pictures wait for the main one, keep their place, then all come', async ({ page }) => {
  let sendMain!: () => void;
  const mainHeld = new Promise<void>((resolve) => (sendMain = resolve));
  await page.route(MAIN_IMAGE, async (route) => {
    await mainHeld;
    await route.continue();
  });
  const pictures: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/storage/')) pictures.push(new URL(request.url()).pathname);
  });

  await page.goto(PRODUCT, { waitUntil: 'domcontentloaded' });
  const thumbs = page.getByRole('button', { name: /^Show picture \d of \d$/ });
  await expect(thumbs).toHaveCount(3);
  // Styled and laid out: a lazy picture in view would be requested by now.
  await expect(thumbs.first()).toHaveCSS('aspect-ratio', '3 / 4');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(page.locator('html')).toHaveAttribute('data-hold-images', '');
  expect(pictures).toEqual(['/storage/products/zahra-emerald-velvet-caftan/0-800.webp']);
  const held = await thumbs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
  expect(held.every((box: DOMRect) => box.height > 50)).toBe(true);

  sendMain();
  await expect(page.locator('html')).not.toHaveAttribute('data-hold-images');
  await expect
    .poll(() =>
      thumbs
        .locator('img')
        .evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
  expect(await thumbs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))).toEqual(
    held,
  );
});

test('a page without a main picture holds nothing', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-hold-images');
});
