import { DISCOUNT_PROBLEMS, type DiscountProblem } from '@boutique/contracts/constants';
import { ApiError } from '@/lib/api-client';

/** What the shopper reads when a code is refused: a key of the cart's `discount.errors` and its minimum. */
export interface DiscountRefusal {
  key: DiscountProblem | 'tooMany' | 'failed' | 'required';
  /** AED, for `discount_below_minimum`. */
  minimum?: string;
}

const isProblem = (code: unknown): code is DiscountProblem =>
  DISCOUNT_PROBLEMS.includes(code as DiscountProblem);

/** The refusal of `POST /cart/discount` worded from its code, never from the English message. */
export function discountRefusal(error: unknown): DiscountRefusal {
  if (!(error instanceof ApiError)) return { key: 'failed' };
  if (error.status === 429) return { key: 'tooMany' };
  const data = (error.data ?? {}) as { code?: unknown; minimum?: unknown };
  if (isProblem(data.code)) {
    return typeof data.minimum === 'string' ? { key: data.code, minimum: data.minimum } : { key: data.code };
  }
  if (error.codes.code?.[0] === 'required') return { key: 'required' };
  return { key: 'failed' };
}
