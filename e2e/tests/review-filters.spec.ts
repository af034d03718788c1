import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures/shop';
import { seriousViolations } from '../fixtures/axe';
import { DESKTOP, LOOKS, PHONE, SCREENS, box } from '../fixtures/layout';

const LANGS = ['en', 'fr', 'ar'] as const;
const FILTERS = /^(Filters|Filtres|المرشحات)/;
const filtersButton = (scope: Page | Locator) => scope.getByRole('button', { name: FILTERS });
const filtersDrawer = (page: Page) => page.getByRole('dialog', { name: FILTERS });
const activeFilters = (scope: Page | Locator) =>
  scope.getByRole('list', { name: /^(Active filters|Filtres actifs|المرشحات المختارة)$/ });
const showButton = (drawer: Locator) => drawer.getByRole('button', { name: /^(Show|Voir|عرض)/ });

/** The drawer's slide is over (a spinner or a shimmer never ends): boxes are where the shopper sees them. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );

/** Where the drawer's panel is scrolled sideways, and where it sits: a tap must move neither. */
const sideways = (panel: Locator) =>
  panel.evaluate((el) => ({
    panel: el.scrollLeft,
    dialog: el.parentElement!.scrollLeft,
    page: window.scrollX,
    at: Math.round(el.getBoundingClientRect().x),
  }));

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENS, `${name}.png`) });

