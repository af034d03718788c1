import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { addressIn, test, expect } from '../fixtures/shop';
import { DESKTOP, LOOKS, PHONE, SCREENS, box, leftOf, overlap, screens } from '../fixtures/layout';
import { registerCustomer, signInQuickly } from '../fixtures/accounts';
import {
  ADDRESS,
  buyThroughApi,
  fillServerCart,
  firstPieceInStock,
  piecesInStock,
  tokenFor,
} from '../fixtures/checkout';

/** The floating button (not the product page's own "Order on WhatsApp" link). */
const floatingWhatsapp = (page: Page) =>
  page.getByRole('link', {
    name: /^(Chat with us on WhatsApp|Discutez avec nous sur WhatsApp|تحدث معنا عبر واتساب)$/,
  });

test.describe('storefront defects seen on phones and in Arabic', () => {
  test('an address typed in Latin letters reads in order on Arabic pages: saved addresses and order details', async ({
    page,
    request,
    shop,
  }) => {
    const customer = await registerCustomer(request);
    const piece = await firstPieceInStock(request);
    await buyThroughApi(request, customer, piece);
    const token = await tokenFor(request, customer);
    const saved = await request.post('/api/v1/account/addresses', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...ADDRESS, email: customer.email, country: 'AE' },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await signInQuickly(page, customer);

    await shop.open('/account/addresses', { lang: 'ar', dark: true });
    const card = page.getByTestId('address-card');
    await expect(card).toContainText(ADDRESS.address);
    expect(await leftOf(card, '12')).toBeLessThan(await leftOf(card, 'Al Wasl'));
    await screens(page, 'bidi-addresses-ar-dark');

    await shop.open('/account/orders', { lang: 'ar', dark: true });
    await page
      .getByTestId('order-card')
      .getByRole('button', { name: /عرض التفاصيل/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(ADDRESS.address);
    // "12 Al Wasl Road, Villa 4", not "Al Wasl Road, Villa 4 12"; the e-mail address from its start.
    expect(await leftOf(dialog, '12')).toBeLessThan(await leftOf(dialog, 'Al Wasl'));
    expect(await leftOf(dialog, 'salma.')).toBeLessThan(await leftOf(dialog, '@example.ae'));
    await screens(page, 'bidi-order-ar-dark');
  });

  for (const { lang, dark } of LOOKS) {
    test(`the floating WhatsApp button covers no product title, form or text (${lang})`, async ({
      page,
      request,
      shop,
    }) => {
      const piece = await firstPieceInStock(request);
      await page.setViewportSize(PHONE);

      // Pages with a title and buttons across the phone, or a form: no floating button.
      for (const path of [`/product/${piece.slug}`, '/account/register', '/account/login']) {
        await shop.open(path, { lang, dark });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(floatingWhatsapp(page), path).toHaveCount(0);
      }

      // Elsewhere it stays, small, in the corner at the end of the reading direction.
      await shop.open('/', { lang, dark });
      const button = await box(floatingWhatsapp(page));
      expect(button.width).toBeLessThanOrEqual(48);
      if (lang === 'ar') expect(button.x + button.width).toBeLessThan(PHONE.width / 2);
      else expect(button.x).toBeGreaterThan(PHONE.width / 2);
      await screens(page, `whatsapp-home-${lang}${dark ? '-dark' : ''}`);
      await shop.open(`/product/${piece.slug}`, { lang, dark });
      await screens(page, `whatsapp-product-${lang}${dark ? '-dark' : ''}`);
    });

    test(`testimonial arrows leave the quote alone, the hero headline the garment (${lang})`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(PHONE);
      await shop.open('/', { lang, dark });
      const carousel = page.locator('section[aria-roledescription="carousel"]').filter({
        has: page.locator('blockquote'),
      });
      await carousel.scrollIntoViewIfNeeded();
      const quote = await box(carousel.locator('blockquote').first());
      const arrows = carousel.getByRole('button');
      await expect(arrows).toHaveCount(2);
      for (const arrow of await arrows.all()) expect(overlap(await box(arrow), quote)).toBe(false);
      await page.screenshot({ path: join(SCREENS, `testimonials-${lang}${dark ? '-dark' : ''}-390.png`) });

      // The garment stands in the poster's right half (left in Arabic, where the picture is mirrored).
      await page.setViewportSize(DESKTOP);
      await page.evaluate(() => window.scrollTo(0, 0));
      const poster = page.locator('#hero-title').locator('xpath=ancestor::section[1]').locator('img');
      const frame = await box(poster);
      const natural = await poster.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
      const [nw = 1, nh = 1] = natural;
      const scale = Math.max(frame.width / nw, frame.height / nh);
      const shownWidth = nw * scale;
      const offset = (frame.width - shownWidth) / 2;
      const [from, to] = lang === 'ar' ? [1 - 0.87, 1 - 0.53] : [0.53, 0.87];
      const garment = {
        x: frame.x + offset + from * shownWidth,
        width: (to - from) * shownWidth,
        y: frame.y + (frame.height - nh * scale) / 2 + 0.08 * nh * scale,
        height: 0.9 * nh * scale,
      };
      expect(overlap(await box(page.locator('#hero-title')), garment)).toBe(false);
      await page.screenshot({ path: join(SCREENS, `hero-${lang}${dark ? '-dark' : ''}-1280.png`) });
    });
  }

  test('the French top bar keeps to one line and the globe icon to its size', async ({ page, shop }) => {
    await page.setViewportSize(PHONE);
    await shop.open('/', { lang: 'fr' });
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      const shipping = page
        .locator('p')
        .filter({ hasText: /Livraison (dans le monde entier|partout)/ })
        .first();
      expect((await box(shipping)).height).toBeLessThanOrEqual(36);
      const globe = await box(page.locator('label:has(#topbar-language) svg'));
      expect(globe.width).toBeGreaterThanOrEqual(15.5);
      await page.screenshot({ path: join(SCREENS, `topbar-fr-${size.width}.png`) });
    }
  });

  for (const { lang, dark } of LOOKS) {
    test(`checkout starts from the signed-in shopper's name and e-mail; the header shows who it is (${lang})`, async ({
      page,
      request,
      shop,
    }) => {
      const customer = await registerCustomer(request);
      const pieces = await piecesInStock(request, 1);
      await fillServerCart(request, customer, pieces);
      await signInQuickly(page, customer);
      await shop.open('/checkout', { lang, dark });
      const [name, email] =
        lang === 'ar' ? ['الاسم الكامل', 'البريد الإلكتروني'] : ['Full name', 'Email address'];
      await expect(page.getByLabel(name, { exact: true })).toHaveValue(customer.name);
      await expect(page.getByLabel(email, { exact: true })).toHaveValue(customer.email);
      const account = page.getByRole('link', {
        name: lang === 'ar' ? 'حساب Salma' : 'Salma’s account',
      });
      await expect(account).toHaveText('S');
      // The legal pages are one click away, in a new tab that keeps the form.
      for (const path of ['/terms', '/returns', '/privacy'])
        await expect(page.locator(`main form a[href="${addressIn(lang, path)}"]`)).toHaveAttribute(
          'target',
          '_blank',
        );
      await screens(page, `checkout-prefilled-${lang}${dark ? '-dark' : ''}`);
    });

    test(`an order's status reads alike in its badge and its tracker, in the shopper's words (${lang})`, async ({
      page,
      request,
      shop,
    }) => {
      const customer = await registerCustomer(request);
      const piece = await firstPieceInStock(request);
      await buyThroughApi(request, customer, piece);
      await signInQuickly(page, customer);
      await shop.open('/account/orders', { lang, dark });
      const received = lang === 'ar' ? 'تم استلام الطلب' : 'Order received';
      const card = page.getByTestId('order-card');
      await expect(card).toContainText(received);
      await expect(page.getByText(/Unfulfilled|قيد الانتظار/)).toHaveCount(0);
      await card.getByRole('button', { name: lang === 'ar' ? /عرض التفاصيل/ : /View details/ }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('li[aria-current="step"]')).toHaveText(received);
      await expect(dialog.getByText(received, { exact: true })).toHaveCount(2);
      await screens(page, `order-status-${lang}${dark ? '-dark' : ''}`);
    });
  }

  test('the not-found page shows the best sellers it promises', async ({ page, shop }) => {
    for (const { lang, dark } of LOOKS) {
      await shop.open('/no-such-page', { lang, dark });
      const cards = page.getByRole('main').getByTestId('product-card');
      await expect(cards.first()).toBeVisible();
      expect(await cards.count()).toBeGreaterThanOrEqual(1);
      await expect(cards.first().getByRole('link')).toHaveAttribute(
        'href',
        new RegExp(`^${addressIn(lang, '/product/')}`),
      );
      await screens(page, `not-found-${lang}${dark ? '-dark' : ''}`);
    }
  });

  test('only pieces from the last 30 days say NEW', async ({ page, request, shop }) => {
    const res = await request.get('/api/v1/products?per_page=48');
    const { data } = (await res.json()).data.products as { data: { slug: string; created_at: string }[] };
    const recent = new Set(
      data.filter((p) => Date.now() - Date.parse(p.created_at) < 30 * 86_400_000).map((p) => p.slug),
    );
    await shop.open('/');
    const cards = page.getByRole('main').getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    let sayNew = 0;
    const total = await cards.count();
    for (const card of await cards.all()) {
      const href = (await card.getByRole('link').first().getAttribute('href')) ?? '';
      const slug = href.replace('/product/', '');
      const isNew = (await card.getByText('New', { exact: true }).count()) > 0;
      if (isNew) sayNew += 1;
      if (isNew) expect(recent.has(slug), slug).toBe(true);
    }
    // The newest shelf is the newest pieces, not a wall of NEW badges.
    expect(sayNew).toBeLessThanOrEqual(total / 2);
  });

  test('filter checkboxes and the sort select wear the shop’s look', async ({ page, shop }) => {
    for (const { lang, dark } of LOOKS) {
      await page.setViewportSize(DESKTOP);
      await shop.open('/collection/caftan', { lang, dark });
      const checkbox = page.getByRole('checkbox').first();
      await expect(checkbox).toBeVisible();
      expect(await checkbox.evaluate((el) => getComputedStyle(el).appearance)).toBe('none');
      const sort = page.getByRole('combobox').first();
      expect(await sort.evaluate((el) => getComputedStyle(el).appearance)).toBe('none');
      await checkbox.click();
      await expect(checkbox).toBeChecked();
      await screens(page, `filters-${lang}${dark ? '-dark' : ''}`);
    }
  });

  test('a product page carries one JSON-LD, its own, however the shopper got there', async ({
    page,
    request,
    shop,
  }) => {
    const jsonLd = async () =>
      page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((nodes) =>
          nodes.map((n) => JSON.parse(n.textContent ?? '{}') as { '@type': string; name?: string }),
        );
    const first = await firstPieceInStock(request);

    // Landing on it: the server's block gives way to the page's own.
    await shop.open(`/product/${first.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    expect(await jsonLd()).toEqual([expect.objectContaining({ '@type': 'Product', name: first.name })]);

    // Home, then two pieces through the storefront's own links (whichever the home page shows today).
    await shop.open('/');
    const shown = await page
      .getByRole('main')
      .locator('a[href^="/product/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')))]);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const [i, href] of shown.slice(0, 2).entries()) {
      if (i > 0) {
        await page.goBack();
        await expect(page.locator('#hero-title')).toBeVisible();
      }
      await page.getByRole('main').locator(`a[href="${href}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      // The page's name from the API: the heading still shows the home page's until the product page renders.
      const answer = (await (
        await request.get(`/api/v1/products/slug/${href!.split('/').pop()}`)
      ).json()) as {
        data: { product: { name: { en: string } } };
      };
      const name = answer.data.product.name.en;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect.poll(jsonLd).toEqual([expect.objectContaining({ '@type': 'Product', name })]);
    }
  });
});

test.describe('legal pages', () => {
  const PAGES = {
    en: { Terms: 'Terms of sale', Returns: 'Returns and refunds', Privacy: 'Privacy' },
    fr: { Terms: 'Conditions de vente', Returns: 'Retours et remboursements', Privacy: 'Confidentialité' },
    ar: { Terms: 'شروط البيع', Returns: 'الإرجاع والاسترداد', Privacy: 'الخصوصية' },
  } as const;

  for (const lang of ['en', 'fr', 'ar'] as const) {
    test(`terms, returns and privacy are a footer link away, with the shop's own details (${lang})`, async ({
      page,
      shop,
    }) => {
      const dark = lang === 'ar';
      await shop.open('/faq', { lang, dark });
      for (const [key, label] of Object.entries(PAGES[lang])) {
        await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/${key.toLowerCase()}$`));
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
        // The seller from the configuration: name, address, e-mail.
        await expect(main.getByText('Dar Lalla', { exact: true })).toBeVisible();
        await expect(main.getByText('Alserkal Avenue, Al Quoz 1, Dubai, United Arab Emirates')).toBeVisible();
        await expect(main.getByRole('link', { name: 'hello@darlalla.ae' })).toHaveAttribute(
          'href',
          'mailto:hello@darlalla.ae',
        );
        expect(await main.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
        if (lang !== 'fr') await screens(page, `legal-${key.toLowerCase()}-${lang}${dark ? '-dark' : ''}`);
      }
    });
  }

  test('the sitemap lists them', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of ['/terms', '/privacy', '/returns']) expect(sitemap).toContain(`${path}</loc>`);
  });
});
