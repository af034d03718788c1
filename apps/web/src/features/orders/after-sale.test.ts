import { describe, expect, it } from 'vitest';
import type { Order, OrderItem } from '@boutique/contracts';
import { creditNoteKind, creditNotesOf, exchangeSizes, returnWindow, returnableItems } from './after-sale';

const item = (over: Partial<OrderItem> = {}): OrderItem => ({
  id: 1,
  product_slug: 'zahra',
  product_name: { en: 'Zahra', fr: 'Zahra', ar: 'زهرة' },
  product_image: null,
  price: '1000.00',
  quantity: 2,
  line_total: '2000.00',
  discount: '0.00',
  options: { color: 'emerald', color_name: null, size: 'M' },
  ...over,
});

describe('after the sale, as the shopper sees it', () => {
  it('opens returns until the last day and closes them after; nothing before delivery', () => {
    const until = '2026-06-15T10:00:00.000Z';
    expect(returnWindow({ return_until: null })).toEqual({ state: 'none' });
    expect(returnWindow({ return_until: until }, Date.parse(until) - 1)).toEqual({ state: 'open', until });
    expect(returnWindow({ return_until: until }, Date.parse(until))).toEqual({ state: 'open', until });
    expect(returnWindow({ return_until: until }, Date.parse(until) + 1)).toEqual({ state: 'closed', until });
  });

  it('offers the lines with pieces left to return', () => {
    const order = {
      items: [
        item({ id: 1, returnable_quantity: 0 }),
        item({ id: 2, returnable_quantity: 1 }),
        item({ id: 3 }),
      ],
    };
    expect(returnableItems(order).map((i) => i.id)).toEqual([2]);
  });

  it('lists the credit notes of refunds that went through, and tells their kind by number', () => {
    const refunds: Order['refunds'] = [
      {
        id: 1,
        amount: '10.00',
        status: 'succeeded',
        credit_note_number: 'CN-000004',
        created_at: '',
        refunded_at: '',
      },
      {
        id: 2,
        amount: '10.00',
        status: 'pending',
        credit_note_number: null,
        created_at: '',
        refunded_at: null,
      },
      {
        id: 3,
        amount: '5.00',
        status: 'succeeded',
        credit_note_number: 'DL-26-X-R2',
        created_at: '',
        refunded_at: '',
      },
    ];
    expect(creditNotesOf({ refunds }).map((r) => r.credit_note_number)).toEqual(['CN-000004', 'DL-26-X-R2']);
    expect(creditNoteKind('CN-000004')).toBe('tax_credit_note');
    expect(creditNoteKind('DL-26-X-R2')).toBe('refund_receipt');
    expect(creditNotesOf({})).toEqual([]);
  });

  it('offers every other size in the same colour, and every size in another colour', () => {
    const names = ['S', 'M', 'L'] as const;
    const sizes = names.map((name) => ({ name, in_stock: true }));
    // L is sold out in emerald only; ruby has every size.
    const variants = ['emerald', 'ruby'].flatMap((color) =>
      names.map((size) => ({ color, size, in_stock: !(color === 'emerald' && size === 'L') })),
    );
    const options = { sizes, variants };
    expect(exchangeSizes(item(), options, 'emerald').map((s) => s.name)).toEqual(['S', 'L']);
    expect(exchangeSizes(item(), options, 'ruby').map((s) => s.name)).toEqual(['S', 'M', 'L']);
    expect(exchangeSizes(item(), options, 'emerald').find((s) => s.name === 'L')?.in_stock).toBe(false);
    expect(exchangeSizes(item(), options, 'ruby').find((s) => s.name === 'L')?.in_stock).toBe(true);
  });
});
