import { z } from 'zod';
import { optionalString } from './fields.js';

/** How long, and how much, shoppers may hold pieces while they pay. */
export const StockEnv = z.object({
  /** How long creating or updating a payment holds the cart's pieces for the shopper. */
  STOCK_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /**
   * The longest one shopper may keep pieces held, from their first hold: renewing a payment does not go past it
   * (then one hold's time before they may hold anew, unless an order took the pieces). Default: two holds' time.
   */
  STOCK_HOLD_MAX_MINUTES: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(2880).optional(),
  ),
  /** The most pieces one account may hold at once (a boutique's real basket is a few pieces). */
  STOCK_HOLD_MAX_PIECES: z.coerce.number().int().min(1).max(1000).default(10),
  /** The most pieces the accounts of one network (an IPv4 address, an IPv6 /64) may hold at once. */
  STOCK_HOLD_MAX_PIECES_PER_IP: z.coerce.number().int().min(1).max(10_000).default(30),
});
export type StockEnv = z.infer<typeof StockEnv>;

/** A shopper's longest hold is at least one hold, and a network holds at least what one account may. */
export function checkStockHolds(e: StockEnv, ctx: z.RefinementCtx): void {
  if (e.STOCK_HOLD_MAX_MINUTES !== undefined && e.STOCK_HOLD_MAX_MINUTES < e.STOCK_HOLD_MINUTES) {
    ctx.addIssue({
      code: 'custom',
      path: ['STOCK_HOLD_MAX_MINUTES'],
      message: `must be at least STOCK_HOLD_MINUTES (${e.STOCK_HOLD_MINUTES})`,
    });
  }
  if (e.STOCK_HOLD_MAX_PIECES_PER_IP < e.STOCK_HOLD_MAX_PIECES) {
    ctx.addIssue({
      code: 'custom',
      path: ['STOCK_HOLD_MAX_PIECES_PER_IP'],
      message: `must be at least STOCK_HOLD_MAX_PIECES (${e.STOCK_HOLD_MAX_PIECES})`,
    });
  }
}

export interface StockConfig {
  stock: {
    /** How long a payment holds its pieces before an unpaid one gives them back. */
    holdMinutes: number;
    /** How often expired holds are looked for (a quarter of the hold, at most a minute). */
    sweepIntervalS: number;
    /** The longest a shopper keeps pieces held from their first hold, renewals included. */
    maxHoldMinutes: number;
    /** The most pieces one account, and the accounts of one network, may hold at once. */
    maxPiecesPerAccount: number;
    maxPiecesPerNetwork: number;
  };
}

export function stockConfig(e: StockEnv): StockConfig {
  return {
    stock: {
      holdMinutes: e.STOCK_HOLD_MINUTES,
      sweepIntervalS: Math.min(60, e.STOCK_HOLD_MINUTES * 15),
      maxHoldMinutes: e.STOCK_HOLD_MAX_MINUTES ?? e.STOCK_HOLD_MINUTES * 2,
      maxPiecesPerAccount: e.STOCK_HOLD_MAX_PIECES,
      maxPiecesPerNetwork: e.STOCK_HOLD_MAX_PIECES_PER_IP,
    },
  };
}
