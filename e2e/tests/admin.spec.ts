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
import { anyPieceInStock, buyThroughApi, pieceOf } from '../fixtures/checkout';
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
      page.getByText(w('orders.moved', { status: pick(words(lang, 'common'), 'orderStatus.shipped') }), {
        exact: true,
      }),
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
    // Replies are written in the back office (admin-desk.spec.ts), no longer a mailto: link.
    await expect(message.getByRole('button', { name: w('messages.reply') })).toBeVisible();
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

// ---------------------------------------------------------------- edits that never overwrite (decision 028)

/** The access token the signed-in page keeps, for the story's own API calls as the owner. */
const ownerToken = async (page: Page) =>
  (await page.evaluate(() => localStorage.getItem('auth_token'))) as string;

for (const lang of ['en', 'ar'] as const) {
  const t = words(lang);
  const w = (path: string, values?: Record<string, string | number>) => pick(t, path, values);
  const money = (amount: string) => (lang === 'ar' ? `${amount}\u00a0د.إ` : `AED\u00a0${amount}`);

  test(`${lang}: two tabs on one product: ١٩٥٠ saved as 1950 in one, the other's save refused with the change shown, then re-applied; stock by adjustments with its history`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signInOwner(page, page.request, `edits-${lang}`);
    await openAdmin(page, '/admin', lang, true);
    await expect(page.getByRole('heading', { level: 1, name: w('dashboard.title') })).toBeVisible();
    const headers = { authorization: `Bearer ${await ownerToken(page)}` };
    const run = `${Date.now().toString(36)}${lang}`;
    const created = await page.request.post('/api/v1/admin/products', {
      headers,
      data: {
        category: 'caftan',
        name: { en: `Amira caftan ${run}`, fr: `Caftan Amira ${run}`, ar: `قفطان أميرة ${run}` },
        description: { en: 'Saffron silk.', fr: 'Soie safran.', ar: 'حرير زعفراني.' },
        price: '1450',
        sizes: [
          { name: 'M', stock: 3 },
          { name: 'L', stock: 2 },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id, slug } = (await created.json()).data.product as { id: number; slug: string };
    // A shopper buys one M: the history will show the sale.
    const shopper = await registerCustomer(page.request, newCustomer('Hind Tazi'));
    const sold = await buyThroughApi(page.request, shopper, await pieceOf(page.request, slug, 'M'));

    // Two tabs on the product, both opened now.
    const tabA = page;
    await tabA.goto(addressIn(lang, `/admin/products/${id}`));
    const tabB = await page.context().newPage();
    await tabB.goto(addressIn(lang, `/admin/products/${id}`));
    const price = (tab: Page) => tab.getByLabel(w('products.price'), { exact: true });
    const descriptionIn = (tab: Page, l: 'en' | 'fr' | 'ar') =>
      tab.getByLabel(w('form.inLanguage', { label: w('form.description'), language: w(`languages.${l}`) }), {
        exact: true,
      });
    await expect(price(tabB)).toHaveValue('1450.00');

    // Tab B starts an edit of the description...
    await descriptionIn(tabB, lang).fill(lang === 'ar' ? 'حرير زعفراني مبطّن.' : 'Saffron silk, lined.');
    // ...while tab A changes the price, typed on an Arabic keyboard: the field says what it understood.
    await tabA.bringToFront();
    await price(tabA).fill('١٩٥٠');
    await expect(tabA.locator('#product-price-preview')).toContainText('= 1,950.00');
    await expect(tabA.locator('#product-price-preview')).toContainText(money('1,950'));
    await tabA.getByRole('button', { name: w('form.save'), exact: true }).click();
    // "Saved" beside the button pressed, as a status.
    await expect(tabA.locator('.adm-sticky-actions').getByRole('status')).toHaveText(w('form.saved'));
    const afterA = (await (await page.request.get(`/api/v1/admin/products/${id}`, { headers })).json()).data
      .product as { price: string; version: number };
    expect(afterA.price).toBe('1950.00');

    // Tab B saves its edit: refused, with what changed since it was opened.
    await tabB.bringToFront();
    await tabB.getByRole('button', { name: w('form.save'), exact: true }).click();
    const conflict = tabB.getByRole('alert').filter({ hasText: w('conflict.changed') });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole('listitem').filter({ hasText: w('products.price') })).toContainText(
      money('1,950.00'),
    );
    await expect(conflict.getByRole('listitem').filter({ hasText: w('products.price') })).toContainText(
      money('1,450.00'),
    );
    // Only the price changed elsewhere; the description is the owner's own edit, to be re-applied.
    await expect(conflict.getByRole('listitem')).toHaveCount(1);
    await expect(conflict).toContainText(w('form.description'));
    await tabB.evaluate(() => document.querySelector('.adm-conflict')?.scrollIntoView({ block: 'center' }));
    await snap(tabB, `conflict-${lang}-dark`);
    // Nothing of tab B was written.
    const still = (await (await page.request.get(`/api/v1/admin/products/${id}`, { headers })).json()).data
      .product as { description: Record<string, string>; version: number };
    expect(still.version).toBe(afterA.version);

    // One click: the edit on the product as it is now.
    await conflict.getByRole('button', { name: w('conflict.reapply') }).click();
    await expect(tabB.locator('.adm-sticky-actions').getByRole('status')).toHaveText(w('form.saved'));
    await expect(conflict).toHaveCount(0);
    const final = (await (await page.request.get(`/api/v1/admin/products/${id}`, { headers })).json()).data
      .product as { price: string; description: Record<string, string> };
    expect(final.price).toBe('1950.00');
    expect(final.description[lang]).toBe(lang === 'ar' ? 'حرير زعفراني مبطّن.' : 'Saffron silk, lined.');
    await tabB.close();

    // Stock: pieces received, recorded as a change beside the sale in the history.
    await tabA.reload();
    const stock = tabA.getByRole('region', { name: w('stock.title') });
    await stock.getByLabel(w('stock.size'), { exact: true }).selectOption('M');
    await stock.getByLabel(w('stock.change'), { exact: true }).fill('+٣');
    await expect(stock.locator('#adjust-delta-understood')).toHaveText('= +3');
    await stock.getByLabel(w('stock.why'), { exact: true }).selectOption('received');
    await stock
      .getByLabel(w('stock.note'), { exact: true })
      .fill(lang === 'ar' ? 'من الورشة' : 'From the workshop');
    await stock.getByRole('button', { name: w('stock.record') }).click();
    await expect(stock.getByRole('status').filter({ hasText: /./ })).toHaveText(
      w('stock.recorded', { change: '+3', size: 'M', count: 5 }),
    );
    const history = stock.getByRole('table', { name: w('stock.history') });
    await expect(history.getByRole('row').nth(1)).toContainText(w('stock.reasons.received'));
    await expect(history.getByRole('row').filter({ hasText: w('stock.reasons.sale') })).toContainText(
      sold.order_number,
    );
    // Below what is left refuses, naming it.
    await stock.getByLabel(w('stock.change'), { exact: true }).fill('-9');
    await stock.getByLabel(w('stock.why'), { exact: true }).selectOption('correction');
    await stock.getByRole('button', { name: w('stock.record') }).click();
    await expect(stock.locator('#adjust-delta-error')).toHaveText(
      w('problems.fewer', { count: 5, size: 'M', floor: -5 }),
    );
    await stock.getByRole('heading', { name: w('stock.title') }).scrollIntoViewIfNeeded();
    await snap(tabA, `stock-history-${lang}-dark`);
    expect(await seriousViolations(tabA)).toEqual([]);
  });

  test(`${lang}: leaving a form with unsaved edits asks first, in the app and when the tab closes`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInOwner(page, page.request, `leave-${lang}`);
    await openAdmin(page, '/admin/products', lang);
    await page.getByRole('link', { name: w('products.new') }).click();
    const name = page.getByLabel(
      w('form.inLanguage', { label: w('form.name'), language: w(`languages.${lang}`) }),
      { exact: true },
    );
    await name.fill(lang === 'ar' ? 'قفطان لم يُحفظ' : 'A caftan not saved');
    const ordersLink = page
      .getByRole('navigation', { name: w('navLabel') })
      .getByRole('link', { name: w('nav.orders') });
    await ordersLink.click();
    const ask = page.getByRole('dialog', { name: w('leave.title') });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: w('leave.stay') }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(name).toHaveValue(lang === 'ar' ? 'قفطان لم يُحفظ' : 'A caftan not saved');
    // Back is asked about too.
    await page.evaluate(() => history.back());
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: w('leave.stay') }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(name).toHaveValue(lang === 'ar' ? 'قفطان لم يُحفظ' : 'A caftan not saved');
    // Leaving after all: the page the owner asked for.
    await ordersLink.click();
    await ask.getByRole('button', { name: w('leave.leave') }).click();
    await expect(page.getByRole('heading', { level: 1, name: w('orders.title') })).toBeVisible();

    // Closing the tab: the browser's own question.
    await page.goto(addressIn(lang, '/admin/products/new'));
    await name.fill(lang === 'ar' ? 'قفطان آخر' : 'Another caftan');
    const closing = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await closing).toBe('beforeunload');
  });
}
