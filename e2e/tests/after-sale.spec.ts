import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { addressIn, expect, snap, test } from '../fixtures/shop';
import {
  registerCustomer,
  signInQuickly,
  verifyEmail,
  waitForEmail,
  type Customer,
} from '../fixtures/accounts';
import { buyThroughApi, type CatalogPiece } from '../fixtures/checkout';
import {
  exact,
  fitsAPhone,
  moveOrder,
  openAdmin,
  pick,
  signInOwner,
  words,
  type Lang,
} from '../fixtures/back-office';
import { seriousViolations } from '../fixtures/axe';

// This shop runs without SHOP_TRN: a refund's document is a refund receipt (`{order}-R1`); the tax credit note
// (CN-) is covered by the API and unit tests.

interface Listed {
  slug: string;
  name_en: string;
  price: string;
  status?: string;
  colors: { key?: string }[];
  sizes: { name: string; in_stock: boolean; left?: number }[];
}

/**
 * Pieces still in stock, caftans and jellabas, each product with the sizes its first colour (the one these stories
 * buy) has in stock: pieces are counted per colour × size, and a listing's size is in stock when any colour is.
 */
async function inStock(request: APIRequestContext): Promise<{ product: Listed; sizes: string[] }[]> {
  const listed: Listed[] = [];
  for (const category of ['jellaba', 'caftan']) {
    const res = await request.get(`/api/v1/products/filters/category/${category}`);
    for (const p of (await res.json()).data.data.products as Listed[])
      if (p.status !== 'inactive' && p.sizes.some((s) => s.in_stock)) listed.push(p);
  }
  const out = await Promise.all(
    listed.map(async (product) => {
      const res = await request.get(`/api/v1/products/slug/${product.slug}`);
      const { variants } = (await res.json()).data.product as {
        variants: { color: string; size: string; in_stock: boolean }[];
      };
      const color = product.colors[0]?.key ?? '';
      const sizes = product.sizes
        .map((s) => s.name)
        .filter((size) => variants.some((v) => v.color === color && v.size === size && v.in_stock));
      return { product, sizes };
    }),
  );
  return out.filter((p) => p.sizes.length > 0);
}

const pieceOf = (p: Listed, size: string): CatalogPiece => ({
  slug: p.slug,
  name: p.name_en,
  price: Number(p.price),
  color: p.colors[0]?.key ?? null,
  size,
});

/** An amount as the shop writes it with its fils. */
const aed = (amount: number, lang: Lang) => {
  const digits = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return lang === 'ar' ? `${digits}\u00a0د.إ` : `AED\u00a0${digits}`;
};

