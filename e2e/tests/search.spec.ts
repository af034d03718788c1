import { test, expect } from '../fixtures/shop';

test('search finds pieces, says when nothing matches, and forgets on close', async ({ page, shop }) => {
  await shop.open('/');
  let search = await shop.openSearch();
  const box = search.getByRole('searchbox');
  await box.fill('emerald');
  await box.press('Enter');
  await expect(search.getByTestId('search-count')).toHaveText(/^\d+ results? for “emerald”$/);
  const cards = search.getByTestId('product-card');
  expect(await cards.count()).toBeGreaterThan(0);

  await box.fill('zzqqxx');
  await box.press('Enter');
  await expect(search.getByText('No piece matches your search. Try another word.')).toBeVisible();

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
