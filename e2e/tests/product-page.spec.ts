import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures/shop';
import { DESKTOP, LOOKS, PHONE, SCREENS, box, overlap, screens } from '../fixtures/layout';
import { seriousViolations } from '../fixtures/axe';
import { firstPieceInStock } from '../fixtures/checkout';
import { pick, words } from '../fixtures/back-office';

/**
 * The product page (issue 36, part 4): the bag that follows a phone down the page, and the fabric up close. The
 * pictures per colour and the bar on a sold-out colour are the back office's stories (variants.spec.ts): they
 * make a caftan of their own.
 */

/** A finger on the screen: pointer events of a touch, as a phone sends them. */
async function touch(
  target: Locator,
  type: 'pointerdown' | 'pointermove' | 'pointerup',
  x: number,
  y: number,
  id = 1,
) {
  await target.dispatchEvent(type, {
    pointerType: 'touch',
    pointerId: id,
    isPrimary: id === 1,
    clientX: x,
    clientY: y,
    bubbles: true,
  });
}

/** How many pictures the product has (every colour's): the viewer and the gallery count them all. */
async function pictureCount(request: APIRequestContext, slug: string): Promise<number> {
  const res = await request.get(`/api/v1/products/slug/${slug}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { product: { images: unknown[] } } }).data.product.images.length;
}

/** Scrolls the page until `target` is just above the top of the screen. */
async function scrollPast(page: Page, target: Locator) {
  const { y, height } = await box(target);
  await page.evaluate((by) => window.scrollBy({ top: by, behavior: 'instant' }), y + height + 40);
}

/** The widest rendition a picture's srcset names: what the viewer must show. */
const largestOf = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => {
    const entries = el.srcset.split(',').map((e) => e.trim().split(/\s+/));
    return (
      entries.sort((a, b) => Number.parseInt(b[1] ?? '0') - Number.parseInt(a[1] ?? '0'))[0]?.[0] ?? el.src
    );
  });

for (const { lang, dark } of LOOKS) {
  const w = (path: string, values?: Record<string, string | number>) =>
    pick(words(lang, 'product'), path, values);
  const look = `${lang}${dark ? '-dark' : ''}`;

  test(`${lang} at 390 px: the bag's bar shows once Add to cart has scrolled by, leaves the footer room and adds the piece`, async ({
    page,
    request,
    shop,
  }) => {
    const piece = await firstPieceInStock(request);
    await page.setViewportSize(PHONE);
    await shop.open(`/product/${piece.slug}`, { lang, dark });
    const bar = page.getByRole('complementary', { name: w('buyBar.label') });
    const name = await page.getByRole('heading', { level: 1 }).innerText();
    // The buy box's own button (the bar's comes after it in the page).
    const boxAdd = page.getByRole('button', { name: w('addToCart'), exact: true }).first();
    const size = await page.locator('input[name="size"]:checked').inputValue();

    // Above the buy box, and with it in view: no bar.
    await expect(bar).toBeHidden();
    await boxAdd.scrollIntoViewIfNeeded();
    await expect(boxAdd).toBeInViewport();
    await expect(bar).toBeHidden();

    // Past it: the bar, at the bottom of the screen, with the piece's name, price and choice.
    await scrollPast(page, boxAdd);
    await expect(boxAdd).not.toBeInViewport();
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(name);
    await expect(bar).toContainText(w('buyBar.size', { size }));
    // Once slid in, at the foot of the screen, across it.
    await expect
      .poll(async () => Math.round((await box(bar)).y + (await box(bar)).height))
      .toBe(PHONE.height);
    expect((await box(bar)).width).toBe(PHONE.width);
    const barAdd = bar.getByRole('button', { name: w('addToCart') });
    expect((await box(barAdd)).height).toBeGreaterThanOrEqual(44);
    // Nothing floats over it (the floating WhatsApp button stays off this page): its button is what a tap meets.
    const tapped = await barAdd.evaluate((button) => {
      const { x, y, width, height } = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    });
    expect(tapped).toBe(true);

    // At the end of the page the footer's last line sits above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toBeVisible();
    const footer = page.locator('footer').last();
    const lastLine = await footer.evaluate((el) => {
      const texts = [...el.querySelectorAll('a, p, small, span')].filter(
        (e) => e.getBoundingClientRect().height > 0,
      );
      return Math.max(...texts.map((e) => e.getBoundingClientRect().bottom));
    });
    expect(lastLine).toBeLessThanOrEqual((await box(bar)).y);

    // The bar's Add puts the chosen piece in the bag.
    await page.evaluate(() => window.scrollTo(0, 0));
    await scrollPast(page, boxAdd);
    await bar.getByRole('button', { name: w('addToCart') }).click();
    await expect(shop.cartBadge).toHaveText('1');
    await page.keyboard.press('Escape');

    // Back up to the buy box: the bar goes.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeHidden();

    // A desktop keeps the buy box beside the pictures: no bar at all.
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toHaveCount(0);
  });

  test(`${lang}: the main picture opens the fabric up close, zooms, moves between pictures and closes by keyboard`, async ({
    page,
    request,
    shop,
  }) => {
    const piece = await firstPieceInStock(request);
    await page.setViewportSize(DESKTOP);
    const count = await pictureCount(request, piece.slug);
    await shop.open(`/product/${piece.slug}`, { lang, dark });
    const name = await page.getByRole('heading', { level: 1 }).innerText();
    const opener = page.getByRole('button', { name: w('viewer.open', { name }) });
    const largest = await largestOf(opener.locator('img'));

    await opener.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: w('viewer.title', { name }) });
    await expect(viewer).toBeVisible();
    const picture = viewer.getByRole('img');
    // At the largest size the picture pipeline made, not the page's.
    await expect(picture).toHaveAttribute('src', largest);
    expect(await axeOf(page, lang)).toEqual([]);

    // The arrow that points forward in the reading direction moves forward.
    await expect(viewer.getByText(`1 / ${count}`)).toBeVisible();
    await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await expect(viewer.getByText(`2 / ${count}`)).toBeVisible();
    await page.keyboard.press(lang === 'ar' ? 'ArrowRight' : 'ArrowLeft');
    await expect(viewer.getByText(`1 / ${count}`)).toBeVisible();

    // Zoomed with the + button (and back with −), or with a click on the picture.
    const stage = page.getByTestId('picture-viewer-stage');
    const zoomIn = viewer.getByRole('button', { name: w('viewer.zoomIn') });
    const zoomOut = viewer.getByRole('button', { name: w('viewer.zoomOut') });
    await expect(zoomOut).toBeDisabled();
    const before = await box(picture);
    await zoomIn.click();
    await expect(stage).toHaveAttribute('data-zoomed', 'true');
    await expect.poll(async () => (await box(picture)).width).toBeGreaterThan(before.width * 1.4);
    await zoomOut.click();
    await expect(stage).not.toHaveAttribute('data-zoomed');
    await stage.click();
    await expect(stage).toHaveAttribute('data-zoomed', 'true');
    // A zoomed picture pans under the mouse.
    const zoomed = await box(picture);
    await page.mouse.move(zoomed.x + zoomed.width / 2, zoomed.y + zoomed.height / 2);
    await page.mouse.down();
    await page.mouse.move(zoomed.x + zoomed.width / 2 + 120, zoomed.y + zoomed.height / 2 + 60, { steps: 5 });
    await page.mouse.up();
    expect((await box(picture)).x).toBeGreaterThan(zoomed.x + 60);
    await screens(page, `product-viewer-${look}`);
    await page.setViewportSize(DESKTOP);

    // Focus stays inside; Escape closes and gives it back to the picture.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test(`${lang} at 390 px: a tap opens the viewer, a double tap and a pinch zoom, a swipe turns the page's pictures`, async ({
    page,
    request,
    shop,
  }) => {
    const piece = await firstPieceInStock(request);
    await page.setViewportSize(PHONE);
    const count = await pictureCount(request, piece.slug);
    await shop.open(`/product/${piece.slug}`, { lang, dark });
    const name = await page.getByRole('heading', { level: 1 }).innerText();
    const opener = page.getByRole('button', { name: w('viewer.open', { name }) });
    const frame = await box(opener);
    const y = frame.y + frame.height / 2;

    // A swipe towards the start of the line brings the next picture (leftwards in English, rightwards in Arabic).
    const [from, to] =
      lang === 'ar' ? [frame.x + 60, frame.x + frame.width - 60] : [frame.x + frame.width - 60, frame.x + 60];
    const gallery = opener.locator('xpath=..');
    await touch(gallery, 'pointerdown', from, y);
    await touch(gallery, 'pointerup', to, y);
    await expect(gallery.getByText(`2 / ${count}`)).toBeVisible();

    await opener.click();
    const viewer = page.getByRole('dialog', { name: w('viewer.title', { name }) });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText(`2 / ${count}`)).toBeVisible();
    const viewerBox = await box(viewer);
    expect(viewerBox.width).toBe(PHONE.width);
    expect(viewerBox.height).toBe(PHONE.height);
    for (const control of await viewer.getByRole('button').all()) {
      const b = await box(control);
      expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
    }

    // One tap does nothing (it may start a pan); a double tap zooms in, another zooms out.
    const stage = page.getByTestId('picture-viewer-stage');
    const middle = { x: PHONE.width / 2, y: PHONE.height / 2 };
    await touch(stage, 'pointerdown', middle.x, middle.y);
    await touch(stage, 'pointerup', middle.x, middle.y);
    await touch(stage, 'pointerdown', middle.x, middle.y);
    await touch(stage, 'pointerup', middle.x, middle.y);
    await expect(stage).toHaveAttribute('data-zoomed', 'true');
    await touch(stage, 'pointerdown', middle.x, middle.y);
    await touch(stage, 'pointerup', middle.x, middle.y);
    await touch(stage, 'pointerdown', middle.x, middle.y);
    await touch(stage, 'pointerup', middle.x, middle.y);
    await expect(stage).not.toHaveAttribute('data-zoomed');

    // Two fingers moving apart zoom in.
    await touch(stage, 'pointerdown', middle.x - 20, middle.y, 1);
    await touch(stage, 'pointerdown', middle.x + 20, middle.y, 2);
    await touch(stage, 'pointermove', middle.x - 80, middle.y, 1);
    await touch(stage, 'pointermove', middle.x + 80, middle.y, 2);
    await touch(stage, 'pointerup', middle.x - 80, middle.y, 1);
    await touch(stage, 'pointerup', middle.x + 80, middle.y, 2);
    await expect(stage).toHaveAttribute('data-zoomed', 'true');
    await expect(viewer.getByText('400 %')).toBeVisible();

    await viewer.getByRole('button', { name: w('viewer.close') }).click();
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });
}