/** A shopper with a confirmed address, signed in in a browser of their own, in `lang` and `dark`. */
async function shopperPage(browser: Browser, customer: Customer, lang: Lang, dark: boolean, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([l, d]) => {
      // Once: a screenshot in the other theme changes it afterwards.
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

/**
 * Screenshots in the theme the story runs in and, when screenshots are asked for, in the other one too (the page
 * reloaded in it; `reopen` brings back what the reload closed).
 */
async function snapBoth(page: Page, name: string, dark: boolean, reopen?: () => Promise<void>) {
  await snap(page, `${name}${dark ? '-dark' : ''}`);
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const theme of [!dark, dark]) {
    await page.evaluate((d) => localStorage.setItem('darkMode', String(d)), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme ? 'dark' : 'light');
    await reopen?.();
    if (theme !== dark) await snap(page, `${name}${theme ? '-dark' : ''}`);
  }
}

for (const lang of ['en', 'ar'] as const) {
  const a = (path: string, values?: Record<string, string | number>) => pick(words(lang), path, values);
  const o = (path: string, values?: Record<string, string | number>) =>
    pick(words(lang, 'orders'), path, values);
  // The Arabic stories run in the dark theme on a 390 px phone.
  const dark = lang === 'ar';
  const width = dark ? 390 : 1280;

  test(`${lang}: the owner refunds part of an order and the shopper sees the credit note`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const customer = await registerCustomer(page.request);
    await verifyEmail(page.request, customer);
    const [first, second] = (await inStock(page.request)).slice(0, 2);
    if (!first || !second) throw new Error('the demo catalogue has not two pieces in stock');
    const bought = pieceOf(first.product, first.sizes[0]!);
    const order = await buyThroughApi(
      page.request,
      customer,
      [bought, pieceOf(second.product, second.sizes[0]!)],
      lang,
    );

    // The owner refunds one of the two pieces and puts it back on sale.
    await signInOwner(page, page.request, `refund-${lang}`);
    await openAdmin(page, `/admin/orders/${order.order_id}`, lang, dark);
    const card = page.getByRole('region', { name: a('refunds.title') });
    await expect(card).toBeVisible();
    await card.getByLabel(a('refunds.mode.lines')).check();
    // The first line's pieces (a text field, which takes the digits of an Arabic keyboard too).
    await card.locator('input[id^="refund-line-"]').first().fill('1');
    await card.getByLabel(a('refunds.restock')).check();
    await card.getByLabel(a('refunds.reason')).fill('One caftan came back unworn');
    await card
      .getByRole('button', { name: a('refunds.submit', { amount: aed(bought.price, lang) }) })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: a('refunds.confirmYes') })
      .click();
    await expect(
      card.getByText(a('refunds.made.succeeded', { amount: aed(bought.price, lang) })),
    ).toBeVisible();
    const number = `${order.order_number}-R1`;
    await expect(card.getByTestId('admin-refund')).toContainText(number);
    await expect(page.getByText(a('paymentStatus.partially_refunded'), { exact: false })).toBeVisible();
    if (dark) await fitsAPhone(page);
    expect(await seriousViolations(page, 'order page')).toEqual([]);
    await snap(page, `admin-refund-${lang}${dark ? '-dark' : ''}`);

    // The shopper sees it in My orders, opens the document, and has it by e-mail in the order's language.
    const shopper = await shopperPage(browser, customer, lang, dark, width);
    await shopper.goto(addressIn(lang, '/account/orders'));
    const orderCard = shopper.getByTestId('order-card').filter({ hasText: order.order_number });
    await expect(orderCard.getByText(o('refunds.payment.partially_refunded'))).toBeVisible();
    await orderCard
      .getByRole('link', {
        name: o('creditNote.openOf', { kind: o('creditNote.kind.refund_receipt'), number }),
      })
      .click();
    const sheet = shopper.getByTestId('credit-note');
    await expect(sheet.getByRole('heading', { level: 1 })).toHaveText(o('creditNote.kind.refund_receipt'));
    await expect(sheet.getByTestId('credit-note-number')).toHaveText(number);
    await expect(sheet.getByTestId('credit-note-total')).toHaveText(aed(bought.price, lang));
    await expect(sheet).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    expect(await seriousViolations(shopper, 'credit note')).toEqual([]);
    await snapBoth(shopper, `credit-note-${lang}`, dark);
    await shopper.emulateMedia({ media: 'print' });
    await expect(shopper.getByRole('banner')).toBeHidden();
    await snap(shopper, `credit-note-print-${lang}${dark ? '-dark' : ''}`);
    await shopper.emulateMedia({ media: 'screen' });
    const mail = await waitForEmail(customer.email, { containing: `/credit-notes/${number}` });
    expect(mail).toContain(lang === 'ar' ? 'أعدنا' : 'We have refunded');
    await shopper.context().close();
  });

  test(`${lang}: a shopper asks for an exchange and the owner completes it`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const customer = await registerCustomer(page.request);
    await verifyEmail(page.request, customer);
    const choice = (await inStock(page.request)).find((p) => p.sizes.length >= 2);
    if (!choice) throw new Error('no piece of the demo catalogue has two sizes in stock');
    const [size, wanted] = choice.sizes as [string, string];
    const order = await buyThroughApi(page.request, customer, pieceOf(choice.product, size), lang);
    const owner = await signInOwner(page, page.request, `exchange-${lang}`);
    const delivered = await moveOrder(page.request, owner.token, order.order_id, 'delivered');
    expect(delivered.status(), await delivered.text()).toBe(200);

    // The shopper asks, from My orders, for the other size.
    const shopper = await shopperPage(browser, customer, lang, dark, width);
    await shopper.goto(addressIn(lang, '/account/orders'));
    await shopper
      .getByRole('button', { name: o('card.viewDetailsOf', { number: order.order_number }) })
      .click();
    const details = shopper.getByRole('dialog');
    await expect(details.getByTestId('return-window')).toBeVisible();
    await details.getByRole('button', { name: new RegExp(`^${o('returns.ask')}`) }).click();
    await details.getByLabel(o('returns.type.exchange')).check();
    await details.getByLabel(o('returns.size'), { exact: true }).selectOption(wanted);
    await details.getByLabel(o('returns.reason'), { exact: true }).selectOption('too_small');
    await details.getByLabel(new RegExp(o('returns.comment'))).fill('A size up, please');
    await snap(shopper, `returns-form-${lang}${dark ? '-dark' : ''}`);
    expect(await seriousViolations(shopper, 'return form')).toEqual([]);
    await details.getByRole('button', { name: o('returns.submitExchange') }).click();
    const sent = details.getByRole('status').filter({ hasText: /RMA-\d{6}/ });
    await expect(sent).toBeVisible();
    const rma = /RMA-\d{6}/.exec((await sent.textContent()) ?? '')![0];
    const card = details.getByTestId('return-card').filter({ hasText: rma });
    await expect(card).toContainText(o('returns.status.requested'));
    await snapBoth(shopper, `returns-shopper-${lang}`, dark, async () => {
      await shopper
        .getByRole('button', { name: o('card.viewDetailsOf', { number: order.order_number }) })
        .click();
      await expect(shopper.getByRole('dialog').getByTestId('return-card')).toBeVisible();
    });

    // The owner works it: approve (the new size is set aside), receive it back on sale, ship the new piece.
    await openAdmin(page, '/admin/returns', lang, dark);
    await expect(page.getByRole('heading', { level: 1, name: a('returns.title') })).toBeVisible();
    expect(await seriousViolations(page, 'returns list')).toEqual([]);
    await snap(page, `admin-returns-${lang}${dark ? '-dark' : ''}`);
    await page.getByRole('link', { name: rma }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: a('returns.titleOf.exchange', { number: rma }) }),
    ).toBeVisible();
    await page.getByLabel(a('returns.note')).fill('Send it with the RMA number inside');
    await page.getByRole('button', { name: exact(a('returns.actions.approved')) }).click();
    await expect(page.getByText(a('returns.held_one', { count: 1, size: wanted }))).toBeVisible();
    await page.getByRole('button', { name: exact(a('returns.actions.receivedRestock')) }).click();
    await expect(page.getByText(a('returns.backOnSale'))).toBeVisible();
    await page.getByRole('button', { name: exact(a('returns.actions.exchanged')) }).click();
    await expect(page.getByText(a('returns.moved', { status: a('returns.status.exchanged') }))).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: a('orders.status') })
        .locator('.adm-badge', { hasText: a('returns.status.exchanged') }),
    ).toBeVisible();
    if (dark) await fitsAPhone(page);
    expect(await seriousViolations(page, 'return page')).toEqual([]);
    await snap(page, `admin-return-${lang}${dark ? '-dark' : ''}`);

    // The shopper sees each step, and had an e-mail for it in the order's language.
    await shopper.reload();
    await shopper
      .getByRole('button', { name: o('card.viewDetailsOf', { number: order.order_number }) })
      .click();
    const done = shopper.getByRole('dialog').getByTestId('return-card').filter({ hasText: rma });
    await expect(done).toContainText(o('returns.status.exchanged'));
    await expect(done).toContainText('Send it with the RMA number inside');
    expect(await seriousViolations(shopper, 'returns in my orders')).toEqual([]);
    const mail = await waitForEmail(customer.email, { containing: rma });
    expect(mail).toContain(rma);
    await shopper.context().close();
  });
}
