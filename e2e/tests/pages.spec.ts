import { test, expect } from '../fixtures/shop';

test('an unknown address shows OOPS with a 404 and a way back', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'OOPS' })).toBeVisible();
  await expect(page.getByText(/We can.t find what you.re looking for here\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
});

test('an unknown product says so and links home', async ({ page }) => {
  const response = await page.goto('/product/no-such-piece');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'We could not find this piece.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
});

test('a capitalised collection address lands on the lower-case one', async ({ page }) => {
  await page.goto('/collection/Caftan');
  await expect(page).toHaveURL(/\/collection\/caftan$/);
  await expect(page.getByTestId('product-count')).toHaveText('24 pieces');
});

test('the collections landing shows both collections with live counts', async ({ page }) => {
  await page.goto('/collections');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /Caftans/ })).toContainText('24 pieces');
  await expect(main.getByRole('link', { name: /Jellabas/ })).toContainText('18 pieces');
});

test('the contact form shows field errors, then thanks the sender', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await expect(page.getByText('Please write your message.')).toBeVisible();

  await page.getByLabel('Full name').fill('Mariam Al Suwaidi');
  await expect(page.getByText('Please enter your name.')).toBeHidden();
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('This email address does not look valid.')).toBeVisible();

  await page.getByLabel('Email address').fill('mariam@example.ae');
  await page.getByLabel(/^Message/).fill('Is the Zahra caftan available in M before Eid?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your message!' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('');
});

test('the server writes each page head for crawlers and link previews', async ({ request, baseURL }) => {
  const html = await (await request.get('/product/zahra-emerald-velvet-caftan')).text();
  expect(html).toContain('<title data-ssr>Zahra Emerald Velvet Caftan · Dar Lalla</title>');
  expect(html).toContain(
    `<meta data-ssr property="og:image" content="${baseURL}/storage/products/zahra-emerald-velvet-caftan/0-800.webp">`,
  );
  expect(html).toContain('"priceCurrency":"AED"');
  expect(html).toContain('<link rel="preload" as="image" fetchpriority="high"');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/product/zahra-emerald-velvet-caftan</loc>');
  expect(sitemap).not.toContain('layla-lilac-chiffon-caftan');
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