/** axe on the page as it is (the viewer open), with its language in the message. */
async function axeOf(page: Page, lang: string) {
  return seriousViolations(page, `product viewer (${lang})`);
}

test('the product page and its bar in English, French and Arabic, light and dark, at 390 and 1280 px', async ({
  page,
  request,
  shop,
}) => {
  test.setTimeout(120_000);
  const piece = await firstPieceInStock(request);
  for (const lang of ['en', 'fr', 'ar'] as const) {
    const w = (path: string) => pick(words(lang, 'product'), path);
    for (const dark of [false, true]) {
      const look = `${lang}${dark ? '-dark' : ''}`;
      await page.setViewportSize(PHONE);
      await shop.open(`/product/${piece.slug}`, { lang, dark });
      await screens(page, `product-${look}`, () => page.evaluate(() => window.scrollTo(0, 0)));
      await page.setViewportSize(PHONE);
      await scrollPast(page, page.getByRole('button', { name: w('addToCart'), exact: true }).first());
      const bar = page.getByRole('complementary', { name: w('buyBar.label') });
      await expect(bar).toBeVisible();
      // The bar's text fits its line: nothing spills out of the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(overlap(await box(bar), await box(page.getByRole('banner')))).toBe(false);
      await page.screenshot({ path: join(SCREENS, `product-bar-${look}-390.png`) });
    }
  }
});
