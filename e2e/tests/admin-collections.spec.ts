import type { APIRequestContext, Page } from '@playwright/test';
import { addressIn, expect, snap, test } from '../fixtures/shop';
import { fitsAPhone, openAdmin, pick, signInOwner, words, type Lang } from '../fixtures/back-office';
import { seriousViolations } from '../fixtures/axe';

/*
 * The owner makes a collection of her own: two pieces of different categories, in her order, with a picture and
 * an Arabic name, and sees it in the shop (English at 1280 px, Arabic dark at 390 px); then adds a group of
 * search words and finds a piece by the new word. Each story deletes what it made: the storefront stories count
 * the demo's collections.
 */
test.describe.configure({ mode: 'serial' });

type Piece = { id: number; name: Record<Lang, string>; status: string };

/** The first active piece of a category of the demo catalogue. */
async function firstPieceOf(request: APIRequestContext, category: string): Promise<Piece> {
  const res = await request.get(`/api/v1/products/filters/category/${category}`);
  const products = (await res.json()).data.data.products as Piece[];
  return products.find((p) => p.status === 'active')!;
}

async function fill(page: Page, lang: Lang, label: string, texts: Record<Lang, string>) {
  const t = words(lang);
  for (const l of ['en', 'fr', 'ar'] as const)
    await page
      .getByLabel(pick(t, 'form.inLanguage', { label, language: pick(t, `languages.${l}`) }), { exact: true })
      .fill(texts[l]);
}

async function addPiece(page: Page, lang: Lang, piece: Piece) {
  const t = words(lang);
  await page.getByLabel(pick(t, 'collectionsEdit.findPiece')).fill(piece.name.en);
  await page
    .getByRole('button', { name: pick(t, 'collectionsEdit.addPiece', { name: piece.name[lang] }) })
    .click();
}

/** The names of the pieces the shop's collection page shows, in order. */
const shownPieces = (page: Page) => page.locator('main h3').allInnerTexts();

