import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import {
  RETURN_STATUSES,
  RefundCreateSchema,
  ReturnCreateSchema,
  illegalReturnMove,
  nextReturnStatuses,
} from './index.js';

const paths = (result: { error?: z.ZodError }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the refund request', () => {
  it('takes an amount, lines, or neither, always with restock and a reason', () => {
    expect(RefundCreateSchema.safeParse({ restock: false, reason: 'Late' }).success).toBe(true);
    expect(RefundCreateSchema.safeParse({ amount: '12.5', restock: false, reason: 'x' }).success).toBe(true);
    expect(paths(RefundCreateSchema.safeParse({ amount: '-5', restock: false, reason: 'x' }))).toEqual([
      'amount: The amount must be an amount in AED with at most two decimals, e.g. 250.00.',
    ]);
    expect(paths(RefundCreateSchema.safeParse({ amount: '0.00', restock: false, reason: 'x' }))).toEqual([
      'amount: The amount must be more than 0.',
    ]);
    expect(
      paths(
        RefundCreateSchema.safeParse({
          lines: [
            { line_id: 4, quantity: 1 },
            { line_id: 4, quantity: 1 },
          ],
          restock: true,
          reason: '  ',
        }),
      ),
    ).toEqual(['reason: The reason field is required.', 'lines.1.line_id: Each line may be named once.']);
  });
});

describe('the return request', () => {
  it('asks an exchange for the size wanted on every line', () => {
    const body = { type: 'exchange', reason: 'too_small', lines: [{ line_id: 1, quantity: 1 }] };
    expect(paths(ReturnCreateSchema.safeParse(body))).toEqual([
      'lines.0.size: Choose the size you would like instead.',
    ]);
    expect(ReturnCreateSchema.safeParse({ ...body, type: 'return' }).success).toBe(true);
  });
});

describe('the steps of a return', () => {
  it('allows only the legal steps, and says why another is refused', () => {
    expect(nextReturnStatuses('requested', 'return')).toEqual(['approved', 'rejected']);
    expect(nextReturnStatuses('received', 'return')).toEqual(['refunded', 'closed']);
    expect(nextReturnStatuses('received', 'exchange')).toEqual(['exchanged', 'closed']);
    for (const from of ['rejected', 'closed'] as const)
      expect(nextReturnStatuses(from, 'return')).toEqual([]);
    expect(illegalReturnMove('requested', 'received', 'return')).toBe(
      'A requested return cannot become received.',
    );
    expect(illegalReturnMove('received', 'refunded', 'exchange')).toBe(
      'An exchange is completed by shipping the new piece.',
    );
    expect(illegalReturnMove('closed', 'approved', 'return')).toBe('A closed return cannot change any more.');
    // Every allowed step is one illegalReturnMove agrees with.
    for (const from of RETURN_STATUSES)
      for (const type of ['return', 'exchange'] as const)
        for (const to of nextReturnStatuses(from, type))
          expect(illegalReturnMove(from, to, type)).toBeUndefined();
  });
});
