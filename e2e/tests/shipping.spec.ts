import type { Page } from '@playwright/test';
import { test, expect, snap } from '../fixtures/shop';
import { newCustomer, registerCustomer, signInQuickly } from '../fixtures/accounts';
import { CheckoutPage, anyPieceInStock, fillServerCart, tokenFor } from '../fixtures/checkout';
import { openAdmin, pick, signInOwner, words, type Lang } from '../fixtures/back-office';

/*
 * The owner sets UAE rates (Standard 25 AED, free over 1,000; Express 45 AED); shoppers in Dubai choose Express
 * at checkout step 2, in English and in Arabic, and their total, confirmation and invoice carry it. The story runs
 * last (its own project): at its end the owner deletes the zone and the shop ships free again.
 */
test.describe.configure({ mode: 'serial' });

const names = {
  zone: { en: 'United Arab Emirates', fr: 'Émirats arabes unis', ar: 'الإمارات العربية المتحدة' },
  standard: { en: 'Standard', fr: 'Standard', ar: 'عادي' },
  express: { en: 'Express', fr: 'Express', ar: 'سريع' },
};

/** An amount as the shop writes it without fils (its storefront's money format). */
const aed = (amount: number, lang: Lang) => {
  const digits = amount.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return lang === 'ar' ? `${digits}\u00a0د.إ` : `AED\u00a0${digits}`;
};

async function fillTexts(page: Page, label: string, lang: Lang, texts: Record<Lang, string>, nth = 0) {
  const t = words(lang);
  for (const l of ['en', 'fr', 'ar'] as const) {
    const field = page.getByLabel(
      pick(t, 'form.inLanguage', { label, language: pick(t, `languages.${l}`) }),
      { exact: true },
    );
    await field.nth(nth).fill(texts[l]);
  }
}

