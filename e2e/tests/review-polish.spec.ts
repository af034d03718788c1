import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures/shop';
import { DESKTOP, LOOKS, PHONE, box, overlap, screens } from '../fixtures/layout';
import { registerCustomer, signInQuickly } from '../fixtures/accounts';
import { buyThroughApi, fillServerCart, firstPieceInStock } from '../fixtures/checkout';
import { seriousViolations } from '../fixtures/axe';

/** The floating button (not the product page's own "Order on WhatsApp" link). */
const floatingWhatsapp = (page: Page) =>
  page.getByRole('link', {
    name: /^(Chat with us on WhatsApp|Discutez avec nous sur WhatsApp|تحدث معنا عبر واتساب)$/,
  });

/**
 * What the floating button lies on as the page is now: links, buttons and fields, and lines of text, as they are
 * painted (a slide scrolled out of its carousel is clipped, not covered). Nothing when the button is not shown.
 */
async function underWhatsapp(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('a[href^="https://wa.me/"][aria-label]');
    if (!button?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return [];
    const b = button.getBoundingClientRect();
    const painted = (element: Element, r: DOMRect) => {
      const x0 = Math.max(r.left, b.left);
      const x1 = Math.min(r.right, b.right);
      const y0 = Math.max(r.top, b.top);
      const y1 = Math.min(r.bottom, b.bottom);
      if (x0 >= x1 || y0 >= y1) return false;
      for (const fx of [0.1, 0.5, 0.9])
        for (const fy of [0.1, 0.5, 0.9]) {
          const stack = document.elementsFromPoint(x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy);
          if (stack.some((hit) => hit === element || element.contains(hit))) return true;
        }
      return false;
    };
    const found: string[] = [];
    const interactive = 'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"]';
    for (const element of document.querySelectorAll(interactive)) {
      if (element === button || button.contains(element)) continue;
      if (painted(element, element.getBoundingClientRect()))
        found.push(`${element.tagName} "${element.textContent?.trim().slice(0, 30) ?? ''}"`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || button.contains(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some((r) => painted(parent, r)))
        found.push(`text "${node.textContent.trim().slice(0, 30)}"`);
    }
    return found;
  });
}

/** Scrolls a page from its top to its end, a half screen at a time: the button covers nothing at any stop. */
async function scrollPastWhatsapp(page: Page, where: string) {
  let shown = 0;
  for (let stop = 0; ; stop += 1) {
    const done = await page.evaluate((at) => {
      window.scrollTo({ top: (at * window.innerHeight) / 2, behavior: 'instant' });
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    }, stop);
    await expect.poll(() => underWhatsapp(page), { message: `${where}, stop ${stop}` }).toEqual([]);
    if (await floatingWhatsapp(page).isVisible()) shown += 1;
    if (done) break;
  }
  // Not hidden for good: the shopper finds it on the way, at least at the page's end.
  expect(shown, `${where}: the button shows somewhere`).toBeGreaterThan(0);
}

