import type { Page } from '@playwright/test';
import { addressIn, expect, snap, test } from '../fixtures/shop';
import { newCustomer, registerCustomer, verifyEmail, waitForEmail } from '../fixtures/accounts';
import { seriousViolations } from '../fixtures/axe';
import { fitsAPhone, openAdmin, pick, signInOwner, words } from '../fixtures/back-office';
import { anyPieceInStock, buyThroughApi } from '../fixtures/checkout';

/** Screenshots of this story, named desk-… under E2E_SCREENSHOTS. */
const snapTo = (page: Page, name: string) => snap(page, `desk-${name}`);

// English light at 1280 px, Arabic dark at 390 px: the pair every back-office story shows.
for (const [lang, dark, width] of [
  ['en', false, 1280],
  ['ar', true, 390],
] as const) {
  const admin = words(lang);
  const contact = words(lang, 'contact');
  const a = (path: string, values?: Record<string, string | number>) => pick(admin, path, values);
  const c = (path: string) => pick(contact, path);
  const suffix = `${lang}${dark ? '-dark' : ''}`;
  const run = `${Date.now().toString(36)}${lang}`;
  const text =
    lang === 'en'
      ? {
          message: `Is the Noor caftan lined? (${run})`,
          reply: `Yes, it is lined in silk. <b>Bold</b> (${run})`,
          note: `Prefers WhatsApp after 6 pm (${run})`,
          orderNote: `Gift wrap, no price tag (${run})`,
        }
      : {
          message: `هل قفطان نور مبطن؟ (${run})`,
          reply: `نعم، مبطن بالحرير. <b>Bold</b> (${run})`,
          note: `تفضل واتساب بعد السادسة مساءً (${run})`,
          orderNote: `تغليف هدية بدون سعر (${run})`,
        };

  test(`${lang}: the owner replies to a contact message, notes and tags the customer, and filters by the tag`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const shopper = newCustomer(lang === 'en' ? 'Salma Bennani' : 'سلمى بناني');
    await registerCustomer(page.request, shopper);
    await verifyEmail(page.request, shopper);
    const order = await buyThroughApi(page.request, shopper, await anyPieceInStock(page.request), lang);

    // The shopper writes from the storefront's contact form, in the page's language.
    await page.addInitScript(
      ([l, d]) => {
        localStorage.setItem('i18nextLng', l);
        localStorage.setItem('darkMode', String(d));
      },
      [lang, dark] as const,
    );
    await page.goto(addressIn(lang, '/contact'));
    await page.getByLabel(c('form.name'), { exact: false }).first().fill(shopper.name);
    await page.getByLabel(c('form.email'), { exact: false }).first().fill(shopper.email);
    await page.getByRole('textbox', { name: c('form.message'), exact: true }).fill(text.message);
    await page.getByRole('button', { name: c('form.submit') }).click();
    await expect(page.getByText(c('form.success'))).toBeVisible();

    // The owner answers from the inbox.
    await signInOwner(page, page.request, `desk-${lang}`);
    await openAdmin(page, '/admin/messages', lang, dark);
    const card = page.getByRole('article').filter({ hasText: text.message });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: a('messages.reply') }).click();
    await card.getByLabel(a('desk.replyTo', { email: shopper.email })).fill(text.reply);
    await card.getByRole('button', { name: a('desk.sendReply') }).click();
    const reply = card.getByTestId('desk-reply');
    await expect(reply).toContainText(text.reply);
    await expect(card.getByText(a('desk.answered'), { exact: true })).toBeVisible();
    // The outbox delivers it: the thread says so, and the e-mail is in the shopper's language, the tag as text.
    await expect(reply.getByText(a('desk.delivery.sent'), { exact: true })).toBeVisible({ timeout: 20_000 });
    const mail = await waitForEmail(shopper.email, { containing: `(${run})`, timeout: 20_000 });
    expect(mail).toContain('<b>Bold</b>');
    expect(mail).toContain(lang === 'en' ? 'You wrote on' : 'رسالتك بتاريخ');
    expect(mail).toContain(`> ${text.message}`);
    expect(await seriousViolations(page, 'messages')).toEqual([]);
    await fitsAPhone(page);
    await snapTo(page, `thread-${suffix}`);

    // A note on the order, seen on its page only by the staff.
    await page.goto(addressIn(lang, `/admin/orders/${order.order_id}`));
    await page.getByLabel(a('desk.newNote')).fill(text.orderNote);
    await page.getByRole('button', { name: a('desk.addNote'), exact: true }).click();
    await expect(page.getByText(text.orderNote, { exact: true })).toBeVisible();
    await expect(page.getByLabel(a('desk.newNote'))).toHaveValue('');
    await snapTo(page, `order-notes-${suffix}`);

    // A note and the tag "vip" on the customer.
    await page.goto(addressIn(lang, `/admin/customers?q=${encodeURIComponent(shopper.email)}`));
    await page.getByRole('link', { name: shopper.name }).click();
    await page.getByLabel(a('desk.newNote')).fill(text.note);
    await page.getByRole('button', { name: a('desk.addNote'), exact: true }).click();
    await expect(page.getByText(text.note, { exact: true })).toBeVisible();
    const tagInput = page.getByLabel(a('desk.newTag'));
    await tagInput.fill('  VIP ');
    await page.getByRole('button', { name: a('desk.addTag'), exact: true }).click();
    const chips = page.getByRole('list', { name: a('desk.tags') });
    await expect(chips.getByText('vip', { exact: true })).toBeVisible();
    // A tag with characters outside the rule is refused where it is typed.
    await tagInput.fill('vip!');
    await page.getByRole('button', { name: a('desk.addTag'), exact: true }).click();
    await expect(tagInput).toHaveAttribute('aria-invalid', 'true');
    await tagInput.fill(lang === 'en' ? 'made to measure' : 'تفصيل');
    await page.getByRole('button', { name: a('desk.addTag'), exact: true }).click();
    await expect(chips.locator('li')).toHaveCount(2);
    expect(await seriousViolations(page, 'customer')).toEqual([]);
    await fitsAPhone(page);
    await snapTo(page, `customer-${suffix}`);

    // The customers list filtered by the tag shows them with their chips.
    await page.goto(addressIn(lang, '/admin/customers'));
    await page.getByLabel(a('desk.filterByTag')).selectOption('vip');
    await expect(page).toHaveURL(/tag=vip/);
    const row = page.getByRole('row').filter({ hasText: shopper.email });
    await expect(row).toBeVisible();
    await expect(row.getByText('vip', { exact: true })).toBeVisible();
    await fitsAPhone(page);
    await snapTo(page, `customers-vip-${suffix}`);
  });
}
