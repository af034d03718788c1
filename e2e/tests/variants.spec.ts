import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, snap } from '../fixtures/shop';
import { exact, fitsAPhone, openAdmin, pick, signInOwner, words, type Lang } from '../fixtures/back-office';

/**
 * Pieces per colour × size (DESIGN 17, Variants). Each story makes its own caftan through the back office's API:
 * emerald M 2, L none; bordeaux M 4, L 3; one photo of each colour. L is sold out in emerald only.
 */
const EMERALD = { value: '#1f6b4f', name: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' } };
const BORDEAUX = { value: '#6d1a2b', name: { en: 'Bordeaux', fr: 'Bordeaux', ar: 'عنابي' } };

/** A plain photo of one colour, as the camera of a phone would send it. */
async function photoOf(page: Page, hex: string, name: string) {
  await page.setViewportSize({ width: 600, height: 800 });
  await page.setContent(`<body style="margin:0;background:${hex};width:600px;height:800px"></body>`);
  return { name, mimeType: 'image/jpeg', buffer: await page.screenshot({ type: 'jpeg', quality: 80 }) };
}

/** The grid alone, 390 and 1280 px wide, for a person to read (a full page is too long to read it in). */
async function snapPart(page: Page, part: Locator, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await part.scrollIntoViewIfNeeded();
    await part.screenshot({ path: join(dir, `${name}-${width}.png`) });
  }
  if (size) await page.setViewportSize(size);
}

interface Made {
  id: number;
  slug: string;
  keys: { emerald: string; bordeaux: string };
  pictures: { emerald: string; bordeaux: string };
}

/** Emerald M 2, L none; bordeaux M 4, L 3 (a story may give its own counts). */
const PIECES = [
  { color_value: EMERALD.value, size: 'M', stock: 2 },
  { color_value: BORDEAUX.value, size: 'M', stock: 4 },
  { color_value: BORDEAUX.value, size: 'L', stock: 3 },
];

