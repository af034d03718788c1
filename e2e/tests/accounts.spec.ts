import { addressIn, test, expect } from '../fixtures/shop';
import { seriousViolations } from '../fixtures/axe';
import {
  AccountPages,
  newCustomer,
  registerCustomer,
  signInQuickly,
  waitForEmail,
} from '../fixtures/accounts';

const PIECE = '/product/zahra-emerald-velvet-caftan';
/** An 8 x 8 emerald PNG, as a customer's photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQj/HCihiGlgQANCUxQQXbHqAAAAAASUVORK5CYII=',
  'base64',
);

test.describe('a shopper with an account', () => {
  test('registers, is signed in at once, logs out, fails with a wrong password and logs in again', async ({
    page,
    shop,
  }) => {
    const account = new AccountPages(page);
    const customer = newCustomer('Salma Bennani');
    await shop.open('/account/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

    // The form says what is missing before anything is sent.
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await page.getByLabel('Full name').fill(customer.name);
    await account.email.fill(customer.email);
    await account.password.fill('short');
    await page.getByLabel('Confirm password').fill('shorter');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText('Your password must be at least 8 characters long.')).toBeVisible();
    await expect(page.getByText('The two passwords do not match.')).toBeVisible();

    await account.password.fill(customer.password);
    await page.getByLabel('Confirm password').fill(customer.password);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Only the access token is kept in the browser; the refresh token is an HttpOnly cookie.
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
    // Signed in, the header shows whose account it is.
    await expect(page.getByRole('link', { name: 'My account' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: `${customer.name.split(' ')[0]}’s account` })).toHaveText(
      'S',
    );

    let menu = await account.openMenu();
    await expect(menu.getByText(customer.name)).toBeVisible();
    await expect(menu.getByText(customer.email)).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Orders' })).toBeVisible();
    await menu.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    await account.logIn({ email: customer.email, password: 'not-the-password' });
    await expect(
      page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/account\/login$/);

    await account.password.fill(customer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
    menu = await account.openMenu();
    await expect(menu.getByText(customer.email)).toBeVisible();
  });

  test('the guest cart joins the server cart on login and stays after a reload', async ({
    page,
    shop,
    product,
    request,
  }) => {
    const customer = await registerCustomer(request);
    const account = new AccountPages(page);
    await shop.open(PIECE);
    await product.size('L').check();
    await product.addToCart.click();
    await expect(shop.cartBadge).toHaveText('1');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'My account' }).click();
    await account.logIn(customer);
    await expect(page).toHaveURL(/\/$/);
    await expect(shop.cartBadge).toHaveText('1');
    // The browser's cart was handed over and emptied.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').items?.length ?? 0))
      .toBe(0);

    await page.reload();
    await expect(shop.cartBadge).toHaveText('1');
    await shop.cartButton.click();
    await expect(shop.cartDrawer.getByText('Size: L')).toBeVisible();

    // More of the same piece goes to the server cart too, and the drawer opens.
    await page.keyboard.press('Escape');
    await page.goto(PIECE);
    await product.size('L').check();
    await product.addToCart.click();
    await expect(shop.cartDrawer).toBeVisible();
    await expect(shop.cartBadge).toHaveText('2');
    await expect(shop.cartDrawer.getByTestId('cart-line')).toHaveCount(1);

    // Logging out shows the (empty) guest cart.
    await page.keyboard.press('Escape');
    await account.logOut();
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(shop.cartBadge).toHaveCount(0);
  });

  test('a protected page sends a guest to login and back; login sends a customer home', async ({
    page,
    shop,
    request,
  }) => {
    const customer = await registerCustomer(request);
    const account = new AccountPages(page);
    await shop.open('/account/profile');
    await expect(page).toHaveURL(/\/account\/login$/);
    await account.logIn(customer);
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();

    await page.goto('/account/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/account/register');
    await expect(page).toHaveURL(/\/$/);
  });

  test('forgets the password and chooses a new one through the e-mailed link', async ({
    page,
    shop,
    request,
  }) => {
    const customer = await registerCustomer(request);
    const account = new AccountPages(page);
    await shop.open('/account/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/account\/forgot-password$/);
    await account.email.fill(customer.email);
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `If an account exists for ${customer.email}` }),
    ).toBeVisible();

    const email = await waitForEmail(customer.email, { containing: '/account/reset-password?token=' });
    // It opens the page at its English address, right after the shop's host: no language prefix.
    const link = /(?<=\/\/[^/\s]+)\/account\/reset-password\?token=[A-Za-z0-9_-]+/.exec(email)?.[0];
    expect(link, 'the reset link in the e-mail').toBeTruthy();

    await page.goto(link ?? '');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    const fresh = `${customer.password}-new`;
    await page.getByLabel('New password').fill(fresh);
    await page.getByLabel('Confirm password').fill(fresh);
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await account.logIn({ email: customer.email, password: fresh });
    await expect(page).toHaveURL(/\/$/);

    // The link works once.
    await page.goto(link ?? '');
    await page.getByLabel('New password').fill('another-password');
    await page.getByLabel('Confirm password').fill('another-password');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page.getByText(/This password reset link is invalid/)).toBeVisible();
  });

  test('changes the name on the profile, and the menu follows', async ({ page, shop, request }) => {
    const customer = await registerCustomer(request);
    await signInQuickly(page, customer);
    await shop.open('/account/profile');
    const name = page.getByLabel('Full name');
    await expect(name).toHaveValue(customer.name);
    await name.fill('Salma El Idrissi');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();

    let menu = await new AccountPages(page).openMenu();
    await expect(menu.getByText('Salma El Idrissi')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Salma El Idrissi');

    // A photo: previewed at once, saved, then shown in the menu; and removed again.
    await page.getByText('Add a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      /^data:image\/png/,
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your profile photo' })).not.toHaveAttribute('src', /^data:/);
    menu = await new AccountPages(page).openMenu();
    await expect(menu.locator('img')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Remove the photo' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveCount(0);
  });

  test('keeps addresses: add, edit, choose the default, delete', async ({ page, shop, request }) => {
    const customer = await registerCustomer(request);
    await signInQuickly(page, customer);
    await shop.open('/account/addresses');
    await expect(page.getByText('You have not saved an address yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add an address' }).click();
    await page.getByRole('button', { name: 'Save the address' }).click();
    await expect(page.getByText('Please enter the city.')).toBeVisible();
    await expect(page.getByLabel('Country')).toHaveValue('AE');

    const fill = async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values))
        await page.getByLabel(label, { exact: true }).fill(value);
    };
    await fill({
      'Full name': 'Salma Bennani',
      'Email address': customer.email,
      Phone: '+971 50 123 4567',
      Address: 'Villa 12, Al Wasl Road',
      City: 'Dubai',
      'Postal code': '00000',
    });
    await page.getByRole('button', { name: 'Save the address' }).click();
    const cards = page.getByTestId('address-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByText('Default', { exact: true })).toBeVisible();
    await expect(cards.first().getByText('United Arab Emirates')).toBeVisible();

    await page.getByRole('button', { name: 'Edit the address of Salma Bennani' }).click();
    await page.getByLabel('City', { exact: true }).fill('Abu Dhabi');
    await page.getByRole('button', { name: 'Save the address' }).click();
    await expect(cards.first()).toContainText('Abu Dhabi');

    await page.getByRole('button', { name: 'Add an address' }).click();
    await fill({
      'Full name': 'Nadia Bennani',
      'Email address': customer.email,
      Phone: '+212 6 12 34 56 78',
      Address: '14 Derb Sidi Bouloukat',
      City: 'Marrakech',
      'Postal code': '40000',
    });
    await page.getByLabel('Country').selectOption('MA');
    await page.getByRole('button', { name: 'Save the address' }).click();
    await expect(cards).toHaveCount(2);
    const nadia = cards.filter({ hasText: 'Nadia Bennani' });
    const salma = cards.filter({ hasText: 'Salma Bennani' });
    await expect(nadia).toContainText('Morocco');

    await page.getByRole('button', { name: 'Make the address of Nadia Bennani the default' }).click();
    await expect(nadia.getByText('Default', { exact: true })).toBeVisible();
    await expect(salma.getByText('Default', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete the address of Salma Bennani' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(cards).toHaveCount(2);
    await page.getByRole('button', { name: 'Delete the address of Salma Bennani' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Nadia Bennani');
    await page.reload();
    await expect(page.getByTestId('address-card')).toHaveCount(1);
  });

  test('signs in with Google and comes back to the page it left', async ({ page, shop }) => {
    const oauth = process.env.E2E_OAUTH_URL ?? '';
    const id = `${Date.now()}${process.pid}`;
    const res = await page.request.post(`${oauth}/__control/user`, {
      data: {
        provider: 'google',
        sub: `google-${id}`,
        email: `amina.${id}@example.com`,
        email_verified: true,
        name: 'Amina Benali',
      },
    });
    expect(res.ok()).toBe(true);

    await shop.open('/account/addresses');
    await expect(page).toHaveURL(/\/account\/login$/);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My addresses' })).toBeVisible();
    const menu = await new AccountPages(page).openMenu();
    await expect(menu.getByText('Amina Benali')).toBeVisible();
  });

  test('a refused Google sign-in says so and offers the way back to login', async ({ page, shop }) => {
    const oauth = process.env.E2E_OAUTH_URL ?? '';
    await page.request.post(`${oauth}/__control/next`, {
      data: { provider: 'google', error: 'access_denied' },
    });
    await shop.open('/account/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeVisible();
    await expect(page.getByText('Failed to process Google login. Please try again.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
  });
});

test.describe('in Arabic', () => {
  test('registers and logs in right to left, with Arabic messages', async ({ page, shop }) => {
    const customer = newCustomer('سلمى بناني');
    const account = new AccountPages(page);
    await shop.open('/account/register', { lang: 'ar' });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'أنشئ حسابك' })).toBeVisible();

    await page.getByRole('button', { name: 'إنشاء حسابي' }).click();
    await expect(page.getByText('يرجى إدخال اسمك.')).toBeVisible();
    await expect(page.getByText('يرجى إدخال بريدك الإلكتروني.')).toBeVisible();
    await expect(page.getByText('يرجى إدخال كلمة المرور.')).toBeVisible();

    await page.getByLabel('الاسم الكامل').fill(customer.name);
    await account.email.fill(customer.email);
    await account.password.fill(customer.password);
    await page.getByLabel('تأكيد كلمة المرور').fill(customer.password);
    await page.getByRole('button', { name: 'إنشاء حسابي' }).click();
    // The Arabic home page: `/ar` inside the app (the router's basename), `/ar/` from the server.
    await expect(page).toHaveURL(/\/ar\/?$/);

    await account.logOut();
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'أهلاً بعودتك' })).toBeVisible();
    await account.logIn({ email: customer.email, password: 'not-the-password' });
    await expect(
      page.getByRole('alert').filter({ hasText: 'بيانات الدخول هذه لا تطابق أي حساب لدينا.' }),
    ).toBeVisible();
    await account.logIn(customer);
    await expect(page).toHaveURL(/\/ar\/?$/);
    const menu = await account.openMenu();
    await expect(menu.getByText(customer.name)).toBeVisible();
  });
  test('forgets the password and resets it through an Arabic e-mail, right to left', async ({
    page,
    shop,
    request,
  }) => {
    const customer = await registerCustomer(request, newCustomer('مريم السويدي'));
    const account = new AccountPages(page);
    await shop.open('/account/login', { lang: 'ar' });
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await expect(page).toHaveURL(/\/account\/forgot-password$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await account.email.fill(customer.email);
    await page.getByRole('button', { name: 'أرسل لي الرابط' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'إذا كان هناك حساب مسجّل بالبريد' }),
    ).toBeVisible();

    // The e-mail is written in the language the page was in.
    const email = await waitForEmail(customer.email, { containing: '/account/reset-password?token=' });
    expect(email).toContain('تلقّينا طلباً لإعادة تعيين كلمة المرور');
    // It opens the page at its Arabic address.
    const link = /\/ar\/account\/reset-password\?token=[A-Za-z0-9_-]+/.exec(email)?.[0];
    expect(link, 'the reset link in the e-mail').toBeTruthy();

    await page.goto(link ?? '');
    await expect(page.getByRole('heading', { level: 1, name: 'اختر كلمة مرور جديدة' })).toBeVisible();
    await page.getByLabel('كلمة المرور الجديدة').fill('short');
    await page.getByLabel('تأكيد كلمة المرور').fill('other');
    await page.getByRole('button', { name: 'حفظ كلمة المرور الجديدة' }).click();
    await expect(page).toHaveURL(/\/account\/reset-password/);
    const fresh = `${customer.password}-جديد`;
    await page.getByLabel('كلمة المرور الجديدة').fill(fresh);
    await page.getByLabel('تأكيد كلمة المرور').fill(fresh);
    await page.getByRole('button', { name: 'حفظ كلمة المرور الجديدة' }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(page.getByText('تم تغيير كلمة المرور. يمكنك الآن تسجيل الدخول بها.')).toBeVisible();

    await account.logIn({ email: customer.email, password: customer.password });
    await expect(
      page.getByRole('alert').filter({ hasText: 'بيانات الدخول هذه لا تطابق أي حساب لدينا.' }),
    ).toBeVisible();
    await account.logIn({ email: customer.email, password: fresh });
    await expect(page).toHaveURL(/\/ar\/?$/);
  });

  test('a guest’s cart follows a Google sign-in from checkout, in Arabic', async ({
    page,
    shop,
    product,
  }) => {
    const oauth = process.env.E2E_OAUTH_URL ?? '';
    const id = `${Date.now()}${process.pid}`;
    const res = await page.request.post(`${oauth}/__control/user`, {
      data: {
        provider: 'google',
        sub: `google-ar-${id}`,
        email: `noura.${id}@example.com`,
        email_verified: true,
        name: 'نورة المنصوري',
      },
    });
    expect(res.ok()).toBe(true);

    await shop.open(PIECE, { lang: 'ar' });
    await product.size('M').check();
    await product.addToCart.click();
    await expect(shop.cartBadge).toHaveText('1');
    await page.keyboard.press('Escape');

    await page.goto('/ar/checkout');
    await expect(page).toHaveURL(/\/ar\/account\/login$/);
    await page.getByRole('button', { name: 'المتابعة عبر Google' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(shop.cartBadge).toHaveText('1');
    const menu = await new AccountPages(page).openMenu();
    await expect(menu.getByText('نورة المنصوري')).toBeVisible();
  });
});

test.describe('accessibility of the account pages', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`axe finds nothing serious on login, register, profile and addresses in ${lang}`, async ({
      page,
      shop,
      request,
    }) => {
      test.slow(); // four audits of about 4 s each, and a sign-up
      const check = async (path: string) => {
        await page.goto(addressIn(lang, path));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page, path)).toEqual([]);
      };
      await shop.open('/', { lang });
      await check('/account/login');
      await check('/account/register');
      await check('/account/forgot-password');
      const customer = await registerCustomer(request);
      await signInQuickly(page, customer);
      await check('/account/profile');
      await page.request.post('/api/v1/account/addresses', {
        headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` },
        data: {
          name: 'Salma Bennani',
          email: customer.email,
          phone: '+971 50 123 4567',
          address: 'Villa 12, Al Wasl Road',
          city: 'Dubai',
          postalCode: '00000',
          country: 'AE',
        },
      });
      await check('/account/addresses');
    });
  }
});