test.describe('collection filters and search on phones (review of issue 36)', () => {
  for (const lang of LANGS) {
    test(`the phone filter drawer fits its width, shows its button whole and stays put when a size is tapped (${lang})`, async ({
      page,
      shop,
    }) => {
      for (const width of [360, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await shop.open('/collection/caftan', { lang, dark: lang === 'ar' });
        await filtersButton(page).click();
        const drawer = filtersDrawer(page);
        await expect(drawer).toBeVisible();
        await settled(page);
        const panel = drawer.locator(':scope > div');
        const fit = await panel.evaluate((el) => ({ content: el.scrollWidth, width: el.clientWidth }));
        expect(
          fit.content,
          `${lang} at ${width} px: content ${fit.content} in ${fit.width}`,
        ).toBeLessThanOrEqual(fit.width);

        const show = showButton(drawer);
        const [p, s] = [await box(panel), await box(show)];
        expect(s.x, `${lang} ${width}: the show button starts inside the drawer`).toBeGreaterThanOrEqual(
          p.x - 0.5,
        );
        expect(s.x + s.width, `${lang} ${width}: the show button ends inside the drawer`).toBeLessThanOrEqual(
          p.x + p.width + 0.5,
        );
        expect(s.x + s.width).toBeLessThanOrEqual(width + 0.5);
        expect(await show.evaluate((el) => el.scrollWidth <= el.clientWidth), 'its words whole').toBe(true);

        const before = await sideways(panel);
        const size = drawer.getByRole('checkbox', { name: 'M', exact: true });
        await size.click();
        await expect(size).toBeChecked();
        await settled(page);
        expect(await sideways(panel), `${lang} ${width}: no sideways slide`).toEqual(before);
        await shot(page, `drawer-${lang}${lang === 'ar' ? '-dark' : ''}-${width}`);
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
      }
    });
  }

  test('at 1280 x 900 every filter of the sticky sidebar is reached by scrolling the page', async ({
    page,
    shop,
  }) => {
    for (const { lang, dark } of LOOKS) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await shop.open('/collection/caftan', { lang, dark });
      const sidebar = page.getByRole('complementary', { name: FILTERS });
      await expect(sidebar).toBeVisible();
      // No filter hides behind a fold of the sidebar's own, which only a wheel over it would find.
      const own = await sidebar.evaluate((el) => ({ content: el.scrollHeight, height: el.clientHeight }));
      expect(
        own.content,
        `${lang}: the sidebar holds ${own.content} px in ${own.height}`,
      ).toBeLessThanOrEqual(own.height + 1);
      const highest = sidebar.getByRole('slider', { name: /Highest price|Prix maximum|أعلى سعر/ });
      // The shopper scrolls the page down the results: the sidebar keeps its last filter on the screen.
      for (const y of [1000, 1600]) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        await expect
          .poll(async () => {
            const b = await box(highest);
            return b.y >= 0 && b.y + b.height <= 900;
          }, `${lang}: the highest price on the screen at scroll ${y}`)
          .toBe(true);
      }
      await page.screenshot({ path: join(SCREENS, `sidebar-${lang}${dark ? '-dark' : ''}-1280x900.png`) });
    }
  });

  for (const { lang, dark } of LOOKS) {
    test(`active filters show as a count on the filter button and as removable chips above the results (${lang})`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(PHONE);
      await shop.open('/collection/caftan?color=emerald&size=M', { lang, dark });
      await expect(filtersButton(page)).toHaveAccessibleName(/2/);
      const chips = activeFilters(page);
      await expect(chips.getByRole('listitem')).toHaveCount(2);
      const firstCard = page.getByTestId('product-card').first();
      expect((await box(chips)).y).toBeLessThan((await box(firstCard)).y);
      await shot(page, `chips-${lang}${dark ? '-dark' : ''}-390`);

      await chips.getByRole('button', { name: /Emerald|Émeraude|زمردي/ }).click();
      await expect(page).not.toHaveURL(/color=/);
      await expect(chips.getByRole('listitem')).toHaveCount(1);
      await expect(filtersButton(page)).toHaveAccessibleName(/1/);

      await page.setViewportSize(DESKTOP);
      await expect(chips).toBeVisible();
      await shot(page, `chips-${lang}${dark ? '-dark' : ''}-1280`);
      await page
        .getByRole('button', { name: /^(Clear all|Tout effacer|مسح الكل)$/ })
        .first()
        .click();
      await expect(page).not.toHaveURL(/size=/);
      await expect(chips).toHaveCount(0);
      await page.setViewportSize(PHONE);
      await expect(filtersButton(page)).not.toHaveAccessibleName(/\d/);
      expect(await seriousViolations(page, `collection ${lang}`)).toEqual([]);
    });
  }

  for (const { lang, dark } of LOOKS) {
    test(`on a phone the search shows its results first and its filters in the collection's drawer (${lang})`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(PHONE);
      await shop.open('/', { lang, dark });
      const search = await shop.openSearch();
      await search.getByRole('searchbox').fill(lang === 'ar' ? 'قفطان' : 'caftan');
      await expect(search.getByTestId('search-count')).toContainText('24');
      const cards = search.getByTestId('product-card');
      await expect(cards.nth(1)).toBeVisible();
      const tops = await cards.evaluateAll((all) => all.map((c) => c.getBoundingClientRect().top));
      expect(
        tops.filter((top) => top < PHONE.height).length,
        'result cards starting within the first screen',
      ).toBeGreaterThanOrEqual(2);
      await shot(page, `search-${lang}${dark ? '-dark' : ''}-390`);

      await filtersButton(search).click();
      const drawer = filtersDrawer(page);
      await expect(drawer).toBeVisible();
      const colour = drawer
        .getByRole('group', { name: /^(Colour|Couleur|اللون)$/ })
        .getByRole('button')
        .first();
      await colour.click();
      await expect(colour).toHaveAttribute('aria-pressed', 'true');
      await settled(page);
      await shot(page, `search-drawer-${lang}${dark ? '-dark' : ''}-390`);
      expect(await seriousViolations(page, `search drawer ${lang}`)).toEqual([]);
      await showButton(drawer).click();
      await expect(drawer).toBeHidden();
      await expect(search).toBeVisible();
      await expect(filtersButton(search)).toHaveAccessibleName(/1/);
      await expect(activeFilters(search).getByRole('listitem')).toHaveCount(1);
      await expect(search.getByTestId('search-count')).not.toContainText('24');

      await page.setViewportSize(DESKTOP);
      await expect(search.getByRole('group', { name: /^(Colour|Couleur|اللون)$/ })).toBeVisible();
      await shot(page, `search-${lang}${dark ? '-dark' : ''}-1280`);
      expect(await seriousViolations(page, `search ${lang}`)).toEqual([]);
    });
  }

  test('a search for green opens on pieces made in green, a bordeaux takchita after them', async ({
    shop,
  }) => {
    await shop.open('/');
    const search = await shop.openSearch();
    await search.getByRole('searchbox').fill('green');
    await expect(search.getByTestId('search-count')).toHaveText(/results for “green”/);
    const names = await search.getByTestId('product-card').getByRole('heading').allTextContents();
    const sultana = names.indexOf('Sultana Bordeaux Velvet Takchita');
    const zahra = names.indexOf('Zahra Emerald Velvet Caftan');
    expect(zahra, names.join(', ')).toBeGreaterThanOrEqual(0);
    expect(sultana, names.join(', ')).toBeGreaterThan(zahra);
  });
});
