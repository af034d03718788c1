import type { Browser, Page } from '@playwright/test';
import { expect, snap, test } from '../fixtures/shop';
import { newCustomer, registerCustomer, waitForEmail } from '../fixtures/accounts';
import { enrolSecondFactor, openAdmin, pick, signInOwner, words, type Lang } from '../fixtures/back-office';
import { anyPieceInStock, buyThroughApi } from '../fixtures/checkout';
import { seriousViolations } from '../fixtures/axe';

/**
 * The owner invites a staff member; the invitee accepts in their language from the e-mailed link, sets up the
 * authenticator app, and works the orders without seeing revenue or the customers.
 */
async function invitee(browser: Browser, lang: Lang, dark: boolean, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([l, d]) => {
      localStorage.setItem('i18nextLng', l);
      localStorage.setItem('darkMode', String(d));
    },
    [lang, dark] as const,
  );
  return page;
}

/** Signs the staff member in through the API and sets up their app (as the admin stories do). */
async function enrol(page: Page, email: string, password: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const body = await login.json();
  expect(body.data.user.role).toBe('staff');
  const token = body.data.tokens.accessToken as string;
  await enrolSecondFactor(page, page.request, token);
  return token;
}

for (const [lang, dark, width] of [
  ['en', false, 1280],
  ['ar', true, 390],
] as const) {
  const t = words(lang);
  const w = (path: string, values?: Record<string, string | number>) => pick(t, path, values);
  const inv = words(lang, 'staffInvitation');
  const iw = (path: string) => pick(inv, path);

  test(`${lang}: the owner invites a staff member who accepts, sets up the app and ships an order, without revenue or customers`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await signInOwner(page, page.request, `staff-${lang}`);
    await openAdmin(page, '/admin/staff', lang, dark);
    await expect(page.getByRole('heading', { level: 1, name: w('staff.title') })).toBeVisible();

    const run = `${Date.now().toString(36)}${lang}`;
    const staff = {
      ...newCustomer(lang === 'ar' ? 'خديجة العلوي' : 'Khadija Alaoui'),
      email: `staff.${run}@example.ae`,
    };
    await page.getByLabel(w('staff.fields.name'), { exact: true }).fill(staff.name);
    await page.getByLabel(w('staff.fields.email'), { exact: true }).fill(staff.email);
    await page.getByLabel(w('staff.fields.language'), { exact: true }).selectOption(lang);
    await page.getByTestId('staff-invite').click();
    // The address is isolated in the sentence (U+2068…U+2069): an Arabic one keeps it whole, full stop after it.
    await expect(page.getByRole('status')).toHaveText(
      w('staff.invited', { email: `\u2068${staff.email}\u2069` }),
    );
    await expect(page.getByTestId('staff-invitations').getByText(staff.email)).toBeVisible();
    expect(await seriousViolations(page, 'staff page')).toEqual([]);
    await snap(page, `staff-page-${lang}${dark ? '-dark' : ''}`);

    // The invitee opens the link of the e-mail, in their language.
    const mail = await waitForEmail(staff.email, { containing: '/staff-invitation/' });
    const link = /https?:\/\/[^\s]+\/staff-invitation\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
    expect(link, 'an invitation link').toBeTruthy();
    const path = new URL(link!).pathname;
    expect(path.startsWith(lang === 'ar' ? '/ar/staff-invitation/' : '/staff-invitation/')).toBe(true);
    const them = await invitee(browser, lang, dark, width);
    await them.goto(path);
    await expect(them.getByRole('heading', { level: 1, name: iw('title') })).toBeVisible();
    await expect(them.getByTestId('staff-invitation-email')).toHaveText(staff.email);
    expect(await seriousViolations(them, 'invitation page')).toEqual([]);
    await snap(them, `staff-invitation-${lang}${dark ? '-dark' : ''}`);
    await them.getByLabel(iw('password'), { exact: true }).fill(staff.password);
    await them.getByLabel(iw('passwordConfirmation'), { exact: true }).fill(staff.password);
    await them.getByTestId('staff-invitation-accept').click();
    await expect(them).toHaveURL(/\/account\/login$/);

    // Signed in with the second factor, the back office opens: orders yes, revenue and customers no.
    await enrol(them, staff.email, staff.password);
    await them.goto(lang === 'ar' ? '/ar/admin' : '/admin');
    const nav = them.getByRole('navigation', { name: w('navLabel') });
    await expect(nav.getByRole('link', { name: w('nav.orders') })).toBeVisible();
    await expect(nav.getByRole('link', { name: w('nav.customers') })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: w('staff.nav') })).toHaveCount(0);
    await expect(them.getByRole('link', { name: new RegExp(w('dashboard.awaitingShipment')) })).toBeVisible();
    await expect(them.getByText(w('dashboard.revenue'), { exact: true })).toHaveCount(0);
    await them.goto(lang === 'ar' ? '/ar/admin/customers' : '/admin/customers');
    await expect(them.getByRole('heading', { level: 1, name: w('staff.ownersOnly.title') })).toBeVisible();

    // A shopper's order, shipped by the staff member.
    const shopper = await registerCustomer(page.request, newCustomer('Meriem Alaoui'));
    const order = await buyThroughApi(page.request, shopper, await anyPieceInStock(page.request));
    await them.goto(`${lang === 'ar' ? '/ar' : ''}/admin/orders/${order.order_id}`);
    await them.getByLabel(w('orders.newStatus')).selectOption('shipped');
    await them.getByLabel(w('orders.carrier')).fill('Aramex');
    await them.getByLabel(w('orders.tracking')).fill(`AWB${run}`);
    await them.getByRole('button', { name: w('orders.moveSubmit') }).click();
    await expect(
      them.getByText(w('orders.moved', { status: pick(words(lang, 'common'), 'orderStatus.shipped') }), {
        exact: true,
      }),
    ).toBeVisible();

    // The owner sees them on the staff, with their app set up.
    await page.reload();
    await expect(page.getByTestId('staff-members').getByText(staff.email)).toBeVisible();
    await them.context().close();
  });
}
