import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, Shop, ProductPage } from '../fixtures/shop';
import { newCustomer, registerCustomer, signInQuickly } from '../fixtures/accounts';
import { CheckoutPage, tokenFor } from '../fixtures/checkout';
import { fitsAPhone, pick, signInOwner, openAdmin, words, type Lang } from '../fixtures/back-office';

/*
 * The journey of a UAE boutique's sale (DESIGN 17), end to end: the owner makes an Eid code and a UAE zone with an
 * Express rate in the back office; a shopper in Dubai picks an emerald caftan in M (its emerald photo comes first),
 * applies the code in the cart, chooses Express at step 2, pays by card, and the confirmation and the invoice
 * carry the discount and Express. In English at 1280 px, and in Arabic, dark, on a 390 px phone. The zone changes
 * every shop total while it lives: the story runs in the `shipping` project, one story at a time, and deletes its
 * zone at the end whatever happens.
 */
test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now().toString(36).slice(-5).toUpperCase()}`;
const CODE = `EID20${RUN}`;
const PRICE = 1650;
const PERCENT = 20;
const STANDARD = 25;
const EXPRESS = 45;
const EMERALD = { value: '#1f6b4f', name: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' } };
const BORDEAUX = { value: '#6d1a2b', name: { en: 'Bordeaux', fr: 'Bordeaux', ar: 'عنابي' } };
const names = {
  zone: { en: `Emirates ${RUN}`, fr: `Émirats ${RUN}`, ar: `الإمارات ${RUN}` },
  standard: { en: 'Standard', fr: 'Standard', ar: 'عادي' },
  express: { en: 'Express', fr: 'Express', ar: 'سريع' },
};
/** English at a desk, Arabic on a phone in the dark. */
const setups = [
  { lang: 'en', width: 1280, dark: false },
  { lang: 'ar', width: 390, dark: true },
] as const;

interface Caftan {
  slug: string;
  pictures: { emerald: string; bordeaux: string };
}
let caftan: Caftan | undefined;
let ownerToken: string | undefined;

/** The amount a text shows ("AED 1,650", "−AED 330", "1,365.50 د.إ"), in fils. */
const fils = (text: string) => {
  const digits = /\d[\d,]*(\.\d+)?/.exec(text);
  if (!digits) throw new Error(`no amount in "${text}"`);
  return Math.round(Number(digits[0].replace(/,/g, '')) * 100);
};

/** Any rendition of a picture (`…/x-800.webp` → `…/x-{width}.webp`). */
const renditionOf = (url: string) =>
  new RegExp(`^${url.replace(/-\d+\.webp$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+\\.webp$`);

/** Pictures for a person to look at (only when SHOTS_DIR names a folder): at 390 and 1280 px wide. */
async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, so that the sticky header is where a shopper sees it.
    await page.evaluate(() => document.fonts.ready.then(() => window.scrollTo(0, 0)));
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** A plain photo of one colour, as a phone's camera would send it. */
async function photoOf(page: Page, hex: string, name: string) {
  await page.setContent(`<body style="margin:0;background:${hex};width:600px;height:800px"></body>`);
  return { name, mimeType: 'image/jpeg', buffer: await page.screenshot({ type: 'jpeg', quality: 80 }) };
}

/**
 * A caftan of this story through the back office's API: bordeaux first (the page opens on it), emerald second,
 * each with a photo named by its colour; 5 pieces of each in M.
 */
async function makeCaftan(page: Page, request: APIRequestContext, token: string): Promise<Caftan> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/admin/products', {
    headers,
    data: {
      category: 'caftan',
      name: { en: `Noor caftan ${RUN}`, fr: `Caftan Noor ${RUN}`, ar: `قفطان نور ${RUN}` },
      description: { en: 'Silk crepe.', fr: 'Crêpe de soie.', ar: 'كريب حريري.' },
      price: String(PRICE),
      colors: [BORDEAUX, EMERALD],
      sizes: [{ name: 'M' }],
      variants: [
        { color_value: BORDEAUX.value, size: 'M', stock: 5 },
        { color_value: EMERALD.value, size: 'M', stock: 5 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()).data.product as {
    id: number;
    slug: string;
    colors: { key: string; value: string }[];
  };
  const keyOf = (hex: string) => product.colors.find((c) => c.value === hex)!.key;
  await page.setViewportSize({ width: 600, height: 800 });
  const uploaded: { id: number; url: string; color: string }[] = [];
  let version = 0;
  for (const [color, file] of [
    [BORDEAUX, 'bordeaux.jpg'],
    [EMERALD, 'emerald.jpg'],
  ] as const) {
    const upload = await request.post(`/api/v1/admin/products/${product.id}/images`, {
      headers,
      multipart: { file: await photoOf(page, color.value, file) },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const body = (await upload.json()).data as { image: { id: number; url: string }; version: number };
    uploaded.push({ ...body.image, color: keyOf(color.value) });
    version = body.version;
  }
  for (const image of uploaded) {
    const named = await request.patch(`/api/v1/admin/products/${product.id}/images/${image.id}`, {
      headers,
      data: { color: image.color, version },
    });
    expect(named.status(), await named.text()).toBe(200);
    version = (await named.json()).data.version as number;
  }
  return { slug: product.slug, pictures: { bordeaux: uploaded[0]!.url, emerald: uploaded[1]!.url } };
}

async function fillTexts(page: Page, label: string, texts: Record<Lang, string>) {
  const t = words('en');
  for (const l of ['en', 'fr', 'ar'] as const) {
    await page
      .getByLabel(pick(t, 'form.inLanguage', { label, language: pick(t, `languages.${l}`) }), { exact: true })
      .fill(texts[l]);
  }
}

test.afterAll(async ({ request }) => {
  if (!ownerToken) return;
  // The zone goes whatever happened: the other stories' totals are free again.
  const headers = { authorization: `Bearer ${ownerToken}` };
  const listed = await request.get('/api/v1/admin/shipping-zones', { headers });
  const zones = (await listed.json()).data.zones as { id: number; version: number; name: { en: string } }[];
  const zone = zones.find((z) => z.name.en === names.zone.en);
  if (!zone) return;
  const gone = await request.delete(`/api/v1/admin/shipping-zones/${zone.id}`, {
    headers,
    data: { version: zone.version },
  });
  expect(gone.ok(), await gone.text()).toBe(true);
});

test('the owner makes an Eid code and a UAE zone with an Express rate in the back office', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await signInOwner(page, page.request, 'journey-en');
  ownerToken = owner.token;
  caftan = await makeCaftan(page, page.request, owner.token);
  await page.setViewportSize({ width: 1280, height: 900 });
  const t = words('en');

  await openAdmin(page, '/admin/discounts', 'en');
  await page.getByTestId('discount-new').click();
  await page.getByLabel(pick(t, 'discounts.fields.code'), { exact: true }).fill(CODE);
  await page.getByLabel(pick(t, 'discounts.fields.kind'), { exact: true }).selectOption('percent');
  await page.getByLabel(pick(t, 'discounts.fields.percent'), { exact: true }).fill(String(PERCENT));
  await page.getByRole('button', { name: pick(t, 'discounts.save'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: CODE })).toHaveText(
    pick(t, 'discounts.saved', { code: CODE }),
  );

  await openAdmin(page, '/admin/shipping', 'en');
  await page.getByRole('button', { name: 'Add a zone' }).click();
  await fillTexts(page, 'Zone name', names.zone);
  await page.getByRole('checkbox', { name: 'United Arab Emirates' }).check();
  await fillTexts(page, pick(t, 'shipping.rateName', { n: 1 }), names.standard);
  await page.getByLabel('Price (AED, VAT included)').nth(0).fill(String(STANDARD));
  await page.getByLabel('Fastest delivery (business days)').nth(0).fill('2');
  await page.getByLabel('Slowest delivery (business days)').nth(0).fill('4');
  await page.getByRole('button', { name: 'Add a rate' }).click();
  await fillTexts(page, pick(t, 'shipping.rateName', { n: 2 }), names.express);
  await page.getByLabel('Price (AED, VAT included)').nth(1).fill(String(EXPRESS));
  await page.getByLabel('Fastest delivery (business days)').nth(1).fill('1');
  await page.getByLabel('Slowest delivery (business days)').nth(1).fill('1');
  await page.getByRole('button', { name: 'Create the zone' }).click();
  const zone = page.getByTestId('shipping-zone').filter({ hasText: names.zone.en });
  await expect(zone.getByRole('row', { name: /Express/ })).toContainText('AED\u00a045');

  // The shop answers the two rates for a Dubai address.
  const methods = await (await page.request.get('/api/v1/shipping-methods?country=AE')).json();
  expect(methods.data.zone.worldwide).toBe(false);
});

for (const { lang, width, dark } of setups) {
  test(`a shopper in Dubai buys the emerald caftan in M with the code and Express (${lang}, ${width} px${dark ? ', dark' : ''})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    expect(caftan, 'the caftan the owner made').toBeDefined();
    const made = caftan!;
    const cart = words(lang, 'cart');
    const sum = words(lang, 'checkout');
    const suffix = `${lang}${dark ? '-dark' : ''}`;
    const shop = new Shop(page);
    const product = new ProductPage(page);
    const account = await registerCustomer(
      request,
      newCustomer(lang === 'ar' ? 'سلمى بناني' : 'Salma Bennani'),
    );
    await signInQuickly(page, account);
    await page.setViewportSize({ width, height: 900 });

    // The page opens on bordeaux, its photo first; emerald brings the emerald photo first.
    await shop.open(`/product/${made.slug}`, { lang, dark });
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const main = page.locator('img[elementtiming="main-image"]');
    await expect(main).toHaveAttribute('src', made.pictures.bordeaux);
    await page.getByRole('radio', { name: EMERALD.name[lang], exact: true }).check();
    await expect(main).toHaveAttribute('src', made.pictures.emerald);
    await product.size('M').check();
    await expect(product.size('M')).toBeChecked();
    await shots(page, `product-emerald-${suffix}`);
    await product.addToCart.click();
    await expect(shop.cartBadge).toHaveText('1');

    // The code, applied in the cart (on a phone the field waits behind a link).
    await shop.open('/cart', { lang, dark });
    const body = page.getByRole('main');
    if (width < 600) await body.getByRole('button', { name: pick(cart, 'discount.toggle') }).click();
    await body.getByLabel(pick(cart, 'discount.label'), { exact: true }).fill(CODE.toLowerCase());
    await body.getByRole('button', { name: pick(cart, 'discount.apply'), exact: true }).click();
    await expect(body.getByTestId('discount-chip')).toContainText(CODE);
    const subtotal = PRICE * 100;
    const off = Math.round((subtotal * PERCENT) / 100);
    expect(fils(await page.getByTestId('cart-page-discount').innerText())).toBe(off);
    await page.getByRole('link', { name: pick(cart, 'checkout'), exact: true }).click();

    // Step 1, a Dubai address; step 2, Express rather than the cheaper Standard.
    const checkout = new CheckoutPage(page, lang);
    await checkout.fillAddress(account.email);
    await expect(checkout.field('City', 'المدينة')).toHaveValue('Dubai');
    await checkout.continueToPayment.click();
    const rates = page.getByTestId('shipping-options');
    await expect(rates.getByRole('radio', { name: new RegExp(names.standard[lang]) })).toBeChecked();
    await rates.getByRole('radio', { name: new RegExp(names.express[lang]) }).check();

    // The amounts shown (the summary beside the form at 1280 px, the list inside the form on a phone) add up:
    // subtotal − discount + shipping.
    const summary = page
      .locator('dl')
      .filter({ has: page.getByTestId('checkout-total') })
      .filter({ visible: true })
      .first();
    const subtotalText = summary
      .locator(':scope > div')
      .filter({ hasText: pick(sum, 'summary.subtotal_one', { count: 1 }) })
      .locator('dd');
    await expect(summary.getByTestId('checkout-shipping')).toHaveText(
      new RegExp(EXPRESS.toLocaleString('en-US')),
    );
    await expect(summary.getByTestId('checkout-discount')).toBeVisible();
    const shown = {
      subtotal: fils(await subtotalText.innerText()),
      discount: fils(await summary.getByTestId('checkout-discount').innerText()),
      shipping: fils(await summary.getByTestId('checkout-shipping').innerText()),
      total: fils(await summary.getByTestId('checkout-total').innerText()),
    };
    expect(shown).toEqual({
      subtotal,
      discount: off,
      shipping: EXPRESS * 100,
      total: shown.subtotal - shown.discount + shown.shipping,
    });
    expect(shown.total).toBe(subtotal - off + EXPRESS * 100);
    await expect(summary.getByText(CODE, { exact: true })).toBeVisible();
    // The line shows the emerald photo (a smaller rendition of it), not the bordeaux one leading the product.
    // (Beside the form at 1280 px; on a phone behind "Show order summary", opened here.)
    if (width < 600) await page.getByText(pick(sum, 'summary.show'), { exact: true }).click();
    const pieces =
      width < 600
        ? page.getByRole('group').filter({ hasText: pick(sum, 'summary.show') })
        : page.getByRole('complementary');
    await expect(pieces.locator('img')).toHaveAttribute('src', renditionOf(made.pictures.emerald));
    await expect(checkout.payButton).toBeEnabled();
    await shots(page, `checkout-step2-${suffix}`);
    await fitsAPhone(page);

    await checkout.payByCard('4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/order-confirmation$/);
    expect(fils(await page.getByTestId('confirmation-discount').innerText())).toBe(off);
    expect(fils(await page.getByTestId('confirmation-total').innerText())).toBe(shown.total);
    await expect(page.getByTestId('confirmation-delivery')).toContainText(names.express[lang]);

    // The order keeps the server's figures, and its invoice names the code and Express.
    const token = await tokenFor(request, account);
    const res = await request.get('/api/v1/orders/my-orders', {
      headers: { authorization: `Bearer ${token}` },
    });
    const [order] = (await res.json()).data.orders as {
      id: number;
      shipping_amount: string;
      total_amount: string;
    }[];
    expect(order?.shipping_amount).toBe(`${EXPRESS}.00`);
    expect(Math.round(Number(order?.total_amount) * 100)).toBe(shown.total);
    await shop.open(`/account/orders/${order!.id}/invoice`, { lang, dark });
    const sheet = page.getByTestId('invoice');
    await expect(sheet.getByText(` · ${names.express[lang]}`)).toBeVisible();
    expect(fils(await sheet.getByTestId('invoice-shipping').innerText())).toBe(EXPRESS * 100);
    expect(fils(await sheet.getByTestId('invoice-discount').innerText())).toBe(off);
    await expect(sheet.locator('bdi', { hasText: CODE })).toBeVisible();
    expect(fils(await sheet.getByTestId('invoice-total').innerText())).toBe(shown.total);
  });
}
