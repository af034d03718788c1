import { test, expect, Shop } from '../fixtures/shop';

test.describe('a shopper browses and fills the cart', () => {
  test('home to a collection, filter and sort, open a product, add it, keep it after a reload, change it, remove it', async ({
    page,
    shop,
    product,
  }) => {
    await shop.open('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Browse the Caftans collection' }).click();

    await expect(page).toHaveURL(/\/collection\/caftan$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Caftans' })).toBeVisible();
    await expect(page.getByTestId('product-count')).toHaveText('24 pieces');

    // Filter: size XL only keeps pieces cut in XL; the URL carries the filter.
    const filters = page.getByRole('complementary', { name: 'Filters' });
    // The URL is the filter's state, updated in a transition: click, then wait for the box to follow.
    const xl = filters.getByRole('checkbox', { name: 'XL', exact: true });
    await xl.click();
    await expect(xl).toBeChecked();
    await expect(page).toHaveURL(/size=XL/);
    const filtered = Number((await page.getByTestId('product-count').innerText()).split(' ')[0]);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(24);

    // Sort by price, low to high: prices never go down.
    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    const prices = await page.getByTestId('product-card').locator('span[class*=current]').allInnerTexts();
    const amounts = prices.map((p) => Shop.amount(p));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('product-count')).toHaveText('24 pieces');

    // Open the cheapest piece in stock.
    const firstCard = page
      .getByTestId('product-card')
      .filter({ hasNot: page.getByText('Out of stock') })
      .first();
    const name = await firstCard.getByRole('heading').innerText();
    await firstCard.getByRole('link').first().click();
    await expect(product.name).toHaveText(name);

    await product.size('M').check();
    await product.addToCart.click();
    await expect(page.getByRole('button', { name: 'Added to your cart' })).toBeDisabled();
    await expect(shop.cartDrawer).toBeVisible();
    await expect(shop.cartDrawer.getByText(name)).toBeVisible();
    await expect(shop.cartDrawer.getByText('Size: M')).toBeVisible();
    await expect(shop.cartBadge).toHaveText('1');

    await page.reload();
    await expect(shop.cartBadge).toHaveText('1');

    await page.goto('/cart');
    const line = page.getByRole('main').getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    const unit = Shop.amount(await page.getByTestId('cart-page-total').innerText());
    await line.getByRole('button', { name: 'One more' }).click();
    await expect(shop.cartBadge).toHaveText('2');
    await expect(page.getByTestId('cart-page-total')).toHaveText(
      `AED\u00a0${(unit * 2).toLocaleString('en-US')}`,
    );
    await line.getByRole('button', { name: 'One less' }).click();
    await expect(shop.cartBadge).toHaveText('1');

    await line.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(page.getByRole('main').getByText('Your cart is empty.')).toBeVisible();
    await expect(shop.cartBadge).toHaveCount(0);
  });

  test('the same piece, colour and size twice makes one line of two', async ({ page, shop, product }) => {
    await shop.open('/product/zahra-emerald-velvet-caftan');
    await product.size('L').check();
    await product.addToCart.click();
    await page.keyboard.press('Escape');
    await expect(shop.cartDrawer).toBeHidden();
    await expect(product.addToCart).toBeEnabled({ timeout: 5000 });
    await product.addToCart.click();
    await expect(shop.cartDrawer.getByTestId('cart-line')).toHaveCount(1);
    await expect(shop.cartBadge).toHaveText('2');
  });

  test('an inactive piece reads out of stock and cannot be ordered', async ({ page, shop }) => {
    await shop.open('/product/layla-lilac-chiffon-caftan');
    await expect(page.getByRole('button', { name: 'Out of stock' }).first()).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Order on WhatsApp' })).toHaveCount(0);
  });

  test('the WhatsApp order carries the piece, size, quantity, price and link', async ({
    page,
    shop,
    product,
  }) => {
    await shop.open('/product/zahra-emerald-velvet-caftan');
    await product.size('XL').check();
    await page.getByRole('button', { name: 'One more' }).click();
    const href = await product.whatsappOrder.getAttribute('href');
    const url = new URL(href ?? '');
    expect(url.hostname).toBe('wa.me');
    const text = url.searchParams.get('text') ?? '';
    expect(text).toContain('Zahra Emerald Velvet Caftan');
    expect(text).toContain('Size: XL');
    expect(text).toContain('Quantity: 2');
    expect(text).toContain('AED\u00a04,900');
    expect(text).toContain('Cash on Delivery');
    expect(text).toContain('/product/zahra-emerald-velvet-caftan');
  });
});
