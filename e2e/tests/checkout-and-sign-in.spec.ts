import { test, expect } from '../fixtures/shop';
import { AccountPages } from '../fixtures/accounts';

/** The fake provider (another site than the shop's, as a real one is): chooses who signs in next. */
async function personAt(
  request: import('@playwright/test').APIRequestContext,
  provider: 'apple' | 'facebook',
  name: string,
) {
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
});
