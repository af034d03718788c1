import type { Page } from '@playwright/test';
import { test, expect, Shop } from '../fixtures/shop';
import { registerCustomer, signInQuickly } from '../fixtures/accounts';
import { CheckoutPage, buyThroughApi, fillServerCart, pieceOf } from '../fixtures/checkout';

/**
 * Pieces are counted per colour × size (the demo's counts: DEMO_STOCK in packages/demo, in each product's first
 * colour). Each story has its own product and size, so that stories running side by side do not take each other's
 * pieces.
 */
const STORIES = {
  en: {
    lang: 'en',
    overStock: { slug: 'tanja-mens-linen-jellaba', size: 'M' },
    lastPiece: { slug: 'kasbah-mens-eid-jellaba', size: 'M' },
    text: {
      soldOut: 'S (sold out)',
      onlyTwo: 'Only 2 left in Emerald, size M',
      onlyOne: 'Only 1 left in Emerald, size L',
      soldOutButton: 'Sold out',
      whatsapp: 'Order on WhatsApp',
      one: 'One more',
      less: 'One less',
      lineOver: 'Only 1 left: lower the quantity to check out',
      lineFew: 'Only 1 left',
      blocked: 'Some pieces in your cart are no longer available in the quantity chosen.',
      checkout: 'Checkout',
      checkoutStock: 'Some pieces in your cart are no longer available in the quantity you chose.',
      lineSoldOut: 'Sold out in this colour and size',
      thanks: 'Thank you for your order',
      addToCart: 'Add to cart',
      sixLeft: 'Only 6 left in Emerald, size XL: your cart was not changed.',
    },
  },
  ar: {
    lang: 'ar',
    overStock: { slug: 'tanja-mens-linen-jellaba', size: 'L' },
    lastPiece: { slug: 'kasbah-mens-eid-jellaba', size: 'L' },
    text: {
      soldOut: 'S (نفدت)',
      onlyTwo: 'بقيت قطعتان فقط باللون زمردي بمقاس M',
      onlyOne: 'بقيت قطعة واحدة فقط باللون زمردي بمقاس L',
      soldOutButton: 'نفدت الكمية',
      whatsapp: 'اطلب عبر واتساب',
      one: 'زيادة واحدة',
      less: 'إنقاص واحدة',
      lineOver: 'بقيت قطعة واحدة فقط: خفّض الكمية لإتمام الطلب',
      lineFew: 'بقيت قطعة واحدة فقط',
      blocked: 'بعض القطع في سلتك لم تعد متوفرة بالكمية المختارة.',
      checkout: 'إتمام الطلب',
      checkoutStock: 'بعض القطع في سلتك لم تعد متوفرة بالكمية التي اخترتها.',
      lineSoldOut: 'نفد هذا اللون بهذا المقاس',
      thanks: 'شكرًا لطلبك',
      addToCart: 'أضف إلى السلة',
      sixLeft: 'بقيت 6 قطع فقط باللون زمردي بمقاس XL: لم تتغير سلتك.',
    },
  },
} as const;

async function payForCart(page: Page, lang: 'en' | 'ar', email: string) {
  const checkout = new CheckoutPage(page, lang);
  await checkout.fillAddress(email);
  await checkout.continueToPayment.click();
  return checkout;
}

