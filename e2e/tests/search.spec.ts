import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures/shop';

/** Entirely inside the viewport: neither cut off nor pushed off screen. */
async function expectOnScreen(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport!.height);
}

test('search finds pieces as one types, says when nothing matches, and forgets on close', async ({
  page,
  shop,
}) => {
  await shop.open('/');
  let search = await shop.openSearch();
  const box = search.getByRole('searchbox');
  // No Enter: the results come once typing pauses.
  await box.pressSequentially('emerald', { delay: 30 });
  await expect(search.getByTestId('search-count')).toHaveText(/^\d+ results? for “emerald”$/);
  const cards = search.getByTestId('product-card');
  expect(await cards.count()).toBeGreaterThan(0);

  await box.fill('zzqqxx');
  await box.press('Enter');
  await expect(search.getByText('No piece matches your search. Try another word.')).toBeVisible();
  await expect(search.getByRole('heading', { name: 'You may like these pieces' })).toBeVisible();

  await search.getByRole('button', { name: 'Close the search' }).click();
  await expect(search).toBeHidden();
  search = await shop.openSearch();
  await expect(search.getByRole('searchbox')).toHaveValue('');
  await expect(search.getByTestId('search-count')).toHaveCount(0);

  // A result leads to its product page.
  await search.getByRole('searchbox').fill('Zahra');
  await search.getByRole('searchbox').press('Enter');
  await search.getByRole('link', { name: 'Zahra Emerald Velvet Caftan' }).click();
  await expect(page).toHaveURL(/\/product\/zahra-emerald-velvet-caftan$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('spellings and typos: suggestions, did-you-mean and facet filters', async ({ shop }) => {
  await shop.open('/');
  const search = await shop.openSearch();
  const box = search.getByRole('searchbox');

  await box.fill('kaftan');
  await expect(search.getByTestId('search-count')).toHaveText('24 results for “kaftan”');
  await expect(search.getByRole('link', { name: 'All Caftans' })).toBeVisible();

  await box.fill('velvt');
  await expect(search.getByText('Did you mean')).toBeVisible();
  await search.getByRole('button', { name: 'velvet' }).click();
  await expect(box).toHaveValue('velvet');

  await box.fill('caftan');
  await expect(search.getByTestId('search-count')).toHaveText('24 results for “caftan”');
  const green = search.getByRole('group', { name: 'Colour' }).getByRole('button', { name: /^Green \d+$/ });
  const count = Number((await green.textContent())?.replace(/\D/g, ''));
  await green.click();
  await expect(green).toHaveAttribute('aria-pressed', 'true');
  await expect(search.getByTestId('search-count')).toHaveText(`${count} results for “caftan”`);
  await search.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(search.getByTestId('search-count')).toHaveText('24 results for “caftan”');

  await search.page().keyboard.press('Escape');
  await expect(search).toBeHidden();
});

for (const lang of ['en', 'ar'] as const) {
  test.describe(`at 390 px in ${lang}`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the close and submit buttons are on screen, Arabic finds its plurals, Escape closes', async ({
      page,
      shop,
    }) => {
      await shop.open(lang === 'ar' ? '/ar' : '/', { lang });
      const search = await shop.openSearch();
      const submit = search.getByRole('button', { name: lang === 'ar' ? 'بحث' : 'Search', exact: true });
      const close = search.getByRole('button', { name: lang === 'ar' ? 'إغلاق البحث' : 'Close the search' });
      await expectOnScreen(page, submit);
      await expectOnScreen(page, close);
      const box = search.getByRole('searchbox');
      await box.fill(lang === 'ar' ? 'قفاطين' : 'caftans');
      await expect(search.getByTestId('search-count')).toHaveText(
        lang === 'ar' ? /24 نتيجة/ : '24 results for “caftans”',
      );
      await expectOnScreen(page, submit);
      await expectOnScreen(page, close);
      await page.keyboard.press('Escape');
      await expect(search).toBeHidden();
    });
  });
}
