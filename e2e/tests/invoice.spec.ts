import type { Locator, Page } from '@playwright/test';
import { test, expect, snap } from '../fixtures/shop';
import {
  AccountPages,
  registerCustomer,
  signInQuickly,
  verifyEmail,
  waitForEmail,
  type Customer,
} from '../fixtures/accounts';
import { buyThroughApi, firstPieceInStock, type PlacedOrder } from '../fixtures/checkout';

// This shop runs without SHOP_TRN: its orders have receipts (the tax invoice is covered by the API and unit tests).

/** An amount as the invoice writes it: always with its fils. */
const aed = (amount: number, lang: 'en' | 'ar') => {
  const digits = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return lang === 'ar' ? `${digits}\u00a0د.إ` : `AED\u00a0${digits}`;
};

/** The VAT inside a price that includes 5 %, to the fils (worked out here independently of the shop). */
const vatOf = (total: number) => Math.round((total * 100 * 5) / 105) / 100;

async function shopperWithOrder(request: Parameters<typeof registerCustomer>[0], locale: 'en' | 'ar') {
  const customer = await registerCustomer(request);
  await verifyEmail(request, customer);
  const piece = await firstPieceInStock(request);
  const order = await buyThroughApi(request, customer, piece, locale);
  return { customer, piece, order };
}

/** The invoice's figures match the order: number, VAT 5 % of the total, net + VAT = total. */
async function expectFigures(sheet: Locator, order: PlacedOrder, lang: 'en' | 'ar') {
  const total = Number(order.total_amount);
  await expect(sheet.getByTestId('invoice-number')).toHaveText(order.order_number);
  await expect(sheet.getByTestId('invoice-total')).toHaveText(aed(total, lang));
  await expect(sheet.getByTestId('invoice-vat')).toHaveText(aed(vatOf(total), lang));
  await expect(sheet.getByTestId('invoice-net')).toHaveText(aed(total - vatOf(total), lang));
  await expect(sheet.getByText(lang === 'ar' ? 'ضريبة القيمة المضافة 5 %' : 'VAT 5 %')).toBeVisible();
}

/** In print, only the sheet is laid out, black on white; one A4 page for one piece. */
async function expectPrintsAlone(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('invoice');
  await expect(sheet).toBeVisible();
  for (const hidden of [
    page.getByRole('banner'),
    page.getByRole('contentinfo'),
    page.getByRole('button', { name: /^(Print|طباعة)$/ }),
    page.getByRole('link', { name: /WhatsApp|واتساب/ }),
  ])
    await expect(hidden).toBeHidden();
  const colours = await sheet.evaluate((el) => {
    const style = getComputedStyle(el);
    const body = getComputedStyle(document.body);
    return { color: style.color, background: style.backgroundColor, body: body.backgroundColor };
  });
  expect(colours).toEqual({
    color: 'rgb(0, 0, 0)',
    background: 'rgb(255, 255, 255)',
    body: 'rgb(255, 255, 255)',
  });
  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // One page: the frame's header, footer and floating buttons would add more.
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
  // About the width of an A4 sheet on screen.
  await snap(page, `invoice-print-${name}`, [794]);
  await page.emulateMedia({ media: 'screen' });
}

test.describe('the invoice of an order', () => {
  test('a shopper opens the invoice from my orders and from the confirmation e-mail, and prints only the document', async ({
    page,
    request,
    shop,
  }) => {
    const { customer, piece, order } = await shopperWithOrder(request, 'en');
    await signInQuickly(page, customer);

    await shop.open('/account/orders');
    const card = page.getByTestId('order-card').filter({ hasText: order.order_number });
    await card.getByRole('link', { name: `Invoice of order ${order.order_number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${order.order_id}/invoice$`));
    const sheet = page.getByTestId('invoice');
    await expect(sheet.getByRole('heading', { level: 1 })).toHaveText('Receipt');
    await expect(sheet).toHaveAttribute('dir', 'ltr');
    await expect(sheet.getByText(piece.name)).toBeVisible();
    await expect(sheet.getByText('12 Al Wasl Road, Villa 4')).toBeVisible();
    await expectFigures(sheet, order, 'en');
    await expect(page.locator('meta[name="robots"]:not([data-ssr])')).toHaveAttribute('content', 'noindex');
    await snap(page, 'invoice-en-light');
    // On a phone the floating WhatsApp button would sit on the amounts: the invoice has none.
    await expect(page.getByRole('link', { name: /WhatsApp|واتساب/ })).toHaveCount(0);
    await expectPrintsAlone(page, 'en-light');

    // The confirmation e-mail's link opens the same document.
    const mail = await waitForEmail(customer.email, { containing: '/invoice' });
    const link = /https?:\/\/[^\s"<>]+\/account\/orders\/(\d+)\/invoice/.exec(mail);
    expect(link?.[1], 'an invoice link in the confirmation').toBe(String(order.order_id));
    await page.goto(new URL(link?.[0] ?? '').pathname);
    await expect(page.getByTestId('invoice-number')).toHaveText(order.order_number);
  });

  test('an order made in Arabic has its receipt in Arabic, right to left, in the dark theme too', async ({
    page,
    request,
    shop,
  }) => {
    const { customer, order } = await shopperWithOrder(request, 'ar');
    await signInQuickly(page, customer);
    await shop.open('/account/orders', { lang: 'ar', dark: true });
    await snap(page, 'orders-ar-dark');
    await page.getByRole('link', { name: `الفاتورة، الطلب ${order.order_number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${order.order_id}/invoice$`));
    const sheet = page.getByTestId('invoice');
    await expect(sheet.getByRole('heading', { level: 1 })).toHaveText('إيصال');
    await expect(sheet).toHaveAttribute('lang', 'ar');
    await expect(sheet).toHaveAttribute('dir', 'rtl');
    await expectFigures(sheet, order, 'ar');
    // Latin text keeps its direction inside the Arabic sheet.
    await expect(sheet.getByTestId('invoice-number')).toHaveAttribute('dir', 'ltr');
    await expect(sheet.getByText(customer.email)).toHaveJSProperty('tagName', 'BDI');
    await snap(page, 'invoice-ar-dark');
    await expectPrintsAlone(page, 'ar-dark');

    // The same order seen while the shop is in English: the document stays in the order's language.
    await shop.open(`/account/orders/${order.order_id}/invoice`, { lang: 'en', dark: false });
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(page.getByTestId('invoice').getByRole('heading', { level: 1 })).toHaveText('إيصال');
  });

  test('a guest signs in first and comes back; another shopper’s invoice is not found', async ({
    page,
    request,
    shop,
    browser,
  }) => {
    const { customer, order } = await shopperWithOrder(request, 'en');
    const path = `/account/orders/${order.order_id}/invoice`;

    await shop.open(path);
    await expect(page).toHaveURL(/\/account\/login$/);
    await new AccountPages(page).logIn(customer);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId('invoice-number')).toHaveText(order.order_number);

    const other: Customer = await registerCustomer(request);
    const otherPage = await browser.newPage();
    await signInQuickly(otherPage, other);
    await otherPage.goto(path);
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Invoice not found' })).toBeVisible();
    await expect(otherPage.getByTestId('invoice')).toHaveCount(0);
    await expect(otherPage.getByText(order.order_number)).toHaveCount(0);
    await otherPage.close();
  });
});