for (const [lang, dark, width] of [
  ['en', false, 1280],
  ['ar', true, 390],
] as const) {
  test(`the owner makes a collection of two pieces, in her order, with a picture, and the shop shows it (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = words(lang);
    await page.setViewportSize({ width, height: 900 });
    const owner = await signInOwner(page, request, `collections-${lang}`);
    const caftan = await firstPieceOf(request, 'caftan');
    const jellaba = await firstPieceOf(request, 'jellaba');
    const tag = `${Date.now().toString(36)}${lang}`;
    const name = { en: `Eid edit ${tag}`, fr: `Sélection Aïd ${tag}`, ar: `مختارات العيد ${tag}` };
    const slug = `eid-edit-${tag}`;

    await openAdmin(page, '/admin/collections', lang, dark);
    await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
    await page.getByRole('link', { name: pick(t, 'collectionsEdit.new') }).click();
    await fill(page, lang, pick(t, 'form.name'), name);
    await fill(page, lang, pick(t, 'form.description'), {
      en: 'Chosen for Eid.',
      fr: 'Choisis pour l’Aïd.',
      ar: 'مختارة للعيد.',
    });
    await addPiece(page, lang, caftan);
    await addPiece(page, lang, jellaba);
    // The jellaba first: the shop's "featured" order is the owner's.
    await page
      .getByRole('button', { name: pick(t, 'collectionsEdit.pieceUp', { name: jellaba.name[lang] }) })
      .click();
    await page.getByRole('button', { name: pick(t, 'collectionsEdit.create') }).click();
    await expect(page).toHaveURL(/\/admin\/collections\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())![1]);

    // A new Arabic name, saved against the version the page shows.
    const arName = `تشكيلة العيد ${tag}`;
    await page
      .getByLabel(
        pick(t, 'form.inLanguage', { label: pick(t, 'form.name'), language: pick(t, 'languages.ar') }),
        {
          exact: true,
        },
      )
      .fill(arName);
    await page.getByRole('button', { name: pick(t, 'form.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: pick(t, 'form.saved') })).toBeVisible();

    await page.getByLabel(pick(t, 'pictures.choose')).setInputFiles({
      name: 'eid.jpg',
      mimeType: 'image/jpeg',
      buffer: await page.screenshot({ type: 'jpeg', quality: 80 }),
    });
    await expect(page.locator('img.adm-collection-tile')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await fitsAPhone(page);
    await snap(page, `collection-editor-${lang}${dark ? '-dark' : ''}`);

    await page.goto(addressIn(lang, `/collection/${slug}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ar' ? arName : name.en);
    await expect.poll(() => shownPieces(page)).toEqual([jellaba.name[lang], caftan.name[lang]]);
    await fitsAPhone(page);
    await snap(page, `collection-shop-${lang}${dark ? '-dark' : ''}`);

    await page.goto(addressIn(lang, '/admin/collections'));
    await expect(
      page.getByRole('heading', { level: 2, name: lang === 'ar' ? arName : name.en }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await fitsAPhone(page);
    await snap(page, `collections-list-${lang}${dark ? '-dark' : ''}`);

    // What the story made goes: the storefront's stories count the demo's collections.
    const headers = { authorization: `Bearer ${owner.token}` };
    const now = (await (await request.get(`/api/v1/admin/collections/${id}`, { headers })).json()).data
      .collection;
    const gone = await request.delete(`/api/v1/admin/collections/${id}`, {
      headers,
      data: { version: now.version },
    });
    expect(gone.status()).toBe(200);

    // A product's search-engine words, with what search results show of them counted while typed (not saved).
    await page.goto(addressIn(lang, `/admin/products/${caftan.id}`));
    const seoTitle = page.getByLabel(
      pick(t, 'form.inLanguage', { label: pick(t, 'seo.title'), language: pick(t, `languages.${lang}`) }),
      { exact: true },
    );
    await seoTitle.fill(lang === 'ar' ? 'قفطان العيد' : 'Emerald caftan for Eid');
    await expect(page.getByText(lang === 'ar' ? '11 / 70' : '22 / 70')).toBeVisible();
    await seoTitle.scrollIntoViewIfNeeded();
    await fitsAPhone(page);
    await snap(page, `product-seo-${lang}${dark ? '-dark' : ''}`);
  });
}

test('the owner adds a group of search words and finds a piece by the new word (en light, ar dark)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInOwner(page, request, 'synonyms');
  const caftan = await firstPieceOf(request, 'caftan');
  const firstWord = caftan.name.en.split(' ')[0]!.toLowerCase();
  const coined = `zq${Date.now().toString(36).replace(/\d/g, 'x')}`;
  const t = words('en');
  await openAdmin(page, '/admin/search', 'en');
  await page.getByLabel(pick(t, 'synonyms.tryLabel')).fill(coined);
  await page.getByLabel(pick(t, 'synonyms.tryLabel')).press('Enter');
  await expect(
    page.getByRole('list', { name: pick(t, 'synonyms.top') }).getByRole('link', { name: caftan.name.en }),
  ).toHaveCount(0);

  await page.getByLabel(pick(t, 'synonyms.words')).fill(`${coined} ${firstWord}`);
  await page.getByRole('button', { name: pick(t, 'synonyms.save') }).click();
  await expect(page.locator('.adm-chip', { hasText: coined })).toBeVisible();
  // Searching again shows the change (the shop's answers follow as soon as the database has said so).
  await expect(async () => {
    await page.getByLabel(pick(t, 'synonyms.tryLabel')).press('Enter');
    await expect(
      page.getByRole('list', { name: pick(t, 'synonyms.top') }).getByRole('link', { name: caftan.name.en }),
    ).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'synonyms-en');

  const ar = words('ar');
  await page.setViewportSize({ width: 390, height: 900 });
  await openAdmin(page, '/admin/search', 'ar', true);
  await page.getByLabel(pick(ar, 'synonyms.tryLabel')).fill(coined);
  await page.getByLabel(pick(ar, 'synonyms.tryLabel')).press('Enter');
  await expect(
    page.getByRole('list', { name: pick(ar, 'synonyms.top') }).getByRole('link', { name: caftan.name.ar }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await fitsAPhone(page);
  await snap(page, 'synonyms-ar-dark');

  // The group goes again, after a confirmation.
  await page
    .getByRole('button', {
      name: pick(ar, 'synonyms.delete', { words: [coined, firstWord].sort().join(', ') }),
    })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: pick(ar, 'synonyms.deleteShort') })
    .click();
  await expect(page.locator('.adm-chip', { hasText: coined })).toHaveCount(0);
});
