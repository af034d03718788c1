import type { ErrorEnvelope, StockShortage } from '@boutique/contracts';
import { ERROR_CODES } from '@boutique/contracts/constants';
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

/** Why the server would not hold the pieces of a checkout for this shopper (docs/decisions/031), if it said so. */
export type HoldRefusal = 'holdTooManyPieces' | 'holdNetworkBusy' | 'holdTimeUsed';

export function holdRefusalOf(error: unknown): HoldRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.data as Partial<ErrorEnvelope> | undefined)?.code;
  if (code === ERROR_CODES.holdTooManyPieces) return 'holdTooManyPieces';
  if (code === ERROR_CODES.holdNetworkBusy) return 'holdNetworkBusy';
  if (code === ERROR_CODES.holdTimeUsed) return 'holdTimeUsed';
  return undefined;
}