/** WCAG's relative luminance of an sRGB colour (0-255 channels). */
const luminance = (rgb: number[]) => {
  const [r = 0, g = 0, b = 0] = rgb.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG's contrast ratio of two computed CSS colours (`rgb()`/`rgba()`, the first over the second, opaque). */
function contrastOf(fore: string, back: string): number {
  const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const [br = 0, bg = 0, bb = 0] = parse(back);
  const [fr = 0, fg = 0, fb = 0, fa = 1] = parse(fore);
  const mixed = [fr * fa + br * (1 - fa), fg * fa + bg * (1 - fa), fb * fa + bb * (1 - fa)];
  const [hi = 0, lo = 0] = [luminance(mixed), luminance([br, bg, bb])].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The lowest contrast of a text against the picture behind it: the text's box shot without its letters, each
 * pixel against the text's colour.
 */
async function contrastOverPicture(page: Page, text: Locator): Promise<number> {
  const colour = await text.evaluate((el) => getComputedStyle(el).color);
  await text.evaluate((el) => el.style.setProperty('visibility', 'hidden'));
  const shot = await page.screenshot({ clip: await box(text) });
  await text.evaluate((el) => el.style.removeProperty('visibility'));
  return page.evaluate(
    async ([png, fore]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const lum = (r: number, g: number, b: number) => {
        const [lr = 0, lg = 0, lb = 0] = [r, g, b].map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
      };
      const [fr = 0, fg = 0, fb = 0] = (fore.match(/[\d.]+/g) ?? []).map(Number);
      const text = lum(fr, fg, fb);
      let worst = 21;
      for (let i = 0; i < data.length; i += 4) {
        const back = lum(data[i]!, data[i + 1]!, data[i + 2]!);
        const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
        worst = Math.min(worst, ratio);
      }
      return worst;
    },
    [shot.toString('base64'), colour] as const,
  );
}

test.describe('the review of the storefront: layout, contrast and targets', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`the floating WhatsApp button covers no link, button or text on a phone, and a tap under it reaches the page (${lang})`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(PHONE);
      for (const path of ['/collection/caftan?view=list', '/', '/size-guide', '/faq', '/shipping']) {
        await shop.open(path, { lang });
        await scrollPastWhatsapp(page, `${lang} ${path}`);
      }

      // The home carousel's next arrow brought under the button's corner: a tap moves the carousel.
      await shop.open('/', { lang });
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const corner = await box(floatingWhatsapp(page));
      const carousel = page
        .locator('section[aria-roledescription="carousel"]')
        .filter({ hasNot: page.locator('blockquote') })
        .first();
      const next = carousel.getByRole('button', { name: /Next|Suivant|التالي/ });
      await next.scrollIntoViewIfNeeded();
      const arrow = await box(next);
      await page.mouse.wheel(0, arrow.y + arrow.height / 2 - (corner.y + corner.height / 2));
      const track = carousel.locator(':scope > ul');
      const before = await track.evaluate((el) => el.scrollLeft);
      let opened = false;
      page.context().on('page', () => (opened = true));
      const at = await box(next);
      await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
      await expect
        .poll(() => track.evaluate((el, from) => Math.abs(el.scrollLeft - from), before))
        .toBeGreaterThan(50);
      expect(opened, 'the tap opened WhatsApp').toBe(false);
      await screens(page, `polish-whatsapp-home-${lang}`);
    });
  }

  for (const lang of ['en', 'fr', 'ar'] as const) {
    test(`on a wide screen the testimonials' arrows lie on no quote (${lang})`, async ({ page, shop }) => {
      await page.setViewportSize(DESKTOP);
      await shop.open('/', { lang });
      const carousel = page.locator('section[aria-roledescription="carousel"]').filter({
        has: page.locator('blockquote'),
      });
      await carousel.scrollIntoViewIfNeeded();
      const frame = await box(carousel);
      const quotes = [];
      for (const quote of await carousel.locator('blockquote').all()) {
        const q = await box(quote);
        if (q.x < frame.x + frame.width && q.x + q.width > frame.x) quotes.push(q);
      }
      expect(quotes.length).toBeGreaterThan(0);
      for (const arrow of await carousel.getByRole('button').all()) {
        const a = await box(arrow);
        for (const quote of quotes) expect(overlap(a, quote)).toBe(false);
      }
      await screens(page, `polish-testimonials-${lang}`, () => carousel.scrollIntoViewIfNeeded());
    });
  }

  for (const lang of ['en', 'fr'] as const) {
    test(`the account's tabs read whole on a phone, the current one in view (${lang})`, async ({
      page,
      request,
      shop,
    }) => {
      const customer = await registerCustomer(request);
      await signInQuickly(page, customer);
      await page.setViewportSize(PHONE);
      for (const path of ['/account/profile', '/account/security']) {
        await shop.open(path, { lang });
        const tabs = page.getByRole('navigation', { name: /My account|Mon compte/ }).getByRole('link');
        await expect(tabs).toHaveCount(4);
        for (const tab of await tabs.all()) {
          const t = await box(tab);
          expect(t.x, `${path} ${await tab.innerText()}`).toBeGreaterThanOrEqual(0);
          expect(t.x + t.width).toBeLessThanOrEqual(PHONE.width);
          expect(t.height).toBeGreaterThanOrEqual(44);
          expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        }
        await expect(tabs.and(page.locator('[aria-current="page"]'))).toBeInViewport({ ratio: 1 });
      }
      await screens(page, `polish-account-tabs-${lang}`);
    });
  }

  for (const { lang, dark } of LOOKS) {
    test(`the 404 page, sign-in and register stand still as they load (${lang})`, async ({ page, shop }) => {
      await page.addInitScript(() => {
        const seen = window as unknown as { shift: number };
        seen.shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) seen.shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const size of [PHONE, DESKTOP])
        for (const path of ['/no-such-page', '/account/login', '/account/register']) {
          await page.setViewportSize(size);
          await shop.open(path, { lang, dark });
          await page.waitForLoadState('networkidle');
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
          expect(shift, `${path} at ${size.width} px`).toBeLessThanOrEqual(0.01);
        }
    });
  }

  for (const { lang, dark } of [...LOOKS, { lang: 'en', dark: true } as const])
    test(`the "New" badge and every colour dot stand out on the cards, words over pictures read (${lang}${dark ? ', dark' : ''})`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(DESKTOP);
      await shop.open('/collection/caftan', { lang, dark });
      const cards = page.getByTestId('product-card');
      const badges = cards.getByText(/^(New|Nouveau|جديد)$/);
      await expect(badges.first()).toBeVisible();
      for (const [fore = '', back = ''] of await badges.evaluateAll((all) =>
        all.map((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]),
      ))
        expect(contrastOf(fore, back), `${lang} New badge`).toBeGreaterThanOrEqual(4.5);
      const dots = cards.getByRole('list', { name: /^(Colours|Couleurs|الألوان)$/ }).getByRole('listitem');
      await expect(dots.first()).toBeVisible();
      // Each dot's fill and outer ring (its last shadow, else its border), and the first opaque colour behind it.
      const seen = await dots.evaluateAll((all) =>
        all.map((el) => {
          const style = getComputedStyle(el);
          let card = getComputedStyle(document.body).backgroundColor;
          for (let at = el.parentElement; at; at = at.parentElement) {
            const colour = getComputedStyle(at).backgroundColor;
            if (!/rgba\(.*, 0\)$/.test(colour)) {
              card = colour;
              break;
            }
          }
          const ring = style.boxShadow.match(/rgba?\([^)]*\)/g)?.at(-1) ?? style.borderColor;
          return { fill: style.backgroundColor, ring, card };
        }),
      );
      for (const { fill, ring, card } of seen)
        expect(
          Math.max(contrastOf(fill, card), contrastOf(ring, card)),
          `${lang}${dark ? ' dark' : ''} dot ${fill}`,
        ).toBeGreaterThanOrEqual(3);

      // Words laid over the home page's pictures: the hero's, and the collection tiles'.
      await shop.open('/', { lang, dark });
      for (const words of [
        page.locator('#hero-title'),
        page.locator('#hero-title ~ p'),
        page.locator('li[data-theme="dark"] h3'),
        page.locator('li[data-theme="dark"] a'),
      ])
        for (const one of await words.all()) {
          await one.scrollIntoViewIfNeeded();
          const ratio = await contrastOverPicture(page, one);
          expect(ratio, `${lang} "${await one.innerText()}"`).toBeGreaterThanOrEqual(4.5);
        }
      expect(await seriousViolations(page, `${lang} home`)).toEqual([]);
    });

  test("the shop's own controls are 44 px targets: footer links and the cart's quantity steppers", async ({
    page,
    request,
    shop,
  }) => {
    const customer = await registerCustomer(request);
    await fillServerCart(request, customer, [await firstPieceInStock(request)]);
    await signInQuickly(page, customer);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await shop.open('/cart');
      const steppers = page.getByRole('main').getByRole('group').getByRole('button');
      await expect(steppers).toHaveCount(2);
      for (const step of await steppers.all()) {
        const s = await box(step);
        expect(Math.min(s.width, s.height), `stepper at ${size.width} px`).toBeGreaterThanOrEqual(44);
      }
      const links = page.getByRole('contentinfo').getByRole('link');
      for (const link of await links.all()) {
        const l = await box(link);
        expect(
          Math.min(l.width, l.height),
          `"${await link.innerText()}" at ${size.width} px`,
        ).toBeGreaterThanOrEqual(44);
      }
    }
    await shop.open('/');
    await screens(page, 'polish-footer', () => page.getByRole('contentinfo').scrollIntoViewIfNeeded());
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`on a wide screen the hero's words start on the page's grid (${lang})`, async ({ page, shop }) => {
      await page.setViewportSize(DESKTOP);
      await shop.open('/', { lang });
      // The header's container: its content edge is the logo's on a phone and the grid's on every page.
      const grid = await page
        .getByRole('banner')
        .locator('.container')
        .first()
        .evaluate((el) => {
          const r = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          return style.direction === 'rtl'
            ? r.right - parseFloat(style.paddingInlineStart)
            : r.left + parseFloat(style.paddingInlineStart);
        });
      for (const words of [page.locator('#hero-title'), page.locator('#hero-title ~ p').first()]) {
        const start = await words.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const rects = [...range.getClientRects()];
          return getComputedStyle(el).direction === 'rtl'
            ? Math.max(...rects.map((r) => r.right))
            : Math.min(...rects.map((r) => r.left));
        });
        expect(Math.abs(start - grid), await words.innerText()).toBeLessThanOrEqual(2);
      }
    });
  }

  test('numbers read in lining figures: prices, order numbers and dates', async ({ page, request, shop }) => {
    const customer = await registerCustomer(request);
    await buyThroughApi(request, customer, await firstPieceInStock(request));
    await signInQuickly(page, customer);
    const lining = async (numbers: Locator) => {
      await expect(numbers).toBeVisible();
      const figures = await numbers.evaluate((el) => getComputedStyle(el).fontVariantNumeric);
      expect(figures, await numbers.innerText()).toContain('lining-nums');
    };
    for (const lang of ['en', 'fr'] as const) {
      await shop.open('/collection/caftan', { lang });
      await lining(
        page
          .getByTestId('product-card')
          .first()
          .getByText(/AED|د\.إ/),
      );
      await shop.open('/account/orders', { lang });
      const card = page.getByTestId('order-card').first();
      await lining(card.locator('bdi').first());
      await lining(card.getByText(/AED|د\.إ/).first());
    }
  });
});
