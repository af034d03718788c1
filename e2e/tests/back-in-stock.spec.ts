import type { Page } from '@playwright/test';
import { test, expect, snap } from '../fixtures/shop';
import { exact, fitsAPhone, openAdmin, pick, signInOwner, words } from '../fixtures/back-office';
import { waitForEmail } from '../fixtures/accounts';
import { seriousViolations } from '../fixtures/axe';
import { addressIn } from '../fixtures/shop';

/**
 * "Tell me when it is back" (the shop's alerts): a guest asks on the product page for a size sold out, the owner
 * records pieces received in the back office, and the guest's one e-mail names the product's page with the size.
 * Each story makes its own caftan (M 2, L none), so the demo catalogue is left as it was.
 */
/** A caftan of its own for a story: M 2 pieces, L none. */
async function soldOutCaftan(page: Page, token: string, run: string) {
  const created = await page.request.post('/api/v1/admin/products', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      category: 'caftan',
      name: { en: `Zahra caftan ${run}`, fr: `Caftan Zahra ${run}`, ar: `قفطان زهرة ${run}` },
      description: { en: 'Linen.', fr: 'Lin.', ar: 'كتان.' },
      price: '980',
      sizes: [
        { name: 'M', stock: 2 },
        { name: 'L', stock: 0 },
      ],
      low_stock_threshold: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data.product as { id: number; slug: string };
}

for (const lang of ['en', 'ar'] as const) {
  const p = words(lang, 'product');
  const a = words(lang, 'admin');
  const w = (path: string, values?: Record<string, string | number>) => pick(p, path, values);
  const wa = (path: string, values?: Record<string, string | number>) => pick(a, path, values);
  const dark = lang === 'ar';
  const width = lang === 'ar' ? 390 : 1280;

  test(`${lang}: a guest asks for a sold-out size, the owner receives pieces, the guest is e-mailed once`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const owner = await signInOwner(page, page.request, `back-in-stock-${lang}`);
    const run = `${Date.now().toString(36)}${lang}`;
    const made = await soldOutCaftan(page, owner.token, run);

    // The guest, in a browser of their own (no session): the request form under the sizes.
    const guest = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
    const shopper: Page = await guest.newPage();
    await shopper.addInitScript(
      ([l, d]) => {
        localStorage.setItem('i18nextLng', l);
        localStorage.setItem('darkMode', String(d));
      },
      [lang, dark] as const,
    );
    await shopper.goto(addressIn(lang, `/product/${made.slug}`));
    await expect(shopper.locator('html')).not.toHaveAttribute('data-booting');
    const form = shopper.getByRole('form', { name: w('backInStock.title') });
    await expect(form).toBeVisible();
    const email = `waiting.${run}@example.ae`;
    // A wrong address is refused in the page's language, and nothing is sent.
    await form.getByLabel(w('backInStock.email')).fill('not-an-address');
    await form.getByRole('button', { name: w('backInStock.submitSize', { size: 'L' }) }).click();
    await expect(form.getByText(w('backInStock.emailInvalid'))).toBeVisible();
    await form.getByLabel(w('backInStock.email')).fill(email);
    await form.getByRole('button', { name: w('backInStock.submitSize', { size: 'L' }) }).click();
    await expect(form.getByRole('status')).toHaveText(w('backInStock.done', { size: 'L' }));
    expect(await seriousViolations(shopper, 'product page')).toEqual([]);
    if (width === 390) await fitsAPhone(shopper);
    await snap(shopper, `back-in-stock-product-${lang}${dark ? '-dark' : ''}`);
    await guest.close();

    // The owner sees who waits, then records two L received.
    await page.setViewportSize({ width, height: 900 });
    await openAdmin(page, `/admin/products/${made.id}`, lang, dark);
    const waiting = page.getByRole('region', { name: wa('alerts.waitingTitle') });
    await expect(waiting.getByRole('row').filter({ hasText: 'L' })).toContainText('1');
    await expect(page.getByLabel(new RegExp(wa('alerts.threshold')))).toHaveValue('1');
    expect(await seriousViolations(page, 'admin product')).toEqual([]);
    if (width === 390) await fitsAPhone(page);
    await snap(page, `back-in-stock-admin-${lang}${dark ? '-dark' : ''}`);
    const stock = page.getByRole('region', { name: wa('stock.title') });
    await stock.getByLabel(wa('stock.size'), { exact: true }).selectOption('L');
    await stock.getByLabel(wa('stock.change'), { exact: true }).fill(lang === 'ar' ? '+٢' : '+2');
    await stock.getByLabel(wa('stock.why'), { exact: true }).selectOption('received');
    await stock.getByRole('button', { name: wa('stock.record') }).click();
    await expect(stock.getByRole('status').filter({ hasText: /./ })).toHaveText(
      wa('stock.recorded', { change: '+2', size: 'L', count: 2 }),
    );
    await expect(waiting.getByText(exact(wa('alerts.waitingNone')))).toBeVisible();

    // The e-mail (E2E_DATA_DIR/mail): the product's page in the guest's language, with the size chosen.
    const mail = await waitForEmail(email, { containing: `/product/${made.slug}?size=L`, timeout: 20_000 });
    expect(mail).toContain(lang === 'ar' ? '/ar/product/' : '/product/');
    expect(mail).toContain('/api/v1/unsubscribe/stock-requests/');
  });
}

// French words its request at length ("Prévenez-moi quand la taille L revient"): the full-width button wraps it
// on a phone instead of pushing the page sideways (it was 443 px wide in a 390 px screen).
test('fr: the request form fits a phone', async ({ page, shop }) => {
  const owner = await signInOwner(page, page.request, 'back-in-stock-fr');
  const made = await soldOutCaftan(page, owner.token, `${Date.now().toString(36)}fr`);
  await page.setViewportSize({ width: 390, height: 900 });
  await shop.open(`/product/${made.slug}`, { lang: 'fr' });
  const p = words('fr', 'product');
  const form = page.getByRole('form', { name: pick(p, 'backInStock.title') });
  await expect(
    form.getByRole('button', { name: pick(p, 'backInStock.submitSize', { size: 'L' }) }),
  ).toBeVisible();
  await fitsAPhone(page);
  await form.scrollIntoViewIfNeeded();
  await snap(page, 'back-in-stock-product-fr');
});
