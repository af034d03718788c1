import { describe, expect, it } from 'vitest';
import { refundRequest, type RefundChoice } from './refund-model';

const refundable = {
  amount: '3500.00',
  lines: [
    { line_id: 7, quantity: 2, amount: '2000.00' },
    { line_id: 8, quantity: 1, amount: '1500.00' },
  ],
};
const choice = (over: Partial<RefundChoice>): RefundChoice => ({
  mode: 'rest',
  pieces: {},
  amount: '',
  restock: false,
  reason: 'Returned unworn',
  ...over,
});

describe('the refund form', () => {
  it('refunds everything left, with or without the pieces back on sale', () => {
    expect(refundRequest(choice({ restock: true }), refundable)).toEqual({
      body: { restock: true, reason: 'Returned unworn' },
      fils: 350_000,
    });
  });

  it('refunds chosen pieces at their share of the line, never more pieces than are left', () => {
    expect(
      refundRequest(choice({ mode: 'lines', pieces: { 7: 1, 8: 0 }, restock: true }), refundable),
    ).toEqual({
      body: { lines: [{ line_id: 7, quantity: 1 }], restock: true, reason: 'Returned unworn' },
      fils: 100_000,
    });
    const all = refundRequest(choice({ mode: 'lines', pieces: { 7: 5, 8: 1 } }), refundable);
    expect(all).toMatchObject({
      fils: 350_000,
      body: {
        lines: [
          { line_id: 7, quantity: 2 },
          { line_id: 8, quantity: 1 },
        ],
      },
    });
    expect(refundRequest(choice({ mode: 'lines', pieces: {} }), refundable)).toEqual({ problem: 'pieces' });
  });

  it('refunds an amount, never more than is left, and never puts pieces back for it', () => {
    expect(refundRequest(choice({ mode: 'amount', amount: '250.5', restock: true }), refundable)).toEqual({
      body: { amount: '250.50', restock: false, reason: 'Returned unworn' },
      fils: 25_050,
    });
    expect(refundRequest(choice({ mode: 'amount', amount: '3500.01' }), refundable)).toEqual({
      problem: 'tooMuch',
    });
    for (const amount of ['', '0', 'abc', '-5', '1.234'])
      expect(refundRequest(choice({ mode: 'amount', amount }), refundable)).toEqual({ problem: 'amount' });
  });

  it('reads an amount as the owner types it: Arabic-Indic digits, a decimal comma, grouped thousands', () => {
    for (const [amount, fils] of [
      ['٢٥٠٫٥٠', 25_050],
      ['۲۵۰', 25_000],
      ['250,50', 25_050],
      ['1,250', 125_000],
      ['\u200f٣٠٠', 30_000],
    ] as const)
      expect(refundRequest(choice({ mode: 'amount', amount }), refundable)).toMatchObject({ fils });
    expect(refundRequest(choice({ mode: 'amount', amount: '٣٥٠٠٫٠١' }), refundable)).toEqual({
      problem: 'tooMuch',
    });
  });

  it('asks for a reason', () => {
    expect(refundRequest(choice({ reason: '   ' }), refundable)).toEqual({ problem: 'reason' });
  });
});
