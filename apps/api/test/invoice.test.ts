import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceResponseSchema, vatIncludedFils } from '@boutique/contracts';
import { toFils } from '../src/lib/money.js';
import {
  articles,
  call,
  generousLimits,
  newShopper,
  orderPayload,
  pay,
  plentyOfStock,
  type Article,
  type CartLine,
  type Shopper,
} from './support/shop.js';
import { startTestApp, type TestApp } from './helpers.js';

const TRN = '100123456700003';
let t: TestApp;
let stock: Article[];
beforeAll(async () => {
  t = await startTestApp({
    ...generousLimits,
    SHOP_TRN: TRN,
    SHOP_ADDRESS: 'Shop 4, Al Fahidi Street|Dubai, United Arab Emirates',
    RECONCILE_AFTER_S: '3600',
    RECONCILE_INTERVAL_S: '0',
  });
  await plentyOfStock(t);
  stock = await articles(t, 3);
});
afterAll(() => t?.close());

const line = (i: number, quantity = 1): CartLine => ({ ...stock[i]!, quantity });

describe('tax invoices', () => {
  it('numbers 20 orders made at the same moment INV-000001 to INV-000020, each once', async () => {
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => newShopper(t, `Shopper ${i}`)));
    const paid: { shopper: Shopper; lines: CartLine[]; intentId: string }[] = [];
    for (const [i, shopper] of shoppers.entries()) {
      const lines = [line(i % 3, 1 + (i % 2))];
      paid.push({ shopper, lines, intentId: (await pay(t, shopper, lines)).intentId });
    }
    const placed = await Promise.all(
      paid.map((p) =>
        call(
          t,
          'POST',
          '/api/v1/orders',
          p.shopper.token,
          orderPayload(p.lines, p.intentId, { locale: 'ar' }),
        ),
      ),
    );
    expect(placed.map((r) => r.status)).toEqual(Array(20).fill(201));
    const invoices = await Promise.all(
      placed.map(async (r, i) => {
        const res = await call(
          t,
          'GET',
          `/api/v1/orders/${r.body.data.order_id}/invoice`,
          paid[i]!.shopper.token,
        );
        expect(res.status).toBe(200);
        return InvoiceResponseSchema.parse(res.body).data.invoice;
      }),
    );
    const numbers = invoices.map((inv) => inv.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`));
    for (const inv of invoices) {
      expect(inv).toMatchObject({
        kind: 'tax_invoice',
        locale: 'ar',
        vat_percent: 5,
        shop: { trn: TRN, address: ['Shop 4, Al Fahidi Street', 'Dubai, United Arab Emirates'] },
      });
      // VAT is included: 5/105 of the total, to the fils, and net + VAT is the total.
      expect(toFils(inv.vat)).toBe(vatIncludedFils(toFils(inv.total)));
      expect(toFils(inv.net) + toFils(inv.vat)).toBe(toFils(inv.total));
    }
  });

  it('shows the VAT of a known amount, and no one else’s invoice', async () => {
    const shopper = await newShopper(t);
    const lines = [line(0)];
    const { intentId } = await pay(t, shopper, lines);
    const res = await call(t, 'POST', '/api/v1/orders', shopper.token, orderPayload(lines, intentId));
    const id = res.body.data.order_id as number;
    const mine = InvoiceResponseSchema.parse(
      (await call(t, 'GET', `/api/v1/orders/${id}/invoice`, shopper.token)).body,
    ).data.invoice;
    const total = toFils(mine.total);
    expect(mine.vat).toBe((Math.floor((total * 10 + 105) / 210) / 100).toFixed(2));
    expect(mine.number).toBe('INV-000021');
    expect(mine.locale).toBe('en');
    const stranger = await newShopper(t);
    const theirs = await call(t, 'GET', `/api/v1/orders/${id}/invoice`, stranger.token);
    expect(theirs.status).toBe(404);
    expect((await call(t, 'GET', `/api/v1/orders/${id}/invoice`)).status).toBe(401);
  });
});

describe('the VAT rule', () => {
  it('takes 5/105 of a gross amount, rounded half up to the fils', () => {
    expect(vatIncludedFils(105_00)).toBe(5_00);
    expect(vatIncludedFils(2450_00)).toBe(116_67);
    expect(vatIncludedFils(11)).toBe(1); // 0.5238 fils
    expect(vatIncludedFils(10)).toBe(0); // 0.476 fils
    expect(vatIncludedFils(0)).toBe(0);
    expect(() => vatIncludedFils(-1)).toThrow(RangeError);
    expect(() => vatIncludedFils(1.5)).toThrow(RangeError);
  });
});