async function makeCaftan(
  page: Page,
  request: APIRequestContext,
  token: string,
  lang: Lang,
  variants = PIECES,
): Promise<Made> {
  const headers = { authorization: `Bearer ${token}` };
  const run = `${Date.now().toString(36)}${lang}`;
  const created = await request.post('/api/v1/admin/products', {
    headers,
    data: {
      category: 'caftan',
      name: { en: `Yasmine caftan ${run}`, fr: `Caftan Yasmine ${run}`, ar: `قفطان ياسمين ${run}` },
      description: { en: 'Silk crepe.', fr: 'Crêpe de soie.', ar: 'كريب حريري.' },
      price: '1650',
      colors: [EMERALD, BORDEAUX],
      sizes: [{ name: 'M' }, { name: 'L' }],
      variants,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()).data.product as {
    id: number;
    slug: string;
    colors: { key: string; value: string }[];
  };
  const keyOf = (hex: string) => product.colors.find((c) => c.value === hex)!.key;
  const keys = { emerald: keyOf(EMERALD.value), bordeaux: keyOf(BORDEAUX.value) };

  // The emerald photo first, the bordeaux one second; each then names its colour.
  let version = 0;
  const urls: string[] = [];
  const ids: number[] = [];
  for (const [hex, file] of [
    [EMERALD.value, 'emerald.jpg'],
    [BORDEAUX.value, 'bordeaux.jpg'],
  ] as const) {
    const upload = await request.post(`/api/v1/admin/products/${product.id}/images`, {
      headers,
      multipart: { file: await photoOf(page, hex, file) },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const body = (await upload.json()).data as { image: { id: number; url: string }; version: number };
    ids.push(body.image.id);
    urls.push(body.image.url);
    version = body.version;
  }
  for (const [i, color] of [keys.emerald, keys.bordeaux].entries()) {
    const named = await request.patch(`/api/v1/admin/products/${product.id}/images/${ids[i]}`, {
      headers,
      data: { color, version },
    });
    expect(named.status(), await named.text()).toBe(200);
    version = (await named.json()).data.version as number;
  }
  return {
    id: product.id,
    slug: product.slug,
    keys,
    pictures: { emerald: urls[0]!, bordeaux: urls[1]! },
  };
}

for (const lang of ['en', 'ar'] as const) {
  const p = words(lang, 'product');
  const a = words(lang, 'admin');
  const w = (path: string, values?: Record<string, string | number>) => pick(p, path, values);
  const wa = (path: string, values?: Record<string, string | number>) => pick(a, path, values);
  const dark = lang === 'ar';
  const emerald = EMERALD.name[lang];
  const bordeaux = BORDEAUX.name[lang];

  test(`${lang}: a colour shows its photo first and only its sizes with pieces; the owner counts a new size per colour`, async ({
    page,
    shop,
    product,
  }) => {
    test.setTimeout(240_000);
    const owner = await signInOwner(page, page.request, `variants-${lang}`);
    const made = await makeCaftan(page, page.request, owner.token, lang);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The page starts on emerald: its photo first, L sold out in emerald only, the two M left said.
    await shop.open(`/product/${made.slug}`, { lang, dark });
    const main = page.locator('img[elementtiming="main-image"]');
    await expect(main).toHaveAttribute('src', made.pictures.emerald);
    const soldOutL = page.getByRole('radio', {
      name: `L (${w('soldOutInColor', { color: emerald })})`,
      exact: true,
    });
    await expect(soldOutL).toBeDisabled();
    await expect(page.getByTestId('stock-left')).toHaveText(
      w(lang === 'ar' ? 'onlyLeftInColor_two' : 'onlyLeftInColor_other', {
        count: 2,
        color: emerald,
        size: 'M',
      }),
    );
    await snap(page, `product-emerald-${lang}${dark ? '-dark' : ''}`);
    // The first picture keeps its frame: choosing a colour moves nothing below it.
    const before = await page.getByRole('heading', { level: 1 }).boundingBox();

    // Bordeaux: its photo comes first, and L can be chosen.
    await page.getByRole('radio', { name: bordeaux, exact: true }).check();
    await expect(main).toHaveAttribute('src', made.pictures.bordeaux);
    const sizeL = product.size('L');
    await expect(sizeL).toBeEnabled();
    await sizeL.check();
    await expect(sizeL).toBeChecked();
    expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(before);
    await snap(page, `product-colour-${lang}${dark ? '-dark' : ''}`);

    // Back on emerald, L is sold out again and the size falls back to the one it has.
    await page.getByRole('radio', { name: emerald, exact: true }).check();
    await expect(main).toHaveAttribute('src', made.pictures.emerald);
    await expect(soldOutL).toBeDisabled();
    await expect(product.size('M')).toBeChecked();
    await fitsAPhone(page);

    // The owner adds XL: the grid takes a first count for each colour's XL; the counted cells stay counts.
    await openAdmin(page, `/admin/products/${made.id}`, lang, dark);
    const grid = page.getByRole('table', { name: wa('form.stockGrid') });
    await expect(grid).toBeVisible();
    await expect(page.getByLabel(wa('form.stockOfVariant', { color: bordeaux, size: 'M' }))).toHaveCount(0);
    await page.getByRole('checkbox', { name: wa('form.size', { size: 'XL' }) }).check();
    // On a phone the grid scrolls within itself: the page does not.
    await fitsAPhone(page);
    await page
      .getByLabel(wa('form.stockOfVariant', { color: bordeaux, size: 'XL' }), { exact: true })
      .fill('5');
    await snap(page, `admin-grid-${lang}${dark ? '-dark' : ''}`);
    await snapPart(
      page,
      grid.locator('xpath=ancestor::fieldset[1]'),
      `admin-grid-part-${lang}${dark ? '-dark' : ''}`,
    );
    await page.getByRole('button', { name: wa('form.save') }).click();
    await expect(page.locator('.adm-sticky-actions').getByRole('status')).toHaveText(wa('form.saved'));
    // Saved, the cell is a count: 5 bordeaux XL, none in emerald.
    await expect(grid.getByTestId('grid-1-XL')).toHaveText('5');
    await expect(grid.getByTestId('grid-0-XL')).toHaveText('0');
    const stock = page.getByRole('region', { name: wa('stock.title') });
    await expect(
      stock
        .getByRole('row')
        .filter({ hasText: bordeaux })
        .filter({ has: page.getByText(exact('XL')) }),
    ).toContainText('5');

    // The shop now sells bordeaux XL, and not emerald XL.
    await shop.open(`/product/${made.slug}`, { lang, dark });
    await page.getByRole('radio', { name: bordeaux, exact: true }).check();
    await expect(product.size('XL')).toBeEnabled();
    await page.getByRole('radio', { name: emerald, exact: true }).check();
    await expect(
      page.getByRole('radio', { name: `XL (${w('soldOutInColor', { color: emerald })})`, exact: true }),
    ).toBeDisabled();
  });

  test(`${lang}: a chosen colour's pictures lead the gallery, the address keeps it, and a shared link is served on it`, async ({
    page,
    shop,
  }) => {
    test.setTimeout(120_000);
    const owner = await signInOwner(page, page.request, `colour-link-${lang}`);
    const made = await makeCaftan(page, page.request, owner.token, lang);
    // English on a desktop (thumbnails), Arabic on a phone (a swipe).
    const phone = lang === 'ar';
    await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1280, height: 900 });
    await shop.open(`/product/${made.slug}`, { lang, dark });
    const main = page.locator('img[elementtiming="main-image"]');
    const order = () =>
      Promise.all(
        [1, 2].map((index) =>
          page
            .getByRole('button', { name: w('gallery.show', { index, count: 2 }) })
            .locator('img')
            .getAttribute('src'),
        ),
      );
    await expect(main).toHaveAttribute('src', made.pictures.emerald);
    expect(await order()).toEqual([made.pictures.emerald, made.pictures.bordeaux]);

    // Bordeaux: its picture first, in the main frame and the thumbnails; the address names it.
    await page.getByRole('radio', { name: bordeaux, exact: true }).check();
    await expect(main).toHaveAttribute('src', made.pictures.bordeaux);
    expect(await order()).toEqual([made.pictures.bordeaux, made.pictures.emerald]);
    await expect(page).toHaveURL(new RegExp(`[?&]color=${made.keys.bordeaux}(&|$)`));
    if (phone) {
      // A swipe towards the start of the line (rightwards in Arabic) brings the next picture: emerald's.
      const name = await page.getByRole('heading', { level: 1 }).innerText();
      const opener = page.getByRole('button', { name: w('viewer.open', { name }) });
      const frame = opener.locator('xpath=..');
      const at = await frame.boundingBox();
      if (!at) throw new Error('no main picture');
      const y = at.y + at.height / 2;
      for (const [type, x] of [
        ['pointerdown', at.x + 60],
        ['pointerup', at.x + at.width - 60],
      ] as const)
        await frame.dispatchEvent(type, {
          pointerType: 'touch',
          pointerId: 1,
          isPrimary: true,
          clientX: x,
          clientY: y,
        });
      await expect(opener.locator('img')).toHaveAttribute('src', made.pictures.emerald);
    }

    // The shared link: the server's own page already shows bordeaux's picture (and preloads it), before any script.
    const link = page.url();
    const html = await (await page.request.get(link)).text();
    const served = /<img[^>]*elementtiming="main-image"[^>]*>/.exec(html)?.[0] ?? '';
    expect(served).toContain(`src="${made.pictures.bordeaux}"`);
    expect(html).toMatch(new RegExp(`<link[^>]*rel="preload"[^>]*href="${made.pictures.bordeaux}"`));
    const radio = new RegExp(`<input[^>]*value="${made.keys.bordeaux}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(radio).toContain('checked');

    // Opened in a browser, the link stays on bordeaux once the app takes over.
    await shop.open(link.replace(/^https?:\/\/[^/]+/, '').replace(/^\/(fr|ar)(?=\/)/, ''), { lang, dark });
    await expect(main).toHaveAttribute('src', made.pictures.bordeaux);
    await expect(page.getByRole('radio', { name: bordeaux, exact: true })).toBeChecked();
  });

  test(`${lang} at 390 px: on a colour sold out, the bar asks to be told when it is back and brings the form`, async ({
    page,
    shop,
  }) => {
    test.setTimeout(120_000);
    const owner = await signInOwner(page, page.request, `colour-bar-${lang}`);
    // Emerald has no piece at all: only bordeaux is for sale.
    const made = await makeCaftan(page, page.request, owner.token, lang, [
      { color_value: BORDEAUX.value, size: 'M', stock: 4 },
    ]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shop.open(`/product/${made.slug}?color=${made.keys.emerald}`, { lang, dark });
    await expect(page.getByRole('radio', { name: new RegExp(`^${emerald}`) })).toBeChecked();
    const form = page.getByRole('form', { name: w('backInStock.title') });
    await expect(form).toBeAttached();
    const bar = page.getByRole('complementary', { name: w('buyBar.label') });
    const cod = page.getByText(w('whatsapp.note'));
    const { y, height } = (await cod.boundingBox())!;
    await page.evaluate((by) => window.scrollBy({ top: by, behavior: 'instant' }), y + height + 200);
    await expect(bar).toBeVisible();
    // Not "Add to cart": there is nothing to add in emerald.
    await expect(bar.getByRole('button', { name: w('addToCart') })).toHaveCount(0);
    await bar.getByRole('button', { name: w('backInStock.title') }).click();
    const email = form.getByLabel(w('backInStock.email'));
    await expect(email).toBeFocused();
    await expect(email).toBeInViewport();
    await email.fill(`bar.${Date.now()}@example.ae`);
    await form.getByRole('button', { name: w('backInStock.submit') }).click();
    await expect(form.getByRole('status')).toHaveText(w('backInStock.done', { size: 'M' }));
  });
}
