import { describe, expect, it } from 'vitest';
import {
  addLine,
  askedOf,
  draftProblems,
  draftTotals,
  manualOrderRequest,
  piecesLeft,
  firstColourWithPieces,
  variantLeft,
  removeLine,
  type Draft,
  type DraftLine,
} from './new-order-model';

const caftan: DraftLine = {
  productId: 7,
  name: { en: 'Zahra', fr: 'Zahra', ar: 'زهرة' },
  price: '1250.00',
  color: 'emerald',
  colorName: null,
  size: 'M',
  quantity: 1,
};

const address = {
  name: 'Salma Bennani',
  email: 'salma@example.ae',
  phone: '+971 55 123 4567',
  address: 'Villa 3, Jumeirah 1',
  city: 'Dubai',
  postalCode: '00000',
  country: 'AE',
};

const draft = (overrides: Partial<Draft> = {}): Draft => ({
  customer: { kind: 'new', name: 'Salma Bennani', email: 'Salma@Example.AE', phone: '+971 55 123 4567' },
  lines: [caftan],
  address,
  payment: 'cash_on_delivery',
  locale: 'ar',
  note: '  WhatsApp, Saturday  ',
  ...overrides,
});

describe('the new order form', () => {
  it('merges the same piece into one line and removes lines', () => {
    const two = addLine([caftan], { ...caftan, quantity: 2 });
    expect(two).toEqual([{ ...caftan, quantity: 3 }]);
    const other = addLine(two, { ...caftan, size: 'L' });
    expect(other).toHaveLength(2);
    expect(askedOf(other, 7, caftan.color, 'M')).toBe(3);
    expect(askedOf(other, 7, 'another-colour', 'M')).toBe(0);
    expect(removeLine(other, 0)).toEqual([{ ...caftan, size: 'L' }]);
  });

  it('counts the pieces left without those held by payments', () => {
    expect(piecesLeft({ stock: 5, reserved: 2 })).toBe(3);
    expect(piecesLeft({ stock: 1, reserved: 2 })).toBe(0);
  });

  it('counts what is left per colour × size, less what the draft asks of that same colour and size', () => {
    const variants = [
      { color: 'champagne', size: 'S' as const, stock: 1, reserved: 0 },
      { color: 'emerald', size: 'S' as const, stock: 3, reserved: 1 },
    ];
    const drafted = [{ ...caftan, productId: 9, color: 'champagne', size: 'S' as const, quantity: 1 }];
    expect(variantLeft(variants, drafted, 9, 'champagne', 'S')).toBe(0);
    expect(variantLeft(variants, drafted, 9, 'emerald', 'S')).toBe(2);
    expect(variantLeft(variants, drafted, 9, 'bordeaux', 'S')).toBe(0);
    expect(firstColourWithPieces(variants, ['bordeaux', 'emerald', 'champagne'])).toBe('emerald');
    expect(firstColourWithPieces([], ['bordeaux'])).toBe('bordeaux');
    expect(firstColourWithPieces([], [])).toBe('');
  });

  it('adds the cash on delivery fee only to a cash order', () => {
    const lines = [{ ...caftan, quantity: 2 }];
    expect(draftTotals(lines, 'cash_on_delivery', '15.00')).toEqual({
      subtotalFils: 250_000,
      shippingFils: 0,
      codFeeFils: 1500,
      totalFils: 251_500,
    });
    expect(draftTotals(lines, 'paid_offline', '15.00', '30.00').totalFils).toBe(253_000);
    expect(draftTotals(lines, 'payment_link', '15.00').totalFils).toBe(250_000);
  });

  it('sends a new customer, or an existing one by id, with the lines and the trimmed note', () => {
    expect(manualOrderRequest(draft())).toEqual({
      customer: { email: 'Salma@Example.AE', name: 'Salma Bennani', phone: '+971 55 123 4567' },
      lines: [{ product_id: 7, color: 'emerald', size: 'M', quantity: 1 }],
      shipping_address: address,
      payment: 'cash_on_delivery',
      locale: 'ar',
      note: 'WhatsApp, Saturday',
    });
    const existing = manualOrderRequest(
      draft({ customer: { kind: 'existing', id: 12, name: 'Aisha', email: 'a@example.ae' }, note: ' ' }),
    );
    expect(existing).toMatchObject({ customer_id: 12 });
    expect(manualOrderRequest(draft({ shippingRateId: '4' }))).toMatchObject({ shipping_rate_id: 4 });
    expect(existing).not.toHaveProperty('customer');
    expect(existing).not.toHaveProperty('note');
  });

  it('names what is missing before sending, and refuses cash on delivery abroad', () => {
    expect(draftProblems(draft())).toEqual({});
    const empty = draftProblems(
      draft({ lines: [], customer: { kind: 'new', name: '', email: 'nope', phone: '' } }),
    );
    expect(Object.keys(empty)).toEqual(
      expect.arrayContaining(['customer.email', 'customer.name', 'customer.phone', 'lines']),
    );
    expect(draftProblems(draft({ address: { ...address, country: 'FR' } }))).toHaveProperty('payment');
    expect(draftProblems(draft({ address: { ...address, country: 'FR' }, payment: 'paid_offline' }))).toEqual(
      {},
    );
  });
});
