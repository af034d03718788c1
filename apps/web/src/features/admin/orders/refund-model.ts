import type { RefundCreateInput } from '@boutique/contracts';
import type { AdminOrderRefundsResponse } from '@boutique/contracts/admin-after-sale';
import { DECIMAL_AMOUNT, fromFils, normalizeNumberText, toFils } from '@boutique/contracts/constants';

type Refundable = AdminOrderRefundsResponse['data']['refundable'];

/** What the owner gives back: everything left, chosen pieces, or an amount. */
export type RefundMode = 'rest' | 'lines' | 'amount';

export interface RefundChoice {
  mode: RefundMode;
  /** Pieces chosen per line (mode `lines`). */
  pieces: Record<number, number>;
  /** AED as typed (mode `amount`), in any digits `normalizeNumberText` reads. */
  amount: string;
  restock: boolean;
  reason: string;
}

/** Which of the form's fields is wrong, in the words of the `admin` texts. */
export type RefundProblem = 'pieces' | 'amount' | 'tooMuch' | 'reason';

/**
 * The request the form sends and the amount it should give back (fils), or what is wrong with it. The preview
 * follows the server's rule (each piece is worth its share of what its line still holds); the server recomputes
 * and answers the amount it refunded.
 */
export function refundRequest(
  choice: RefundChoice,
  refundable: Refundable,
): { body: RefundCreateInput; fils: number } | { problem: RefundProblem } {
  const reason = choice.reason.trim();
  const leftFils = toFils(refundable.amount);
  let body: RefundCreateInput;
  let fils: number;
  if (choice.mode === 'lines') {
    const lines = refundable.lines
      .map((line) => ({
        line,
        quantity: Math.min(line.quantity, Math.max(0, choice.pieces[line.line_id] ?? 0)),
      }))
      .filter((c) => c.quantity > 0);
    if (lines.length === 0) return { problem: 'pieces' };
    fils = lines.reduce(
      (sum, { line, quantity }) =>
        sum +
        (quantity === line.quantity
          ? toFils(line.amount)
          : Math.floor((toFils(line.amount) * quantity) / line.quantity)),
      0,
    );
    body = {
      lines: lines.map(({ line, quantity }) => ({ line_id: line.line_id, quantity })),
      restock: choice.restock,
      reason,
    };
  } else if (choice.mode === 'amount') {
    // As the price field reads it: ٢٥٠٫٥٠ from an Arabic keyboard, 250,50 with a decimal comma, 1,250 grouped.
    const typed = normalizeNumberText(choice.amount);
    if (!DECIMAL_AMOUNT.test(typed) || toFils(typed) === 0) return { problem: 'amount' };
    fils = toFils(typed);
    if (fils > leftFils) return { problem: 'tooMuch' };
    body = { amount: fromFils(fils), restock: false, reason };
  } else {
    fils = leftFils;
    body = { restock: choice.restock, reason };
  }
  if (!reason) return { problem: 'reason' };
  return { body, fils };
}
