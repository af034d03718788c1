import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as OTPAuth from 'otpauth';
import { addressIn, expect, snap, test } from '../fixtures/shop';
import {
  AccountPages,
  newCustomer,
  ownerOfThisTry,
  registerCustomer,
  verifyEmail,
  waitForEmail,
} from '../fixtures/accounts';

type Lang = 'en' | 'ar';
type Texts = Record<string, unknown>;

/** The storefront's own words, so each story reads the page in the language it is in. */
const words = (lang: Lang, ns: string): Texts =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, `../../apps/web/public/locales/${lang}/${ns}.json`), 'utf8'),
  ) as Texts;
const pick = (texts: Texts, path: string): string =>
  path.split('.').reduce<unknown>((node, key) => (node as Texts)[key], texts) as string;

const totp = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

for (const lang of ['en', 'ar'] as const) {
  const auth = words(lang, 'auth');
  const account = words(lang, 'account');
  const a = (key: string) => pick(auth, key);
  const c = (key: string) => pick(account, key);
  // English in the light theme, Arabic in the dark one.
  const look = { lang, dark: lang === 'ar' };
  // The home page in the story's language (Arabic's is `/ar` inside the app, `/ar/` from the server).
  const home = lang === 'en' ? /\/$/ : new RegExp(`/${lang}/?$`);

  test.describe(`account security in ${lang}`, () => {
    test('confirms the e-mail address through the e-mailed link', async ({ page, shop }) => {
      const customer = newCustomer(lang === 'ar' ? 'سلمى بناني' : 'Salma Bennani');
      const pages = new AccountPages(page);
      await shop.open('/account/register', look);
      await page.getByLabel(pick(auth, 'fields.name')).fill(customer.name);
      await pages.email.fill(customer.email);
      await pages.password.fill(customer.password);
      await page.getByLabel(a('fields.passwordConfirmation')).fill(customer.password);
      await page.getByRole('button', { name: a('register.submit') }).click();
      await expect(page).toHaveURL(home);

      await page.goto(addressIn(lang, '/account/profile'));
      await expect(page.getByText(c('profile.unverified'))).toBeVisible();
      const mail = await waitForEmail(customer.email, { containing: '/account/verify-email?token=' });
      // It opens the page in the language the shopper registered in.
      const link = /(?<=\/\/[^/\s]+)(\/(fr|ar))?\/account\/verify-email\?token=[A-Za-z0-9_-]{43}/.exec(
        mail,
      )?.[0];
      expect(link, 'the confirmation link').toMatch(
        new RegExp(`^${addressIn(lang, '/account/verify-email')}`),
      );

      // Opening the link confirms nothing (a mail scanner opens links too): the owner types the password.
      await page.goto(link ?? '');
      await expect(page.getByRole('heading', { level: 1, name: a('verify.title') })).toBeVisible();
      await page.getByLabel(a('fields.password'), { exact: true }).fill(customer.password);
      await page.getByRole('button', { name: a('verify.submit') }).click();
      await expect(page.getByRole('heading', { level: 1, name: a('verify.doneTitle') })).toBeVisible();
      await expect(page.getByText(a('verify.done'))).toBeVisible();
      await snap(page, `verify-email-${lang}`);
      await page.getByRole('link', { name: a('verify.toAccount') }).click();
      await expect(page).toHaveURL(/\/account\/profile$/);
      await expect(page.getByText(c('profile.unverified'))).toHaveCount(0);

      // The link works once.
      await page.goto(link ?? '');
      await page.getByLabel(a('fields.password'), { exact: true }).fill(customer.password);
      await page.getByRole('button', { name: a('verify.submit') }).click();
      await expect(page.getByText(a('verify.invalid'))).toBeVisible();
    });

    test('lists the signed-in devices, signs one out, then everywhere', async ({ page, shop, browser }) => {
      const customer = await registerCustomer(page.request, newCustomer());
      // A phone signed in to the same account.
      const phone = await browser.newContext({
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      });
      const phonePage = await phone.newPage();
      await phonePage.goto('/account/login');
      await new AccountPages(phonePage).logIn(customer);
      await expect(phonePage).toHaveURL(/\/$/);

      await shop.open('/account/login', look);
      await new AccountPages(page).logIn(customer);
      await expect(page).toHaveURL(home);
      await page.goto(addressIn(lang, '/account/security'));
      await expect(page.getByRole('heading', { level: 2, name: c('security.devices') })).toBeVisible();
      const devices = page
        .getByRole('listitem')
        .filter({ hasText: c('security.since').split('{{')[0]?.trim() });
      await expect(devices).toHaveCount(2);
      await expect(page.getByText(c('security.thisDevice'), { exact: true })).toBeVisible();
      await expect(page.getByText('Safari · iPhone')).toBeVisible();
      await snap(page, `security-${lang}`);

      await page
        .getByRole('button', { name: c('security.signOutOf').replace('{{device}}', 'Safari · iPhone') })
        .click();
      await expect(page.getByText(c('security.signedOut'))).toBeVisible();
      await expect(devices).toHaveCount(1);
      // The phone is signed out at once: its next call is refused, and the shop sends it to log in.
      await phonePage.goto('/account/profile');
      await expect(phonePage).toHaveURL(/\/account\/login$/);
      await phone.close();

      await page.getByRole('button', { name: c('security.signOutEverywhere') }).click();
      const dialog = page.getByRole('dialog', { name: c('security.everywhereTitle') });
      await dialog.getByRole('button', { name: c('security.signOutEverywhere') }).click();
      await expect(page).toHaveURL(/\/account\/login$/);
      await page.goto(addressIn(lang, '/account/security'));
      await expect(page).toHaveURL(/\/account\/login$/);
    });

    test('an admin sets up an authenticator app, then confirms each sign-in with it', async ({
      page,
      shop,
    }) => {
      const owner = { ...newCustomer('Lalla Owner'), email: ownerOfThisTry(lang) };
      await registerCustomer(page.request, owner);
      await verifyEmail(page.request, owner);

      // ADMIN_EMAILS makes the verified owner an admin at sign-in; an admin's sign-in has a second step.
      await shop.open('/account/login', look);
      await new AccountPages(page).logIn(owner);
      await expect(page).toHaveURL(/\/account\/two-factor$/);
      await expect(page.getByRole('heading', { level: 1, name: a('twoFactor.setUpTitle') })).toBeVisible();
      await snap(page, `two-factor-setup-${lang}`);
      await page.getByRole('link', { name: a('twoFactor.setUp') }).click();
      await expect(page).toHaveURL(/\/account\/security$/);

      await page.getByRole('button', { name: c('security.twoFactor.setUp') }).click();
      await expect(page.getByRole('img', { name: c('security.twoFactor.qrAlt') })).toBeVisible();
      const key = (await page.locator('code[dir="ltr"]').first().textContent())?.replace(/\s/g, '') ?? '';
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      await snap(page, `security-enrol-${lang}`);
      await page.getByLabel(c('security.twoFactor.codeLabel')).fill('123');
      await page.getByRole('button', { name: c('security.twoFactor.confirm') }).click();
      await expect(page.getByText(c('security.twoFactor.codeFormat'))).toBeVisible();
      await page.getByLabel(c('security.twoFactor.codeLabel')).fill(totp(key));
      await page.getByRole('button', { name: c('security.twoFactor.confirm') }).click();
      await expect(page.getByText(c('security.twoFactor.enabled'))).toBeVisible();
      const codes = page
        .getByRole('list', { name: c('security.twoFactor.codesLabel') })
        .getByRole('listitem');
      await expect(codes).toHaveCount(10);
      await snap(page, `security-recovery-codes-${lang}`);
      await page.getByRole('link', { name: c('security.twoFactor.saved') }).click();
      await expect(page).toHaveURL(home);

      // The next sign-in asks for a code; a wrong one is refused, the app's next one lets the admin in.
      await new AccountPages(page).logOut();
      await expect(page).toHaveURL(/\/account\/login$/);
      await new AccountPages(page).logIn(owner);
      await expect(page).toHaveURL(/\/account\/two-factor$/);
      await expect(page.getByRole('heading', { level: 1, name: a('twoFactor.title') })).toBeVisible();
      const code = page.getByLabel(a('twoFactor.codeLabel'));
      await code.fill('000000');
      await page.getByRole('button', { name: a('twoFactor.submit'), exact: true }).click();
      await expect(page.getByText(a('twoFactor.codeWrong'))).toBeVisible();
      await snap(page, `two-factor-step-${lang}`);
      await code.fill(totp(key, 1));
      await page.getByRole('button', { name: a('twoFactor.submit'), exact: true }).click();
      await expect(page).toHaveURL(home);
      await page.goto(addressIn(lang, '/account/security'));
      const left = c(
        lang === 'ar' ? 'security.twoFactor.codesLeft_few' : 'security.twoFactor.codesLeft_other',
      );
      await expect(page.getByText(left.replace('{{count}}', '10'))).toBeVisible();

      // A new phone: removing the app asks for the password first (an open session alone is not enough).
      await page.getByRole('button', { name: c('security.twoFactor.remove') }).click();
      const proof = page.getByLabel(c('security.twoFactor.proofLabel'));
      await proof.fill('Not-The-Password-1');
      await page.getByRole('button', { name: c('security.twoFactor.confirmRemove') }).click();
      await expect(page.getByText(c('security.twoFactor.proofWrong'))).toBeVisible();
      await snap(page, `security-remove-proof-${lang}`);
      await proof.fill(owner.password);
      await page.getByRole('button', { name: c('security.twoFactor.confirmRemove') }).click();
      await page.getByRole('button', { name: c('security.twoFactor.setUp') }).click();
      const newKey = (await page.locator('code[dir="ltr"]').first().textContent())?.replace(/\s/g, '') ?? '';
      expect(newKey).toMatch(/^[A-Z2-7]{32}$/);
      expect(newKey).not.toBe(key);
      await page.getByLabel(c('security.twoFactor.codeLabel')).fill(totp(newKey));
      await page.getByRole('button', { name: c('security.twoFactor.confirm') }).click();
      await expect(page.getByText(c('security.twoFactor.enabled'))).toBeVisible();
    });

    test('the owner confirms an address a squatter registered first, and is then the only one with access', async ({
      page,
      shop,
      browser,
    }) => {
      // Someone registers the owner's address (ADMIN_EMAILS) with a password of their own, and stays signed in.
      const squatter = { ...newCustomer('Not The Owner'), email: ownerOfThisTry(`squat-${lang}`) };
      await registerCustomer(page.request, squatter);
      const elsewhere = await browser.newContext();
      const squatterPage = await elsewhere.newPage();
      await squatterPage.goto('/account/login');
      await new AccountPages(squatterPage).logIn(squatter);
      await expect(squatterPage).toHaveURL(/\/$/);

      // The owner opens the e-mailed link and, not knowing that password, chooses a new one.
      const mail = await waitForEmail(squatter.email, { containing: '/account/verify-email?token=' });
      const link = /(?<=\/\/[^/\s]+)(\/(fr|ar))?\/account\/verify-email\?token=[A-Za-z0-9_-]{43}/.exec(
        mail,
      )?.[0];
      await shop.open('/', look);
      await page.goto(addressIn(lang, link?.replace(/^\/(fr|ar)/, '') ?? ''));
      await expect(page.getByRole('heading', { level: 1, name: a('verify.title') })).toBeVisible();
      await page.getByRole('button', { name: a('verify.chooseNew') }).click();
      const ownerPassword = `Zellige-${Math.random().toString(36).slice(2, 10)}-Fountain`;
      await page.getByLabel(a('fields.newPassword')).fill(ownerPassword);
      await page.getByLabel(a('fields.passwordConfirmation')).fill(ownerPassword);
      await snap(page, `verify-email-new-password-${lang}`);
      await page.getByRole('button', { name: a('verify.submitNew') }).click();
      await expect(page.getByText(a('verify.handedOver'))).toBeVisible();

      // The squatter's sign-in ended at once, and their password opens nothing.
      await squatterPage.goto('/account/profile');
      await expect(squatterPage).toHaveURL(/\/account\/login$/);
      const again = await squatterPage.request.post('/api/v1/auth/login', {
        data: { email: squatter.email, password: squatter.password },
      });
      expect(again.status()).toBe(401);
      await elsewhere.close();

      // The owner signs in: an admin with no authenticator of anyone else's, asked to set up their own.
      await page.getByRole('link', { name: a('verify.toLogin') }).click();
      await new AccountPages(page).logIn({ email: squatter.email, password: ownerPassword });
      await expect(page).toHaveURL(/\/account\/two-factor$/);
      await expect(page.getByRole('heading', { level: 1, name: a('twoFactor.setUpTitle') })).toBeVisible();
    });
  });
}
