import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures/shop';
import { AccountPages, registerCustomer, signInQuickly } from '../fixtures/accounts';
import { screens } from '../fixtures/layout';
import { ADDRESS, CheckoutPage, fillServerCart, piecesInStock, tokenFor } from '../fixtures/checkout';

/** The fake provider (another site than the shop's, as a real one is): chooses who signs in next. */
async function personAt(request: APIRequestContext, provider: 'apple' | 'facebook', name: string) {
  const id = `${Date.now()}${process.pid}${Math.floor(Math.random() * 1e6)}`;
  const res = await request.post(`${process.env.E2E_OAUTH_URL ?? ''}/__control/user`, {
    data: {
      provider,
      // Facebook's user ids are digits; Apple's are opaque strings.
      sub: provider === 'facebook' ? id : `apple-${id}`,
      email: `${provider}.${id}@example.com`,
      email_verified: true,
      name,
    },
  });
  expect(res.ok()).toBe(true);
}

const SIGN_IN = [
  { provider: 'apple', label: 'Apple', lang: 'en', name: 'Rania Tazi', button: 'Continue with Apple' },
  { provider: 'apple', label: 'Apple', lang: 'ar', name: 'رانيا التازي', button: 'المتابعة عبر Apple' },
  {
    provider: 'facebook',
    label: 'Facebook',
    lang: 'en',
    name: 'Omar Chraibi',
    button: 'Continue with Facebook',
  },
  {
    provider: 'facebook',
    label: 'Facebook',
    lang: 'ar',
    name: 'عمر الشرايبي',
    button: 'المتابعة عبر Facebook',
  },
] as const;

