import { describe, expect, it } from 'vitest';
import { whatsappOrderLink } from './whatsapp-order';

describe('whatsappOrderLink', () => {
  it('carries the product, size, quantity, total price in AED and link, for cash on delivery', () => {
    const link = whatsappOrderLink({
      number: '971501234567',
      productName: 'Zahra Emerald Velvet Caftan',
      price: '1250.00',
      size: 'M',
      color: 'Emerald',
      quantity: 2,
      publicUrl: 'https://shop.ae',
      slug: 'zahra',
      lang: 'en',
      template: (v) => `Order ${v.name} size ${v.size} x${v.quantity} ${v.price} ${v.url} Cash on Delivery`,
    });
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://wa.me/971501234567');
    expect(url.searchParams.get('text')).toBe(
      'Order Zahra Emerald Velvet Caftan size M x2 AED\u00a02,500 https://shop.ae/product/zahra Cash on Delivery',
    );
  });

  it('links the product page in the shopper language', () => {
    const text = (lang: 'en' | 'fr' | 'ar') =>
      new URL(
        whatsappOrderLink({
          number: '971501234567',
          productName: 'Zahra',
          price: '100.00',
          size: 'S',
          quantity: 1,
          publicUrl: 'https://shop.ae/',
          slug: 'zahra-caftan',
          lang,
          template: (v) => v.url!,
        }),
      ).searchParams.get('text');
    expect(text('ar')).toBe('https://shop.ae/ar/product/zahra-caftan');
    expect(text('fr')).toBe('https://shop.ae/fr/product/zahra-caftan');
    expect(text('en')).toBe('https://shop.ae/product/zahra-caftan');
  });
});
