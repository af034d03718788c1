import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { addressIn, expect, snap as snapAt, test } from '../fixtures/shop';
import {
  newCustomer,
  registerCustomer,
  signInQuickly,
  verifyEmail,
  waitForEmail,
} from '../fixtures/accounts';
import { exact, fitsAPhone, openAdmin, pick, signInOwner, words } from '../fixtures/back-office';
import { anyPieceInStock, buyThroughApi } from '../fixtures/checkout';
import { seriousViolations } from '../fixtures/axe';

/** The back office's screenshots, named `admin-…`. */
const snap = (page: Page, name: string) => snapAt(page, `admin-${name}`);

/** A JPEG the browser makes of what it shows: a real photo file, different each time. */
async function photo(page: Page, name: string) {
  return { name, mimeType: 'image/jpeg', buffer: await page.screenshot({ type: 'jpeg', quality: 80 }) };
}

test('a guest is sent to sign in, a customer sees the not-found page', async ({ page }) => {
  await page.goto('/admin/products');
  await expect(page).toHaveURL(/\/account\/login$/);

  const customer = await registerCustomer(page.request);
  await verifyEmail(page.request, customer);
  await signInQuickly(page, customer);
  await page.goto('/admin');
  const notFound = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../apps/web/public/locales/en/notFound.json'), 'utf8'),
  ) as { title: string };
  await expect(page.getByRole('heading', { level: 1, name: notFound.title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
});

for (const lang of ['en', 'ar'] as const) {
  const t = words(lang);
  const w = (path: string, values?: Record<string, string | number>) => pick(t, path, values);

  test(`${lang}: the owner adds a caftan with two photos, sees it in the shop, changes its price, ships an order and reads a message`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signInOwner(page, page.request, `admin-${lang}`);
    await openAdmin(page, '/admin', lang);
    await expect(page.getByRole('heading', { level: 1, name: w('dashboard.title') })).toBeVisible();

    // A new caftan, every text in the three languages.
    const run = `${Date.now().toString(36)}${lang}`;
    const name = { en: `Noor caftan ${run}`, fr: `Caftan Noor ${run}`, ar: `قفطان نور ${run}` };
    await page
      .getByRole('navigation', { name: w('navLabel') })
      .getByRole('link', { name: w('nav.products') })
      .click();
    await page.getByRole('link', { name: w('products.new') }).click();
    const field = (label: string, language: 'en' | 'fr' | 'ar') =>
      page.getByLabel(w('form.inLanguage', { label, language: w(`languages.${language}`) }), { exact: true });
    for (const l of ['en', 'fr', 'ar'] as const) {
      await field(w('form.name'), l).fill(name[l]);
      await field(w('form.description'), l).fill(`${name[l]}: velvet, hand embroidery.`);
    }
    await expect(field(w('form.name'), 'ar')).toHaveAttribute('dir', 'rtl');
    await page.getByLabel(w('products.price'), { exact: true }).fill('1450');
    await expect(page.getByText(lang === 'ar' ? '1,450\u00a0د.إ' : 'AED\u00a01,450')).toBeVisible();
    await page.getByLabel(w('form.stockOf', { size: 'M' })).fill('4');
    await page.getByRole('button', { name: w('form.create') }).click();
    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    await expect(page.getByText(w('products.created'))).toBeVisible();

    // Two photos at once, each with its progress; then the second one becomes the main one.
    await page
      .getByLabel(w('pictures.choose'))
      .setInputFiles([await photo(page, 'noor-front.jpg'), await photo(page, 'noor-back.jpg')]);
    await expect(page.getByRole('button', { name: w('pictures.move', { n: 2 }) })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { name: w('pictures.title_other', { count: 2 }) })).toBeVisible();
    // A file that is not a photo is refused by the server, with its reason beside the file.
    await page.getByLabel(w('pictures.choose')).setInputFiles({
      name: 'script.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<script>1</script>'),
    });
    await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: w('pictures.move', { n: 3 }) })).toHaveCount(0);
    await snap(page, `product-edit-${lang}`);

    // The shop shows it at once, with its photo.
    const slug = await page.getByLabel(w('form.slug')).inputValue();
    expect(slug).toMatch(/^noor-caftan-/);
    const shopPage = await page.context().newPage();
    await shopPage.goto(addressIn(lang, `/product/${slug}`));
    await expect(shopPage.getByRole('heading', { level: 1, name: name[lang] })).toBeVisible();
    await expect
      .poll(() =>
        shopPage
          .locator(`img[src*="/storage/"]`)
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);

    // A new price, shown by the shop at once.
    await page.getByLabel(w('products.price'), { exact: true }).fill('1350');
    await page.getByRole('button', { name: w('form.save') }).click();
    await expect(page.getByText(w('form.saved'))).toBeVisible();
    await shopPage.reload();
    await expect(
      shopPage.getByText(lang === 'ar' ? '1,350\u00a0د.إ' : 'AED\u00a01,350').first(),
    ).toBeVisible();
    await shopPage.close();

    // A shopper's order, shipped with a tracking number: the shopper is e-mailed.
    const shopper = await registerCustomer(page.request, newCustomer('Meriem Alaoui'));
    await buyThroughApi(page.request, shopper, await anyPieceInStock(page.request));
    // The dashboard's "waiting to ship" opens the orders it counts, the new one among them.
    await page
      .getByRole('navigation', { name: w('navLabel') })
      .getByRole('link', { name: w('nav.dashboard') })
      .click();
    await page.getByRole('link', { name: new RegExp(w('dashboard.awaitingShipment')) }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?status=to_ship$/);
    await expect(page.getByRole('button', { name: new RegExp(w('orders.toShip')) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByLabel(w('orders.search')).fill(shopper.email);
    await page.getByLabel(w('orders.search')).press('Enter');
    const row = page.getByRole('row').filter({ hasText: shopper.email });
    await expect(row).toHaveCount(1);
    await snap(page, `orders-${lang}`);
    await row.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 2, name: w('orders.lines') })).toBeVisible();
    await page.getByLabel(w('orders.newStatus')).selectOption('shipped');
    await page.getByLabel(w('orders.carrier')).fill('Aramex');
    const tracking = `AWB${Date.now()}`;
    await page.getByLabel(w('orders.tracking')).fill(tracking);
    await page.getByRole('button', { name: w('orders.moveSubmit') }).click();
    await expect(
      page.getByText(w('orders.moved', { status: w('orderStatus.shipped') }), { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(`Aramex · ${tracking}`, { exact: true })).toBeVisible();
    await snap(page, `order-${lang}`);
    await expect
      .poll(async () => (await waitForEmail(shopper.email)).includes(tracking), { timeout: 15_000 })
      .toBe(true);

    // A message from the contact form: unread, then read.
    const sender = `Aicha ${run}`;
    const sent = await page.request.post('/api/v1/contact', {
      data: {
        name: sender,
        email: 'aicha@example.ae',
        subject: 'orders',
        message: 'Is the Noor caftan lined?',
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await page
      .getByRole('navigation', { name: w('navLabel') })
      .getByRole('link', { name: new RegExp(w('nav.messages')) })
      .click();
    const message = page.getByRole('article').filter({ hasText: sender });
    await expect(message.getByText(w('messages.new'), { exact: true })).toBeVisible();
    await expect(message.getByRole('link', { name: w('messages.reply') })).toHaveAttribute(
      'href',
      /^mailto:aicha%40example\.ae\?subject=/,
    );
    await message.getByRole('button', { name: w('messages.markRead') }).click();
    await expect(message.getByRole('button', { name: w('messages.markUnread') })).toBeVisible();
    await expect(message.getByText(w('messages.new'), { exact: true })).toHaveCount(0);
  });
}

// English light and Arabic dark as the issue asks; French light too, its longer words being the ones that wrap.
for (const [lang, dark] of [
  ['en', false],
  ['fr', false],
  ['ar', true],
] as const) {
  const t = words(lang);
  const w = (path: string, values?: Record<string, string | number>) => pick(t, path, values);

  test(`axe finds nothing serious on every admin page in ${lang}${dark ? ', dark' : ', light'}`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signInOwner(page, page.request, `axe-${lang}`);
    await openAdmin(page, '/admin', lang, dark);
    await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');

    const visit = async (path: string, heading: RegExp | string, name: string) => {
      if (path) await page.goto(addressIn(lang, path));
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await fitsAPhone(page);
      await snap(page, `${name}-${lang}`);
    };
    await visit('', w('dashboard.title'), 'dashboard');
    await expect(page.locator('.adm-chart canvas').first()).toBeVisible();
    await visit('/admin/orders', w('orders.title'), 'orders-list');
    await visit('/admin/products', w('products.title'), 'products');
    await visit('/admin/products/new', w('products.new'), 'product-new');
    const firstProduct = page.getByRole('link', { name: /./ }).filter({ has: page.locator('bdi') });
    await page.goto(addressIn(lang, '/admin/products'));
    await firstProduct.first().click();
    await visit('', /./, 'product');
    await visit('/admin/collections', w('collections.title'), 'collections');
    await visit('/admin/gallery', w('gallery.title'), 'gallery');
    await visit('/admin/messages', w('messages.title'), 'messages');
    await visit('/admin/customers', w('customers.title'), 'customers');
    await page.getByRole('table').getByRole('link').first().click();
    await visit('', /./, 'customer');
    // An order of its own, so that its page and packing slip are there to check.
    const shopper = await registerCustomer(page.request, newCustomer('Meriem Alaoui'));
    await buyThroughApi(page.request, shopper, await anyPieceInStock(page.request));
    await page.goto(addressIn(lang, `/admin/orders?q=${encodeURIComponent(shopper.email)}`));
    await page.getByRole('table').getByRole('link').first().click();
    await visit('', /./, 'order');
    await page.getByRole('link', { name: w('orders.packingSlip') }).click();
    await visit('', /./, 'packing-slip');
    // On a phone too, the order number is not broken at its hyphen.
    await page.setViewportSize({ width: 390, height: 844 });
    const orderNumber = page.getByRole('heading', { level: 1 }).locator('bdi');
    expect(await orderNumber.evaluate((el) => el.getClientRects().length)).toBe(1);
    await expect(page.getByText(exact(w('nav.dashboard')))).toBeVisible();
  });
}
