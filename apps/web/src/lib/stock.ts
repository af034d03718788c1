import type { ErrorEnvelope, StockShortage } from '@boutique/contracts';
import { ApiError } from './api-client';

/**
 * What is left of the pieces a refused call asked too many of (a cart add or update, a payment), from the
 * API's error answer; undefined when the refusal was not about stock.
 */
export function shortagesOf(error: unknown): StockShortage[] | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const shortages = (error.data as Partial<ErrorEnvelope> | undefined)?.shortages;
  return Array.isArray(shortages) && shortages.length > 0 ? shortages : undefined;
}

/** The order call was refused because the pieces were sold while paying, and the payment refunded. */
export function wasRefunded(error: unknown): boolean {
  return error instanceof ApiError && (error.data as Partial<ErrorEnvelope> | undefined)?.refunded === true;
}
