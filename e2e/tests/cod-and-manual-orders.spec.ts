import type { Page } from '@playwright/test';
import { addressIn, expect, snap, test } from '../fixtures/shop';
import { newCustomer, registerCustomer, signInQuickly, verifyEmail } from '../fixtures/accounts';
import { openAdmin, pick, signInOwner, words } from '../fixtures/back-office';
import { anyPieceInStock, CheckoutPage, fillServerCart } from '../fixtures/checkout';

/** Screenshots of this story, under cod-manual/ of E2E_SCREENSHOTS. */
const snapTo = (page: Page, name: string) => snap(page, `cod-manual-${name}`);

/** The page in this language and theme from its first paint. */
async function lookIn(page: Page, lang: 'en' | 'ar', dark: boolean) {
  await page.addInitScript(
    ([l, d]) => {
      localStorage.setItem('i18nextLng', l);
      localStorage.setItem('darkMode', String(d));
    },
    [lang, dark] as const,
  );
}

for (const lang of ['en', 'ar'] as const) {
  // Arabic runs dark: the screenshots show both the right-to-left page and the dark theme.
  const dark = lang === 'ar';
  const checkout = words(lang, 'checkout');
  const confirmation = words(lang, 'orderConfirmation');
  const admin = words(lang);
  const c = (path: string, values?: Record<string, string | number>) => pick(checkout, path, values);
  const a = (path: string, values?: Record<string, string | number>) => pick(admin, path, values);

  test(`${lang}: a shopper in Dubai pays cash on delivery`, async ({ page }) => {
    const shopper = await registerCustomer(page.request, newCustomer());
    await verifyEmail(page.request, shopper);
    await fillServerCart(page.request, shopper, [await anyPieceInStock(page.request)]);
    await signInQuickly(page, shopper);
    await lookIn(page, lang, dark);

    await page.goto(addressIn(lang, '/checkout'));
    const form = new CheckoutPage(page, lang);
    await form.fillAddress(shopper.email);
    await form.continueToPayment.click();

    const cod = page.getByTestId('cash-on-delivery');
    await expect(cod.getByRole('heading', { name: c('cod.title') })).toBeVisible();
    await expect(page.getByTestId('cod-button')).toBeEnabled();
    await snapTo(page, `checkout-cod-${lang}${dark ? '-dark' : ''}`);

    await page.getByTestId('cod-button').click();
    await expect(page.getByRole('heading', { level: 1, name: pick(confirmation, 'title') })).toBeVisible();
    await expect(page.getByTestId('confirmation-method')).toHaveText(
      pick(confirmation, 'methods.cash_on_delivery'),
    );
    const number = await page.getByTestId('confirmation-order-number').innerText();

    // My orders says what is to be paid on delivery.
    await page.goto(addressIn(lang, '/account/orders'));
    await expect(page.getByText(number)).toBeVisible();
    await expect(page.getByTestId('order-awaiting-payment').first()).toBeVisible();
  });

  test(`${lang}: the owner records a WhatsApp order for a customer and marks it paid on delivery`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const owner = await signInOwner(page, page.request, `cod-${lang}`);
    // A WhatsApp customer quotes a code the owner made for them.
    const code = `WA${Date.now().toString(36).toUpperCase()}${lang.toUpperCase()}`;
    const made = await page.request.post('/api/v1/admin/discounts', {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { code, kind: 'amount', value: '100' },
    });
    expect(made.status(), await made.text()).toBe(201);
    await openAdmin(page, '/admin/orders', lang, dark);
    await page.getByRole('link', { name: a('orders.newOrder') }).click();
    await expect(page.getByRole('heading', { level: 1, name: a('newOrder.title') })).toBeVisible();

    const customer = newCustomer('Salma Bennani');
    await page.getByLabel(a('newOrder.name'), { exact: true }).first().fill(customer.name);
    await page.getByLabel(a('newOrder.email'), { exact: true }).first().fill(customer.email);
    await page.getByLabel(a('newOrder.phone'), { exact: true }).first().fill('+971 55 123 4567');

    // A piece with what is left of its size.
    const product = page.getByLabel(a('newOrder.product'), { exact: true });
    await expect(product.locator('option')).not.toHaveCount(1);
    await product.selectOption({ index: 1 });
    const colour = page.getByLabel(a('newOrder.colour'), { exact: true });
    const size = page.getByLabel(a('newOrder.size'), { exact: true });
    await expect(size).toBeVisible();
    // The picker opens on the product's first colour with a piece left; its sizes count that colour only.
    if (await colour.count()) await expect(colour).not.toHaveValue('');
    const inStock = await size
      .locator('option:not([disabled])')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(inStock.length).toBeGreaterThan(0);
    await size.selectOption(inStock[0]!);
    await page.getByRole('button', { name: a('newOrder.add'), exact: true }).click();
    await expect(page.getByTestId('new-order-lines').locator('li')).toHaveCount(1);

    await page.getByLabel(a('newOrder.addressLine'), { exact: true }).fill('Villa 3, Jumeirah 1');
    await page.getByLabel(a('newOrder.city'), { exact: true }).fill('Dubai');
    await page.getByLabel(a('newOrder.postalCode'), { exact: true }).fill('00000');
    await page.getByLabel(a('newOrder.note'), { exact: true }).fill('WhatsApp: deliver on Saturday');
    // A code that does not exist is refused on its field, and nothing is made.
    const discount = page.getByLabel(a('newOrder.discountCode'), { exact: true });
    await discount.fill('NO-SUCH-CODE');
    await page.getByTestId('new-order-submit').click();
    await expect(page.locator('#discount_code-error')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/orders\/new$/);
    await discount.fill(code.toLowerCase());
    await snapTo(page, `admin-new-order-${lang}${dark ? '-dark' : ''}`);

    await page.getByTestId('new-order-submit').click();
    await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
    await expect(
      page.getByText(`${a('paymentStatus.awaiting_payment')} · ${a('paymentMethod.cash_on_delivery')}`),
    ).toBeVisible();
    await expect(page.getByText('WhatsApp: deliver on Saturday', { exact: true })).toBeVisible();
    await expect(page.locator('bdi', { hasText: code })).toBeVisible();

    await page.getByRole('button', { name: a('orders.markPaid') }).click();
    await expect(page.getByText(a('orders.markedPaid'))).toBeVisible();
    await expect(
      page.getByText(`${a('paymentStatus.succeeded')} · ${a('paymentMethod.cash_on_delivery')}`),
    ).toBeVisible();
  });
}