test.describe('signing in with Apple and Facebook', () => {
  for (const { provider, label, lang, name, button } of SIGN_IN) {
    test(`signs in with ${label} over plain http and comes back to the page it left, in ${lang}`, async ({
      page,
      shop,
    }) => {
      await personAt(page.request, provider, name);
      await shop.open('/account/addresses', { lang });
      await expect(page).toHaveURL(/\/account\/login$/);
      await page.getByRole('button', { name: button }).click();
      // Apple answers with a cross-site form POST: the shop's Lax binding cookie must still find its way back.
      await expect(page).toHaveURL(/\/account\/addresses$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const menu = await new AccountPages(page).openMenu();
      await expect(menu.getByText(name)).toBeVisible();
    });
  }

  test('an Apple answer posted in a browser that did not begin the sign-in is refused, saying why', async ({
    page,
    shop,
    browser,
  }) => {
    // The attacker's browser begins a sign-in and keeps Apple's answer instead of posting it.
    const attacker = await browser.newContext();
    const theirs = await attacker.newPage();
    await personAt(theirs.request, 'apple', 'Someone Else');
    await theirs.route('**/api/v1/auth/apple/callback', (route) => route.abort());
    const answer = theirs.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/auth/apple/callback'),
    );
    await theirs.goto('/account/login');
    await theirs.getByRole('button', { name: 'Continue with Apple' }).click();
    const body = (await answer).postData() ?? '';
    await attacker.close();

    // The victim's browser is made to post it: refused, with what happened rather than "expired".
    await shop.open('/');
    await page.setContent(
      `<form method="post" action="${new URL('/api/v1/auth/apple/callback', page.url())}">` +
        [...new URLSearchParams(body)]
          .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replaceAll('"', '&quot;')}">`)
          .join('') +
        '<button>go</button></form>',
    );
    await page.getByRole('button', { name: 'go' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeVisible();
    await expect(
      page.getByText(/did not send back the cookie set when sign-in with Apple began/),
    ).toBeVisible();
    await expect(page.getByText(/expired or was already used/)).toHaveCount(0);
  });

  test('the callback page says why in the shopper language, and shows no other words from its address', async ({
    page,
    shop,
  }) => {
    await shop.open('/auth/apple/callback?error=no_cookie', { lang: 'ar' });
    await expect(page.getByRole('heading', { level: 1, name: 'تعذّر تسجيل دخولك' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('لم يُعِد هذا المتصفح ملف تعريف الارتباط');
    await expect(page.getByRole('alert')).toContainText('Apple');

    await shop.open('/auth/google/callback?error=too_many&minutes=3', { lang: 'fr' });
    await expect(page.getByRole('alert')).toContainText(
      'Trop de tentatives. Veuillez réessayer dans 3 minutes.',
    );

    // A crafted link cannot make the shop say something: unknown reasons get the page's own words only.
    await shop.open('/auth/google/callback?error=Your+account+is+locked.+Call+%2B971+50+000+0000', {
      lang: 'en',
    });
    await expect(page.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Failed to process Google login');
    await expect(page.getByText(/account is locked|50 000 0000/)).toHaveCount(0);
  });
});

test.describe('the address typed at checkout', () => {
  test('is saved to the address book when the box stays ticked, once, and not when it is unticked', async ({
    page,
    request,
    shop,
  }) => {
    test.slow(); // three checkouts and three visits to the address book
    const account = await registerCustomer(request);
    await fillServerCart(request, account, await piecesInStock(request, 1));
    await signInQuickly(page, account);
    const checkout = new CheckoutPage(page);
    const box = page.getByRole('checkbox', { name: 'Save this address to my address book' });
    const book = async () => {
      await shop.open('/account/addresses');
      await expect(page.getByRole('heading', { level: 1, name: 'My addresses' })).toBeVisible();
      return page.getByTestId('address-card');
    };

    // A new address, the box ticked by default: it is in the book once the address step is passed.
    await shop.open('/checkout');
    await checkout.fillAddress(account.email);
    await expect(box).toBeChecked();
    await checkout.continueToPayment.click();
    await expect(checkout.payButton).toBeVisible();
    let cards = await book();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(ADDRESS.address);

    // Another address with the box unticked: not added.
    await shop.open('/checkout');
    await expect(checkout.field('Street address', '')).toHaveValue(ADDRESS.address);
    await checkout.field('Street address', '').fill('7 Jumeirah Beach Road');
    await box.uncheck();
    await checkout.continueToPayment.click();
    await expect(checkout.payButton).toBeVisible();
    cards = await book();
    await expect(cards).toHaveCount(1);
    await expect(page.getByText('7 Jumeirah Beach Road')).toHaveCount(0);

    // The same address again, box ticked: still one entry.
    await shop.open('/checkout');
    await expect(checkout.field('Street address', '')).toHaveValue(ADDRESS.address);
    await expect(box).toBeChecked();
    await checkout.continueToPayment.click();
    await expect(checkout.payButton).toBeVisible();
    cards = await book();
    await expect(cards).toHaveCount(1);
  });

  test('that could not be saved is said so on the payment step, with a retry that saves it', async ({
    page,
    request,
    shop,
  }) => {
    const account = await registerCustomer(request);
    await fillServerCart(request, account, await piecesInStock(request, 1));
    await signInQuickly(page, account);
    const checkout = new CheckoutPage(page);
    let refused = 0;
    await page.route('**/api/v1/account/addresses', async (route) => {
      if (route.request().method() !== 'POST' || refused > 0) return route.fallback();
      refused++;
      await route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503 }),
      });
    });

    await shop.open('/checkout');
    await checkout.fillAddress(account.email);
    await checkout.continueToPayment.click();
    await expect(checkout.payButton).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: 'could not be saved to your address book' });
    await expect(notice).toBeVisible();
    expect(refused).toBe(1);

    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/account/addresses'),
    );
    await notice.getByRole('button', { name: 'Try again' }).click();
    expect((await saved).status()).toBe(201);
    await expect(notice).toHaveCount(0);
    await shop.open('/account/addresses');
    await expect(page.getByTestId('address-card')).toHaveCount(1);
    await expect(page.getByTestId('address-card').first()).toContainText(ADDRESS.address);
  });
});

