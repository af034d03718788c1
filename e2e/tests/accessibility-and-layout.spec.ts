import { addressIn, test, expect } from '../fixtures/shop';
import { seriousViolations } from '../fixtures/axe';

const PAGES = ['/', '/collection/caftan', '/product/zahra-emerald-velvet-caftan', '/cart'];

for (const lang of ['en', 'ar'] as const) {
  for (const path of PAGES) {
    test(`axe finds nothing serious on ${path} in ${lang}`, async ({ page, shop }) => {
      await shop.open(path, { lang });
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const lang of ['en', 'ar'] as const) {
    test(`no page scrolls sideways in ${lang}`, async ({ page, shop }) => {
      await shop.open('/', { lang });
      for (const path of [
        ...PAGES,
        '/collections',
        '/faq',
        '/shipping',
        '/size-guide',
        '/contact',
        '/our-story',
        '/nope',
      ]) {
        await page.goto(addressIn(lang, path));
        await page.waitForLoadState('networkidle');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(390);
      }
    });
  }
});
