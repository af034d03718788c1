import { describe, expect, it } from 'vitest';
import type { ServerCart } from '@boutique/contracts';
import { formatMoney } from '@/lib/format';
import { fromFils } from '@boutique/contracts/constants';
import type { ShippingMethod } from '@boutique/contracts';
import {
  billingDetails,
  chosenRate,
  linesOf,
  orderPayload,
  summarize,
  type CheckoutLine,
} from './checkout-model';

const name = { en: 'Zahra caftan', fr: 'Caftan Zahra', ar: 'قفطان زهرة' };

const line = (patch: Partial<CheckoutLine>): CheckoutLine => ({
  id: 1,
  slug: 'zahra',
  name,
  image: '/storage/zahra.webp',
  price: '1250.00',
  quantity: 1,
  color: 'emerald',
  colorName: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' },
  size: 'M',
  available: true,
  left: null,
  exceedsStock: false,
  ...patch,
});

describe('order summary', () => {
  it('adds the lines in fils, and the chosen shipping, so cents never drift', () => {
    const lines = [
      line({ price: '0.10', quantity: 3 }),
      line({ id: 2, price: '0.20', quantity: 1 }),
      line({ id: 3, price: '1250.00', quantity: 2 }),
    ];
    expect(summarize(lines, 4500)).toEqual({
      count: 6,
      subtotalFils: 250050,
      shippingFils: 4500,
      shippingPending: false,
      totalFils: 254550,
    });
    expect(fromFils(summarize(lines, 4500).totalFils)).toBe('2545.50');
    // Before step 2 has a rate, the shipping is still to come.
    expect(summarize(lines)).toMatchObject({ shippingPending: true, totalFils: 250050 });
  });

  it('leaves out a piece that can no longer be bought', () => {
    const summary = summarize([line({ quantity: 2 }), line({ id: 2, price: '900.00', available: false })]);
    expect(summary.totalFils).toBe(250000);
    expect(summary.count).toBe(2);
  });

  it('shows the total as AED 2,500 in English and 2,500 د.إ in Arabic', () => {
    const { totalFils } = summarize([line({ quantity: 2 })]);
    expect(formatMoney(totalFils / 100, 'en')).toBe('AED\u00a02,500');
    expect(formatMoney(totalFils / 100, 'ar')).toBe('2,500\u00a0د.إ');
  });

  it('is empty for an empty cart', () => {
    expect(summarize([], 0)).toEqual({
      count: 0,
      subtotalFils: 0,
      shippingFils: 0,
      shippingPending: false,
      totalFils: 0,
    });
  });
});

describe('order payload', () => {
  const address = {
    name: 'Salma Bennani',
    email: 'salma@example.ae',
    phone: '+971 50 123 4567',
    address: '12 Al Wasl Road',
    city: 'Dubai',
    postalCode: '00000',
    country: 'AE',
  };

  it('orders the cart lines at their prices under the intent id', () => {
    const payload = orderPayload({
      lines: [line({ quantity: 2 }), line({ id: 2, slug: 'nour', color: null, size: 'L', price: '890.00' })],
      totalAmount: '3390.00',
      transactionId: 'pi_123456789',
      method: 'card',
      billing: address,
    });
    expect(payload).toEqual({
      total_amount: '3390.00',
      currency: 'AED',
      transaction_id: 'pi_123456789',
      payment_status: 'succeeded',
      payment_method: 'card',
      billing_address: address,
      items: [
        { product_slug: 'zahra', quantity: 2, price: '1250.00', options: { color: 'emerald', size: 'M' } },
        { product_slug: 'nour', quantity: 1, price: '890.00', options: { color: null, size: 'L' } },
      ],
    });
    expect(payload).not.toHaveProperty('shipping_address');
  });

  it('falls back to Morocco for a card payer without a country', () => {
    expect(billingDetails({ ...address, country: '' }).country).toBe('MA');
    expect(billingDetails(address).country).toBe('AE');
  });

  it('reads the server cart, skipping lines not yet stored there', () => {
    const cart: ServerCart = {
      currency: 'AED',
      total_amount: '1250.00',
      total_items: 2,
      items: [
        {
          id: 7,
          product: {
            id: 1,
            slug: 'zahra',
            name,
            name_en: name.en,
            name_fr: name.fr,
            name_ar: name.ar,
            available: true,
          },
          price: '1250.00',
          quantity: 1,
          product_image: '/storage/zahra.webp',
          options: { color: 'emerald', color_value: '#1f5c4a', color_name: null, size: 'M' },
          line_total: '1250.00',
          left: null,
          exceeds_stock: false,
        },
        {
          id: -1,
          product: { id: 0, slug: 'nour', name, name_en: '', name_fr: '', name_ar: '', available: true },
          price: '890.00',
          quantity: 1,
          product_image: '',
          options: { color: null, color_value: null, color_name: null, size: 'S' },
          left: null,
          exceeds_stock: false,
          line_total: '890.00',
        },
      ],
    };
    expect(linesOf(cart).map((l) => [l.id, l.slug, l.color])).toEqual([[7, 'zahra', 'emerald']]);
    expect(linesOf(undefined)).toEqual([]);
  });
});

describe('the shipping rate of step 2', () => {
  const rate = (id: string, price: string): ShippingMethod => ({
    id,
    name: { en: id, fr: id, ar: id },
    description: { en: '', fr: '', ar: '' },
    price,
    regular_price: price,
    free_over: null,
    currency: 'AED',
    min_days: 1,
    max_days: 3,
  });

  it('starts on the cheapest, keeps the choice while it is offered, and falls back when it is not', () => {
    const uae = [rate('express', '45.00'), rate('standard', '25.00')];
    expect(chosenRate(uae, null)?.id).toBe('standard');
    expect(chosenRate(uae, 'express')?.id).toBe('express');
    // Another country's zone does not offer Express: its cheapest rate.
    expect(chosenRate([rate('world', '0.00')], 'express')?.id).toBe('world');
    expect(chosenRate([], 'express')).toBeUndefined();
    expect(chosenRate(undefined, null)).toBeUndefined();
  });
});