for (const story of Object.values(STORIES)) {
  const { lang, text } = story;

  test.describe(`stock shown and kept (${lang})`, () => {
    test('a sold-out size cannot be chosen, the first size in stock is, and few pieces say how many', async ({
      page,
      request,
      shop,
      product,
    }) => {
      // Bahia: S sold out, M 2 left, L 1 left, XL 6.
      await signInQuickly(page, await registerCustomer(request));
      await shop.open('/product/bahia-womens-embroidered-jellaba', { lang });
      const sizeS = page.getByRole('radio', { name: text.soldOut, exact: true });
      await expect(sizeS).toBeDisabled();
      await expect(product.size('M')).toBeChecked();
      await expect(page.getByTestId('stock-left')).toHaveText(text.onlyTwo);

      await product.size('L').check();
      await expect(page.getByTestId('stock-left')).toHaveText(text.onlyOne);
      // One piece left: one can be asked for.
      await expect(page.getByRole('button', { name: text.one })).toBeDisabled();
      await product.size('XL').check();
      await expect(page.getByTestId('stock-left')).toHaveCount(0);
      await expect(page.getByRole('button', { name: text.one })).toBeEnabled();
      await expect(product.whatsappOrder).toHaveAttribute('href', /wa\.me/);

      // More than is left, where the page cannot know how many: the cart refuses and says how many are left.
      for (let i = 1; i < 7; i++) await page.getByRole('button', { name: text.one }).click();
      await product.addToCart.click();
      await expect(shop.cartDrawer.getByText(text.sixLeft)).toBeVisible();
      await expect(shop.cartBadge).toHaveCount(0);
      await page.keyboard.press('Escape');

      // A product with no size in stock reads sold out: nothing can be added or ordered on WhatsApp.
      await shop.open('/product/atlas-mens-hooded-wool-jellaba', { lang });
      const sizes = page.locator('input[type="radio"][name="size"]');
      await expect(sizes).toHaveCount(4);
      for (const radio of await sizes.all()) await expect(radio).toBeDisabled();
      await expect(page.getByRole('button', { name: text.soldOutButton }).first()).toBeDisabled();
      await expect(page.getByRole('button', { name: text.addToCart })).toHaveCount(0);
      await expect(page.getByRole('link', { name: text.whatsapp })).toHaveCount(0);
    });

    test('a cart line over what is left is flagged with the number left, and checkout waits until it is fixed', async ({
      page,
      request,
      shop,
    }) => {
      const piece = await pieceOf(request, story.overStock.slug, story.overStock.size);
      const mine = await registerCustomer(request);
      await fillServerCart(request, mine, [piece, piece]);
      // Someone else buys one of the two pieces left.
      await buyThroughApi(request, await registerCustomer(request), piece);

      await signInQuickly(page, mine);
      await shop.open('/cart', { lang });
      const main = page.getByRole('main');
      const line = main.getByTestId('cart-line');
      await expect(line.getByTestId('cart-line-stock')).toHaveText(text.lineOver);
      await expect(main.getByText(text.blocked)).toBeVisible();
      await expect(main.getByRole('button', { name: text.checkout, exact: true })).toBeDisabled();

      // Straight to the checkout: it says why, and no payment can be made.
      await shop.open('/checkout', { lang });
      await expect(page.getByTestId('checkout-stock')).toContainText(text.checkoutStock);
      const checkout = await payForCart(page, lang, mine.email);
      await expect(checkout.payButton).toBeDisabled();

      // Lowered to what is left: the flag goes and the checkout goes through.
      await shop.open('/cart', { lang });
      await line.getByRole('button', { name: text.less }).click();
      await expect(line.getByTestId('cart-line-stock')).toHaveText(text.lineFew);
      await expect(main.getByText(text.blocked)).toHaveCount(0);
      await main.getByRole('link', { name: text.checkout, exact: true }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      const paying = await payForCart(page, lang, mine.email);
      await paying.payByCard('4242 4242 4242 4242');
      await expect(page).toHaveURL(/\/order-confirmation$/);
      await expect(page.getByRole('heading', { level: 1, name: text.thanks })).toBeVisible();
    });

    test('the last piece held in one browser is refused in another before paying, and sold once', async ({
      browser,
      request,
    }) => {
      const piece = await pieceOf(request, story.lastPiece.slug, story.lastPiece.size);
      const [first, second] = [await registerCustomer(request), await registerCustomer(request)];
      const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
      try {
        const [one, two] = await Promise.all(contexts.map((c) => c.newPage()));
        const shops = [new Shop(one!), new Shop(two!)];
        // Both add the last piece from its page: nobody has paid for it yet.
        for (const [i, page] of [one!, two!].entries()) {
          await signInQuickly(page, i === 0 ? first : second);
          await shops[i]!.open(`/product/${piece.slug}`, { lang });
          await page.getByRole('radio', { name: piece.size, exact: true }).check();
          await expect(page.getByTestId('stock-left')).toBeVisible();
          await page.getByRole('button', { name: text.addToCart }).click();
          await expect(shops[i]!.cartBadge).toHaveText('1');
        }

        // The first reaches payment: the piece is held for them.
        await shops[0]!.open('/checkout', { lang });
        const firstCheckout = await payForCart(one!, lang, first.email);
        await expect(firstCheckout.payButton).toBeEnabled({ timeout: 15_000 });

        // The second is told before paying: no payment can be made, the cart says it is sold out.
        await shops[1]!.open('/checkout', { lang });
        const secondCheckout = await payForCart(two!, lang, second.email);
        await expect(two!.getByTestId('checkout-stock')).toContainText(text.checkoutStock);
        await expect(
          two!.getByRole('complementary').getByText(text.lineSoldOut, { exact: true }),
        ).toBeVisible();
        await expect(secondCheckout.payButton).toBeDisabled();

        // The first pays: one order, and the piece is gone for everyone.
        await firstCheckout.payByCard('4242 4242 4242 4242');
        await expect(one!).toHaveURL(/\/order-confirmation$/);
        await shops[1]!.open(`/product/${piece.slug}`, { lang });
        await expect(two!.getByRole('radio', { name: new RegExp(`^${piece.size} `) })).toBeDisabled();
      } finally {
        await Promise.all(contexts.map((c) => c.close()));
      }
    });
  });
}