/** The spec's amount format: "AED 1,250" in English and French, "1,250 د.إ" in Arabic (Latin digits, comma). */
const AMOUNT = {
  en: /^AED\u00a0\d{1,3}(,\d{3})*(\.\d\d)?$/,
  fr: /^AED\u00a0\d{1,3}(,\d{3})*(\.\d\d)?$/,
  ar: /^\d{1,3}(,\d{3})*(\.\d\d)?\u00a0د\.إ$/,
} as const;
const PAY = { en: 'Complete payment - ', fr: 'Finaliser le paiement - ', ar: 'إتمام الدفع - ' } as const;

test.describe('amounts', () => {
  for (const lang of ['en', 'fr', 'ar'] as const) {
    test(`the cart, the checkout's summary and the pay button write the total in the spec's format, in ${lang}`, async ({
      page,
      request,
      shop,
    }) => {
      test.slow(); // a cart, then both checkout steps
      const account = await registerCustomer(request);
      await fillServerCart(request, account, await piecesInStock(request, 2));
      // A saved address fills the checkout's form in every language.
      const saved = await request.post('/api/v1/account/addresses', {
        headers: { authorization: `Bearer ${await tokenFor(request, account)}` },
        data: { ...ADDRESS, email: account.email, country: 'AE' },
      });
      expect(saved.status()).toBe(201);
      await signInQuickly(page, account);
      const checkout = new CheckoutPage(page);

      await shop.open('/cart', { lang });
      const total = (await page.getByTestId('cart-page-total').textContent()) ?? '';
      expect(total).toMatch(AMOUNT[lang]);

      await shop.open('/checkout', { lang });
      await expect(page.getByTestId('checkout-total').first()).toHaveText(total);
      // Continued once the saved address has filled the form (a tap before that finds it empty).
      await expect(page.locator('input[autocomplete="street-address"]')).toHaveValue(ADDRESS.address);
      await page.locator('form button[type=submit]').first().click();
      await expect(checkout.payButton).toBeVisible();
      expect(await checkout.payButton.textContent()).toBe(`${PAY[lang]}${total}`);
      await expect(page.getByTestId('checkout-total').first()).toHaveText(total);
    });
  }
});

test.describe('screens of the changed pages', () => {
  for (const lang of ['en', 'fr', 'ar'] as const) {
    for (const dark of [false, true]) {
      test(`the address step, the payment step, the address book and the login page, ${lang}${dark ? ', dark' : ''}`, async ({
        page,
        request,
        shop,
      }) => {
        test.slow(); // eight screenshots
        const look = `${lang}-${dark ? 'dark' : 'light'}`;
        const shot = (name: string) => screens(page, `checkout-${name}-${look}`);
        await shop.open('/account/login', { lang, dark });
        await shot('login');
        const account = await registerCustomer(request);
        await fillServerCart(request, account, await piecesInStock(request, 1));
        await request.post('/api/v1/account/addresses', {
          headers: { authorization: `Bearer ${await tokenFor(request, account)}` },
          data: { ...ADDRESS, email: account.email, country: 'AE' },
        });
        await signInQuickly(page, account);
        await shop.open('/checkout', { lang, dark });
        // The save box: the first checkbox of the step, before the bag reminder's.
        const box = page.getByRole('checkbox').first();
        await expect(box).toBeChecked();
        await screens(page, `checkout-address-step-${look}`, () => box.scrollIntoViewIfNeeded());
        await page.locator('form button[type=submit]').first().click();
        await expect(new CheckoutPage(page).payButton).toBeVisible();
        await shot('payment-step');
        await shop.open('/account/addresses', { lang, dark });
        await expect(page.getByTestId('address-card')).toHaveCount(1);
        await shot('address-book');
      });
    }
  }
});
