import type { CreateOrderInput, CreateOrderResponse } from '@boutique/contracts';
import { ApiError, apiRequest } from '@/lib/api-client';

export type PlacedOrder = CreateOrderResponse['data'];

const RETRY_DELAYS_MS = [1000, 2500];
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal that asking again cannot change (the server checked and said no). */
const isFinal = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/**
 * Records the order of a succeeded payment. The server answers the same order for the same transaction id,
 * so a call lost on the way is asked again (twice) before the checkout says the order is still being made.
 */
export async function createOrder(input: CreateOrderInput): Promise<PlacedOrder> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const res = await apiRequest<CreateOrderResponse>('/v1/orders', { method: 'POST', body: input });
      return res.data;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || isFinal(error)) throw error;
      await wait(delay);
    }
  }
}
