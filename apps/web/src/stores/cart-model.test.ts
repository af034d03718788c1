import { describe, expect, it } from 'vitest';
import {
  addItem,
  emptyCart,
  parseSavedCart,
  removeItem,
  updateQuantity,
  type NewCartItem,
} from './cart-model';

const name = { en: 'Zahra Caftan', fr: 'Caftan Zahra', ar: 'قفطان زهرة' };
const emerald = { key: 'emerald', value: '#1f6b4f', name: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' } };
const line = (over: Partial<NewCartItem> = {}): NewCartItem => ({
  slug: 'zahra',
  name,
  price: '1250.00',
  quantity: 1,
  selectedColor: emerald,
  selectedSize: 'M',
  image: '/storage/x.webp',
  ...over,
});

describe('cart', () => {
  it('merges the same product, colour and size by summing quantities', () => {
    let cart = addItem(emptyCart, line(), 1);
    cart = addItem(cart, line({ quantity: 2 }), 2);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(3);
    expect(cart.totalItems).toBe(3);
    expect(cart.totalPrice).toBe(3750);
  });

  it('keeps another size or colour on its own line with its own id', () => {
    let cart = addItem(emptyCart, line(), 1);
    cart = addItem(cart, line({ selectedSize: 'L' }), 2);
    cart = addItem(cart, line({ selectedColor: { ...emerald, key: 'ivory' } }), 3);
    expect(cart.items).toHaveLength(3);
    expect(new Set(cart.items.map((i) => i.cartItemId)).size).toBe(3);
    expect(cart.items[1]?.cartItemId).toBe('zahra-emerald-L-2');
  });

  it('adds prices exactly, in fils', () => {
    let cart = addItem(emptyCart, line({ price: '0.10' }));
    cart = addItem(cart, line({ price: '0.20', slug: 'other' }));
    expect(cart.totalPrice).toBe(0.3);
  });

  it('ignores a quantity below 1 and caps absurd ones', () => {
    const cart = addItem(emptyCart, line());
    const id = cart.items[0]?.cartItemId ?? '';
    expect(updateQuantity(cart, id, 0)).toBe(cart);
    expect(updateQuantity(cart, id, -3)).toBe(cart);
    expect(updateQuantity(cart, id, 1.5)).toBe(cart);
    expect(updateQuantity(cart, id, 4).totalItems).toBe(4);
    expect(updateQuantity(cart, id, 10_000).items[0]?.quantity).toBe(99);
    expect(addItem(emptyCart, line({ quantity: 0 }))).toBe(emptyCart);
  });

  it('removes a line and recomputes totals', () => {
    let cart = addItem(emptyCart, line(), 1);
    cart = addItem(cart, line({ slug: 'b', price: '100.00' }), 2);
    cart = removeItem(cart, cart.items[0]?.cartItemId ?? '');
    expect(cart.items.map((i) => i.slug)).toEqual(['b']);
    expect(cart.totalPrice).toBe(100);
  });

  it('reads a saved cart, drops malformed lines and recomputes totals', () => {
    const saved = JSON.stringify({
      items: [
        { ...line(), cartItemId: 'a', quantity: 2 },
        { slug: 'broken' },
        { ...line(), cartItemId: 'b', quantity: 0 },
      ],
      totalItems: 999,
      totalPrice: 1,
      isOpen: true,
    });
    const cart = parseSavedCart(saved);
    expect(cart.items.map((i) => i.cartItemId)).toEqual(['a']);
    expect(cart).toMatchObject({ totalItems: 2, totalPrice: 2500, isOpen: false });
    expect(parseSavedCart('not json')).toEqual(emptyCart);
    expect(parseSavedCart(null)).toEqual(emptyCart);
  });
});
