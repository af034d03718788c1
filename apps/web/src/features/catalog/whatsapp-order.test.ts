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
      productUrl: 'https://shop.ae/product/zahra',
      lang: 'en',
      template: (v) => `Order ${v.name} size ${v.size} x${v.quantity} ${v.price} ${v.url} Cash on Delivery`,
    });
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://wa.me/971501234567');
    expect(url.searchParams.get('text')).toBe(
      'Order Zahra Emerald Velvet Caftan size M x2 AED\u00a02,500 https://shop.ae/product/zahra Cash on Delivery',
    );
  });
});
