import type { Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { addressIn, expect, snap as snapAt, test } from '../fixtures/shop';
import { fitsAPhone, openAdmin, pick, signInOwner, words } from '../fixtures/back-office';
import { seriousViolations } from '../fixtures/axe';

const COLUMNS =
  'slug,version,category,status,featured,best_seller,price,old_price,name_en,name_fr,name_ar,description_en,description_fr,description_ar,details_en,details_fr,details_ar,care_en,care_fr,care_ar,pictures,color_key,color_hex,color_en,color_fr,color_ar,size,stock,stock_at_export';

/** A cell as a spreadsheet writes it: quoted, its quotes doubled. */
const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** A new caftan in one colour and two sizes, its two photos named in the pictures column. */
function catalogue(slug: string, name: { en: string; fr: string; ar: string }, stockOfL: string) {
  const product = [
    slug,
    '',
    'caftan',
    'active',
    'false',
    'false',
    '1650.00',
    '',
    name.en,
    name.fr,
    name.ar,
    'Emerald velvet, hand-made sfifa.',
    'Velours émeraude, sfifa faite main.',
    'مخمل زمردي مع سفيفة يدوية.',
    'Lined',
    'Doublé',
    'مبطن',
    'Dry clean only',
    'Nettoyage à sec',
    'تنظيف جاف فقط',
    '#1f6b4f front.jpg\n#1f6b4f back.jpg',
    '',
    '#1f6b4f',
    'Emerald',
    'Émeraude',
    'زمردي',
  ];
  const rows = [
    [...product, 'M', '3', ''],
    [...product, 'L', stockOfL, ''],
  ];
  return `\ufeff${COLUMNS}\r\n${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** A JPEG the browser makes of what it shows: a real photo file. */
const photo = async (page: Page) => new Uint8Array(await page.screenshot({ type: 'jpeg', quality: 80 }));

const stories = [
  { lang: 'en', width: 1280, dark: false },
  { lang: 'ar', width: 390, dark: true },
] as const;

for (const { lang, width, dark } of stories) {
  const t = words(lang);
  const w = (path: string, values?: Record<string, string | number>) => pick(t, path, values);

  test(`${lang}: the owner checks a catalogue CSV, fixes its bad line, imports it with two photos and sees the piece in the shop`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await signInOwner(page, page.request, `import-${lang}`);
    await openAdmin(page, '/admin/products', lang, dark);
    await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
    await page.getByRole('link', { name: w('csvImport.link') }).click();
    await expect(page.getByRole('heading', { level: 1, name: w('csvImport.title') })).toBeVisible();

    const run = `${Date.now().toString(36)}${lang}`;
    const slug = `amal-import-${run}`;
    const name = { en: `Amal import ${run}`, fr: `Caftan Amal ${run}`, ar: `قفطان أمل ${run}` };
    const zip = Buffer.from(zipSync({ 'front.jpg': await photo(page), 'back.jpg': await photo(page) }));
    const choose = async (csv: string) => {
      await page
        .getByLabel(w('csvImport.file'), { exact: true })
        .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page
        .getByLabel(w('csvImport.pictures'), { exact: true })
        .setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: zip });
    };

    // A first file with a negative count on its second row (line 3): the check lists it, nothing is written.
    await choose(catalogue(slug, name, '-2'));
    await page.getByRole('button', { name: w('csvImport.check') }).click();
    const errors = page.getByTestId('csv-errors');
    await expect(errors).toBeVisible();
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(errors.getByRole('rowheader')).toHaveText(['3']);
    await expect(errors.getByText('stock', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: w('csvImport.import') })).toBeDisabled();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await fitsAPhone(page);
    await snapAt(page, `admin-import-errors-${lang}`);

    // Fixed: the check passes and shows the new product; Import writes it.
    await choose(catalogue(slug, name, '2'));
    await page.getByRole('button', { name: w('csvImport.check') }).click();
    await expect(page.getByText(w('csvImport.checked'))).toBeVisible();
    await expect(page.getByTestId('csv-changes').getByText(slug)).toBeVisible();
    await snapAt(page, `admin-import-checked-${lang}`);
    await page.getByRole('button', { name: w('csvImport.import') }).click();
    await expect(page.getByText(w('csvImport.done'))).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('csv-changes').getByText(slug)).toBeVisible();

    // The shop shows the new piece at once, with its photo.
    await page.goto(addressIn(lang, `/product/${slug}`));
    await expect(page.getByRole('heading', { level: 1, name: name[lang] })).toBeVisible();
    await expect
      .poll(() =>
        page
          .locator('img[src*="/storage/"]')
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
  });
}
