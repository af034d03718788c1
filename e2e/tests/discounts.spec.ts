import type { Browser } from '@playwright/test';
import { expect, snap, test, Shop } from '../fixtures/shop';
import { registerCustomer, signInQuickly, type Customer } from '../fixtures/accounts';
import { CheckoutPage, fillServerCart, firstPieceInStock } from '../fixtures/checkout';
import { exact, fitsAPhone, openAdmin, pick, signInOwner, words, type Lang } from '../fixtures/back-office';

// The owner makes an Eid code in the back office; shoppers apply it in their cart (English and Arabic) and pay
// the discounted total with the sandbox card.
const CODE = `EID20${Date.now().toString(36).slice(-4).toUpperCase()}`;

/** An amount as the shop writes it: whole dirhams, or with its fils when it has some. */
const money = (amount: number) => {
  const fils = Math.round(amount * 100);
  const whole = Math.floor(fils / 100).toLocaleString('en-US');
  return `AED\u00a0${whole}${fils % 100 === 0 ? '' : `.${String(fils % 100).padStart(2, '0')}`}`;
};

async function shopperIn(browser: Browser, customer: Customer, lang: Lang, dark: boolean) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([l, d]) => {
      if (sessionStorage.getItem('e2e-preferences')) return;
      sessionStorage.setItem('e2e-preferences', '1');
      localStorage.setItem('i18nextLng', l);
      localStorage.setItem('darkMode', String(d));
    },
    [lang, dark] as const,
  );
  await signInQuickly(page, customer);
  return page;
}

test.describe.configure({ mode: 'serial' });

test('the owner creates an Eid code with a limit, in the back office', async ({ page }) => {
  const en = words('en');
  await signInOwner(page, page.request, 'discounts-en');
  await openAdmin(page, '/admin/discounts', 'en');
  await expect(page.getByRole('heading', { level: 1, name: pick(en, 'discounts.title') })).toBeVisible();
  await page.getByTestId('discount-new').click();
  await page.getByLabel(pick(en, 'discounts.fields.code'), { exact: true }).fill(CODE.toLowerCase());
  await page.getByLabel(pick(en, 'discounts.fields.kind'), { exact: true }).selectOption('percent');
  await page.getByLabel(pick(en, 'discounts.fields.percent'), { exact: true }).fill('20');
  await page.getByLabel(pick(en, 'discounts.fields.usage_limit'), { exact: true }).fill('100');
  await page.getByRole('button', { name: exact(pick(en, 'discounts.save')) }).click();
  await expect(page.getByRole('status').filter({ hasText: CODE })).toHaveText(
    pick(en, 'discounts.saved', { code: CODE }),
  );
  const row = page.getByTestId('discounts-table').getByRole('row').filter({ hasText: CODE });
  await expect(row).toContainText('20 %');
  await fitsAPhone(page);
  await snap(page, 'admin-discounts-en');
});

test('the owner reads the codes in Arabic, dark', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInOwner(page, page.request, 'discounts-ar');
  await openAdmin(page, '/admin/discounts', 'ar', true);
  await expect(
    page.getByRole('heading', { level: 1, name: pick(words('ar'), 'discounts.title') }),
  ).toBeVisible();
  await expect(page.getByTestId('discounts-table').locator('bdi', { hasText: CODE })).toBeVisible();
  await snap(page, 'admin-discounts-ar-dark');
  await context.close();
});

test('a shopper applies the code in the cart and pays the discounted total by card', async ({
  browser,
  request,
}) => {
  const customer = await registerCustomer(request);
  const piece = await firstPieceInStock(request);
  await fillServerCart(request, customer, [piece]);
  const page = await shopperIn(browser, customer, 'en', false);
  const shop = new Shop(page);
  await shop.open('/cart');
  const main = page.getByRole('main');

  // A code that does not exist is refused in words, and changes nothing.
  await main.getByLabel('Discount code', { exact: true }).fill('NOPE-2026');
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'This code does not exist.' })).toBeVisible();

  await main.getByLabel('Discount code', { exact: true }).fill(CODE.toLowerCase());
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(main.getByTestId('discount-chip')).toContainText(CODE);
  const off = Math.round(piece.price * 100 * 0.2) / 100;
  const total = Math.round((piece.price - off) * 100) / 100;
  await expect(page.getByTestId('cart-page-discount')).toHaveText(`−${money(off)}`);
  await expect(page.getByTestId('cart-page-total')).toHaveText(money(total));
  await snap(page, 'cart-discount-en');

  await page.getByRole('link', { name: 'Checkout' }).click();
  const checkout = new CheckoutPage(page);
  await expect(page.getByRole('complementary').getByTestId('checkout-discount')).toBeVisible();
  await expect(page.getByRole('complementary').getByTestId('checkout-total')).toHaveText(money(total));
  await checkout.fillAddress(customer.email);
  await checkout.continueToPayment.click();
  await checkout.payByCard('4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByTestId('confirmation-discount')).toHaveText(`−${money(off)}`);
  await expect(page.getByTestId('confirmation-total')).toHaveText(money(total));
  await page.context().close();
});

test('an Arabic shopper applies the code: the Latin code reads right inside the Arabic cart', async ({
  browser,
  request,
}) => {
  const customer = await registerCustomer(request);
  const piece = await firstPieceInStock(request);
  await fillServerCart(request, customer, [piece]);
  const page = await shopperIn(browser, customer, 'ar', true);
  const shop = new Shop(page);
  await shop.open('/cart', { lang: 'ar' });
  const main = page.getByRole('main');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await main.getByLabel('رمز الخصم', { exact: true }).fill(CODE);
  await main.getByRole('button', { name: 'تطبيق' }).click();
  await expect(main.getByTestId('discount-chip').locator('bdi')).toHaveText(CODE);
  await expect(page.getByTestId('cart-page-discount')).toBeVisible();
  await snap(page, 'cart-discount-ar-dark');
  // On a phone the field waits behind a link.
  await main.getByRole('button', { name: /إزالة الرمز/ }).click();
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(main.getByRole('button', { name: 'هل لديك رمز خصم؟' })).toBeVisible();
  await expect(main.getByLabel('رمز الخصم', { exact: true })).toBeHidden();
  await page.context().close();
});
