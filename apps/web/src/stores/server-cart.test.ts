import { describe, expect, it } from 'vitest';
import type { ServerCart, ServerCartItem } from '@boutique/contracts';
import type { CartItem, NewCartItem } from './cart-model';
import {
  addToServerCart,
  emptyServerCart,
  removeFromServerCart,
  setServerQuantity,
  toMergeLines,
} from './server-cart';

const name = { en: 'Zahra Caftan', fr: 'Caftan Zahra', ar: 'قفطان زهرة' };
const emerald = { key: 'emerald', value: '#1f5c4a', name: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' } };

const local = (over: Partial<CartItem> = {}): CartItem => ({
  cartItemId: `zahra-emerald-M-${Math.random()}`,
  slug: 'zahra',
  name,
  price: '1250.00',
  quantity: 1,
  selectedColor: emerald,
  selectedSize: 'M',
  image: '/storage/zahra.webp',
  ...over,
});

const serverLine = (
  over: Omit<Partial<ServerCartItem>, 'options'> & { options?: Partial<ServerCartItem['options']> } = {},
): ServerCartItem => ({
  id: 1,
  product: {
    id: 3,
    slug: 'zahra',
    name,
    name_en: name.en,
    name_fr: name.fr,
    name_ar: name.ar,
    available: true,
  },
  price: '1250.00',
  quantity: 1,
  product_image: '/storage/zahra-800.webp',
  line_total: '1250.00',
  left: null,
  exceeds_stock: false,
  ...over,
  options: {
    color: 'emerald',
    color_value: '#1f5c4a',
    color_name: emerald.name,
    size: 'M',
    ...over.options,
  },
});

describe('the guest lines handed to the server on sign-in', () => {
  it('are the lines the server cart lacks, matched by product, colour and size', () => {
    const lines = toMergeLines(
      [
        local({ quantity: 2 }),
        local({ selectedSize: 'L' }),
        local({ selectedColor: null, slug: 'amira' }),
        local({ selectedColor: { ...emerald, key: 'ruby' } }),
      ],
      [serverLine({ quantity: 1 })],
    );
    expect(lines).toEqual([
      {
        slug: 'zahra',
        quantity: 1,
        product_image: '/storage/zahra.webp',
        options: { color: 'emerald', size: 'L' },
      },
      {
        slug: 'amira',
        quantity: 1,
        product_image: '/storage/zahra.webp',
        options: { color: null, size: 'M' },
      },
      {
        slug: 'zahra',
        quantity: 1,
        product_image: '/storage/zahra.webp',
        options: { color: 'ruby', size: 'M' },
      },
    ]);
  });

  it('sends every line when nothing is known of the server cart, and each line once', () => {
    expect(toMergeLines([local({ quantity: 3 }), local({ quantity: 3 })])).toEqual([
      {
        slug: 'zahra',
        quantity: 3,
        product_image: '/storage/zahra.webp',
        options: { color: 'emerald', size: 'M' },
      },
    ]);
  });

  it('a line without colour only matches a server line without colour', () => {
    expect(toMergeLines([local({ selectedColor: null })], [serverLine()])).toHaveLength(1);
    expect(
      toMergeLines(
        [local({ selectedColor: null })],
        [serverLine({ options: { color: null, color_name: null, color_value: null } })],
      ),
    ).toHaveLength(0);
  });
});

describe('the server cart shown before the server answers', () => {
  const cart: ServerCart = {
    items: [serverLine({ quantity: 2, line_total: '2500.00' })],
    total_items: 2,
    total_amount: '2500.00',
    currency: 'AED',
    discount: null,
    totals: { subtotal: '2500.00', shipping: '0.00', discount: '0.00', total: '2500.00' },
  };
  const piece: NewCartItem = {
    slug: 'zahra',
    name,
    price: '1250.00',
    quantity: 1,
    selectedColor: emerald,
    selectedSize: 'M',
    image: '/x.webp',
  };

  it('adds to the same line, or a new pending line, with the totals', () => {
    expect(addToServerCart(cart, piece, -1)).toMatchObject({
      total_items: 3,
      total_amount: '3750.00',
      items: [{ id: 1, quantity: 3, line_total: '3750.00' }],
    });
    const other = addToServerCart(cart, { ...piece, selectedSize: 'XL', price: '999.50' }, -1);
    expect(other.items).toHaveLength(2);
    expect(other.items[1]).toMatchObject({ id: -1, quantity: 1, options: { color: 'emerald', size: 'XL' } });
    expect(other.total_amount).toBe('3499.50');
  });

  it('changes a quantity and removes a line', () => {
    expect(setServerQuantity(cart, 1, 5)).toMatchObject({ total_items: 5, total_amount: '6250.00' });
    expect(removeFromServerCart(cart, 1)).toMatchObject({ ...emptyServerCart, items: [] });
  });

  it('counts an unavailable line in the items but not in the amount, as the server does', () => {
    const stale = {
      ...cart,
      items: [...cart.items, serverLine({ id: 2, product: { ...cart.items[0]!.product, available: false } })],
    };
    expect(setServerQuantity(stale, 1, 1)).toMatchObject({ total_items: 2, total_amount: '1250.00' });
  });
});
