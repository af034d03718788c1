import { addressIn, test, expect, Shop } from '../fixtures/shop';
import { AccountPages, newCustomer, registerCustomer, signInQuickly } from '../fixtures/accounts';
import { CheckoutPage, fillServerCart, installApplePay, piecesInStock } from '../fixtures/checkout';
import { seriousViolations } from '../fixtures/axe';

const money = (amount: number) => `AED\u00a0${amount.toLocaleString('en-US')}`;

test.describe('a customer pays and follows the order', () => {
  test('a guest fills the cart, logs in at checkout, pays by card and finds the order in my orders', async ({
    page,
    request,
    shop,
    product,
  }) => {
    const account = await registerCustomer(request);
    const [first, second] = await piecesInStock(request, 2);
    if (!first || !second) throw new Error('the demo catalogue has no pieces in stock');

    // As a guest: two pieces in the browser's cart.
    for (const piece of [first, second]) {
      await shop.open(`/product/${piece.slug}`);
      await product.size('M').check();
      await product.addToCart.click();
      await expect(shop.cartDrawer.getByText(piece.name)).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await expect(shop.cartBadge).toHaveText('2');
    const total = first.price + second.price;

    // Checkout is for customers: the guest is asked to log in, then comes back to it.
    await shop.cartButton.click();
    await shop.cartDrawer.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    await new AccountPages(page).logIn(account);

    await expect(page).toHaveURL(/\/checkout$/);
    const checkout = new CheckoutPage(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByText(first.name)).toBeVisible();
    await expect(summary.getByText(second.name)).toBeVisible();
    await expect(summary.getByTestId('checkout-total')).toHaveText(money(total));

    // Step 1: the account's name and e-mail are filled in; nothing else can be skipped.
    await expect(checkout.field('Full name', '')).toHaveValue(account.name);
    await checkout.continueToPayment.click();
    await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
    await expect(checkout.field('Full name', '')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(checkout.field('Street address', '')).toHaveAttribute('aria-invalid', 'true');
    await expect(checkout.field('Phone number', '')).toHaveAttribute('type', 'tel');
    await checkout.fillAddress(account.email);
    await expect(
      page
        .getByRole('main')
        .getByText(/costs and delivery times for your country are shown at the next step/),
    ).toBeVisible();
    await checkout.continueToPayment.click();

    // Step 2: the test-mode card form, checked before it is sent.
    await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
    await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
    const number = checkout.field('Card number', '');
    await expect(number).toHaveAttribute('autocomplete', 'cc-number');
    await expect(number).toHaveAttribute('inputmode', 'numeric');
    await number.fill('4242424242424241');
    await number.blur();
    await expect(page.getByText('Your card number is invalid.')).toBeVisible();
    await number.fill('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await expect(page.getByTestId('card-brand')).toHaveAttribute('data-brand', 'visa');
    await expect(checkout.payButton).toHaveText(`Complete payment - ${money(total)}`);
    await checkout.payByCard('4242 4242 4242 4242');

    // Paid: the confirmation, then the cart is empty.
    await expect(page.getByText('Payment successful')).toBeVisible();
    await expect(page).toHaveURL(/\/order-confirmation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    const orderNumber = (await page.getByTestId('confirmation-order-number').innerText()).trim();
    expect(orderNumber).not.toBe('');
    await expect(page.getByTestId('confirmation-total')).toHaveText(money(total));
    await expect(page.getByText('Credit card')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View the invoice' })).toHaveAttribute(
      'href',
      /^\/account\/orders\/\d+\/invoice$/,
    );
    await expect(shop.cartBadge).toHaveCount(0);

    // My orders: the new order, received, with its details.
    await page.getByRole('link', { name: 'View my orders' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(page.getByRole('tab', { name: /Order received/ })).toContainText('1');
    const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
    await expect(card).toBeVisible();
    await expect(card.getByText('Order received')).toBeVisible();
    await expect(card.getByTestId('order-total')).toHaveText(money(total));

    const opener = card.getByRole('button', { name: /View details/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(orderNumber) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(first.name)).toBeVisible();
    await expect(dialog.getByText(second.name)).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Order progress' })).toBeVisible();
    await expect(dialog.getByText('12 Al Wasl Road, Villa 4')).toBeVisible();
    // Only a delivered order can be ordered again.
    await expect(dialog.getByRole('button', { name: 'Order again' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a declined card says so and makes no order', async ({ page, request, shop }) => {
    const account = await registerCustomer(request);
    const pieces = await piecesInStock(request, 1);
    await fillServerCart(request, account, pieces);
    await signInQuickly(page, account);

    await shop.open('/checkout');
    const checkout = new CheckoutPage(page);
    await checkout.fillAddress(account.email);
    await checkout.continueToPayment.click();
    await checkout.payByCard('4000 0000 0000 0002');

    await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(checkout.payButton).toBeEnabled();

    await shop.open('/account/orders');
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await expect(page.getByTestId('order-card')).toHaveCount(0);
  });

  test('a declined test card is said in Arabic, whatever the sandbox’s English', async ({
    page,
    request,
    shop,
  }) => {
    const account = await registerCustomer(request, newCustomer('سلمى بناني'));
    const pieces = await piecesInStock(request, 1);
    await fillServerCart(request, account, pieces);
    await signInQuickly(page, account);

    await shop.open('/checkout', { lang: 'ar' });
    const checkout = new CheckoutPage(page, 'ar');
    await checkout.fillAddress(account.email);
    await checkout.continueToPayment.click();
    await checkout.payByCard('4000 0000 0000 0002');
    await expect(page.getByTestId('payment-error')).toHaveText('تم رفض بطاقتك.');
    await checkout.payByCard('4000 0000 0000 9995');
    await expect(page.getByTestId('payment-error')).toHaveText('رصيد بطاقتك غير كافٍ.');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(checkout.payButton).toBeEnabled();
  });

  test('Apple Pay, where the device offers it, pays in one tap', async ({ page, request, shop }) => {
    const account = await registerCustomer(request);
    const pieces = await piecesInStock(request, 2);
    await fillServerCart(request, account, pieces);
    const total = pieces.reduce((sum, p) => sum + p.price, 0);
    await signInQuickly(page, account);
    await installApplePay(page);

    await shop.open('/checkout');
    const checkout = new CheckoutPage(page);
    await checkout.fillAddress(account.email);
    await checkout.continueToPayment.click();
    await page.getByRole('button', { name: 'Pay with Apple Pay' }).click();

    await expect(page).toHaveURL(/\/order-confirmation$/);
    await expect(page.getByText('Apple Pay')).toBeVisible();
    await expect(page.getByTestId('confirmation-total')).toHaveText(money(total));

    await shop.open('/account/orders');
    await page
      .getByTestId('order-card')
      .getByRole('button', { name: /View details/ })
      .click();
    await expect(page.getByRole('dialog').getByText('Apple Pay')).toBeVisible();
  });

  test('the Apple Pay sheet is asked for the cart total with the shop’s wallet settings', async ({
    page,
    request,
    shop,
  }) => {
    const account = await registerCustomer(request);
    const pieces = await piecesInStock(request, 1);
    await fillServerCart(request, account, pieces);
    await signInQuickly(page, account);
    await installApplePay(page);

    await shop.open('/checkout');
    const checkout = new CheckoutPage(page);
    await checkout.fillAddress(account.email);
    await checkout.continueToPayment.click();
    // Hold the redirect: the page's record of the wallet session is read before it goes.
    await page.clock.install();
    await page.getByRole('button', { name: 'Pay with Apple Pay' }).click();
    await expect(page.getByText('Payment successful')).toBeVisible();

    const record = await page.evaluate(() => (window as unknown as { __applePay: any }).__applePay);
    expect(record.version).toBe(3);
    expect(record.merchantValidated).toBe(true);
    expect(record.completed).toEqual([0]);
    expect(record.request).toMatchObject({
      countryCode: 'AE',
      currencyCode: 'AED',
      supportedNetworks: ['visa', 'masterCard', 'amex'],
      merchantCapabilities: ['supports3DS', 'supportsCredit', 'supportsDebit'],
      total: { amount: pieces[0]?.price.toFixed(2) },
      requiredShippingContactFields: ['postalAddress', 'name', 'phone', 'email'],
    });
    expect(record.request.lineItems[1]).toMatchObject({ amount: '0.00' });

    await page.clock.runFor(1100);
    await expect(page).toHaveURL(/\/order-confirmation$/);
  });

  test('the whole checkout in Arabic, right to left, with amounts in dirhams', async ({
    page,
    request,
    shop,
  }) => {
    const account = await registerCustomer(request, newCustomer('سلمى بناني'));
    const pieces = await piecesInStock(request, 1);
    await fillServerCart(request, account, pieces);
    const total = pieces[0]?.price ?? 0;
    const dirhams = `${total.toLocaleString('en-US')}\u00a0د.إ`;
    await signInQuickly(page, account);

    await shop.open('/checkout', { lang: 'ar' });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'إتمام الطلب' })).toBeVisible();
    const checkout = new CheckoutPage(page, 'ar');

    await checkout.continueToPayment.click();
    await expect(page.getByText('يرجى ملء جميع الحقول المطلوبة.')).toBeVisible();
    await checkout.fillAddress(account.email);
    await expect(page.getByRole('complementary').getByTestId('checkout-total')).toHaveText(dirhams);
    await checkout.continueToPayment.click();

    await expect(page.getByRole('heading', { level: 2, name: 'الدفع' })).toBeVisible();
    await expect(checkout.payButton).toHaveText(`إتمام الدفع - ${dirhams}`);
    await checkout.payByCard('4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/order-confirmation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'شكرًا لطلبك' })).toBeVisible();
    await expect(page.getByTestId('confirmation-total')).toHaveText(dirhams);

    await page.getByRole('link', { name: 'عرض طلباتي' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'طلباتي' })).toBeVisible();
    const card = page.getByTestId('order-card');
    await expect(card.getByText('تم استلام الطلب')).toBeVisible();
    await expect(card.getByTestId('order-total')).toHaveText(dirhams);
    expect(Shop.amount(await card.getByTestId('order-total').innerText())).toBe(total);
  });
});

test.describe('accessibility of checkout and orders', () => {
  for (const [lang, dark] of [
    ['en', false],
    ['ar', true],
  ] as const) {
    test(`axe finds nothing serious on both checkout steps, the confirmation, my orders and an order's details in ${lang}${dark ? ', dark' : ''}`, async ({
      page,
      request,
      shop,
    }) => {
      test.slow(); // six audits of about 4 s each
      const account = await registerCustomer(request);
      await fillServerCart(request, account, await piecesInStock(request, 2));
      await signInQuickly(page, account);
      const checkout = new CheckoutPage(page, lang);
      const found: string[] = [];

      await shop.open('/checkout', { lang, dark });
      await checkout.continueToPayment.click();
      found.push(...(await seriousViolations(page, 'address step with errors')));
      await checkout.fillAddress(account.email);
      await checkout.continueToPayment.click();
      await expect(checkout.payButton).toBeEnabled();
      found.push(...(await seriousViolations(page, 'payment step')));
      await checkout.payByCard('4000 0000 0000 0002');
      await expect(page.getByTestId('payment-error')).toBeVisible();
      found.push(...(await seriousViolations(page, 'declined card')));
      await checkout.payByCard('4242 4242 4242 4242');
      await expect(page).toHaveURL(/\/order-confirmation$/);
      found.push(...(await seriousViolations(page, 'confirmation')));

      await page.goto(addressIn(lang, '/account/orders'));
      const card = page.getByTestId('order-card');
      await expect(card).toHaveCount(1);
      found.push(...(await seriousViolations(page, 'my orders')));
      await card.getByRole('button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      found.push(...(await seriousViolations(page, 'order details')));
      expect(found).toEqual([]);
    });
  }
});