test('the owner creates a UAE zone with Standard (free over 1,000) and Express', async ({
  page,
  request,
}) => {
  await signInOwner(page, request, 'shipping-en');
  await openAdmin(page, '/admin/shipping', 'en');
  const t = words('en');
  // The shop starts with the worldwide zone and its free rate.
  await expect(page.getByTestId('shipping-zone')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add a zone' }).click();
  await fillTexts(page, 'Zone name', 'en', names.zone);
  await page.getByRole('checkbox', { name: 'United Arab Emirates' }).check();
  await fillTexts(page, pick(t, 'shipping.rateName', { n: 1 }), 'en', names.standard);
  await page.getByLabel('Price (AED, VAT included)').nth(0).fill('25');
  await page.getByLabel('Free over (AED, optional)').nth(0).fill('1000');
  await page.getByLabel('Fastest delivery (business days)').nth(0).fill('2');
  await page.getByLabel('Slowest delivery (business days)').nth(0).fill('4');
  await page.getByRole('button', { name: 'Add a rate' }).click();
  await fillTexts(page, pick(t, 'shipping.rateName', { n: 2 }), 'en', names.express);
  await page.getByLabel('Price (AED, VAT included)').nth(1).fill('45');
  // A slowest delivery shorter than the fastest is refused beside the field, and nothing is created.
  await page.getByLabel('Fastest delivery (business days)').nth(1).fill('3');
  await page.getByLabel('Slowest delivery (business days)').nth(1).fill('1');
  await page.getByRole('button', { name: 'Create the zone' }).click();
  await expect(page.getByText('The fastest delivery may not take longer than the slowest.')).toBeVisible();
  await page.getByLabel('Fastest delivery (business days)').nth(1).fill('1');
  await page.getByRole('button', { name: 'Create the zone' }).click();

  const uae = page.getByTestId('shipping-zone').filter({ hasText: names.zone.en });
  await expect(uae).toBeVisible();
  await expect(uae.getByRole('row', { name: /Standard/ })).toContainText(aed(25, 'en'));
  await expect(uae.getByRole('row', { name: /Standard/ })).toContainText(aed(1000, 'en'));
  await expect(uae.getByRole('row', { name: /Express/ })).toContainText('1 business day');
  await snap(page, 'admin-shipping-en');
});

for (const lang of ['en', 'ar'] as const) {
  test(`a shopper in Dubai chooses Express at step 2 and pays it (${lang})`, async ({
    page,
    request,
    shop,
  }) => {
    const account = await registerCustomer(
      request,
      newCustomer(lang === 'ar' ? 'سلمى بناني' : 'Salma Bennani'),
    );
    const piece = await anyPieceInStock(request);
    await fillServerCart(request, account, [piece]);
    await signInQuickly(page, account);

    await shop.open('/checkout', { lang, dark: lang === 'ar' });
    const checkout = new CheckoutPage(page, lang);
    await checkout.fillAddress(account.email);
    await checkout.continueToPayment.click();

    const rates = page.getByTestId('shipping-options');
    const standard = rates.getByRole('radio', { name: new RegExp(names.standard[lang]) });
    const express = rates.getByRole('radio', { name: new RegExp(names.express[lang]) });
    const standardPrice = piece.price >= 1000 ? 0 : 25;
    // The cheapest is chosen first.
    await expect(standard).toBeChecked();
    await expect(page.getByRole('complementary').getByTestId('checkout-total')).toHaveText(
      aed(piece.price + standardPrice, lang),
    );
    await express.check();
    const total = piece.price + 45;
    await expect(page.getByRole('complementary').getByTestId('checkout-total')).toHaveText(aed(total, lang));
    await expect(checkout.payButton).toBeEnabled();
    await snap(page, `checkout-step2-rates-${lang}${lang === 'ar' ? '-dark' : ''}`);

    await checkout.payByCard('4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/order-confirmation$/);
    await expect(page.getByTestId('confirmation-total')).toHaveText(aed(total, lang));
    await expect(page.getByTestId('confirmation-delivery')).toContainText(names.express[lang]);

    // The order and its invoice carry the shipping, named, inside the total whose VAT is 5/105.
    const token = await tokenFor(request, account);
    const res = await request.get('/api/v1/orders/my-orders', {
      headers: { authorization: `Bearer ${token}` },
    });
    const [order] = (await res.json()).data.orders as { id: number; shipping_amount: string }[];
    expect(order?.shipping_amount).toBe('45.00');
    await shop.open(`/account/orders/${order!.id}/invoice`, { lang });
    const sheet = page.getByTestId('invoice');
    // The shipping line is named after its rate (`Shipping · Express`).
    await expect(sheet.getByText(` · ${names.express[lang]}`)).toBeVisible();
    await expect(sheet.getByTestId('invoice-shipping')).toContainText('45.00');
    await expect(sheet.getByTestId('invoice-total')).toContainText(
      total.toLocaleString('en-US', { minimumFractionDigits: 2 }),
    );

    // The shipping page reads the same rates: the UAE's first, the rest of the world free.
    await shop.open('/shipping', { lang, dark: lang === 'ar' });
    const rows = page.getByTestId('shipping-rates').getByRole('row');
    await expect(rows.filter({ hasText: names.express[lang] })).toContainText(aed(45, lang));
    await expect(rows.filter({ hasText: names.standard[lang] })).toContainText(aed(1000, lang));
    await snap(page, `shipping-page-${lang}${lang === 'ar' ? '-dark' : ''}`);
  });
}

test('the owner sees the zones in Arabic, then deletes the UAE zone: the shop ships free again', async ({
  page,
  request,
}) => {
  await signInOwner(page, request, 'shipping-ar');
  await openAdmin(page, '/admin/shipping', 'ar', true);
  const t = words('ar');
  const uae = page.getByTestId('shipping-zone').filter({ hasText: names.zone.ar });
  await expect(uae).toBeVisible();
  await snap(page, 'admin-shipping-ar-dark');
  await uae.getByRole('button', { name: pick(t, 'shipping.delete') }).click();
  await page.getByRole('button', { name: pick(t, 'shipping.deleteConfirm') }).click();
  await expect(page.getByTestId('shipping-zone')).toHaveCount(1);
  const methods = await (await request.get('/api/v1/shipping-methods?country=AE')).json();
  expect(methods.data.zone.worldwide).toBe(true);
});
