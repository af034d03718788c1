import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditNote, CreditNoteResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

export async function getCreditNote(
  orderId: number,
  number: string,
  signal?: AbortSignal,
): Promise<CreditNote> {
  const res = await apiRequest<CreditNoteResponse>(
    `/v1/orders/${orderId}/credit-notes/${encodeURIComponent(number)}`,
    { signal },
  );
  return res.data.credit_note;
}

/** Under `orders`: dropped with the rest of the shopper's orders when they sign out. */
export const creditNoteQuery = (orderId: number, number: string) =>
  queryOptions({
    queryKey: ['orders', orderId, 'credit-note', number],
    queryFn: ({ signal }) => getCreditNote(orderId, number, signal),
    enabled: orderId > 0 && number !== '',
  });

export const useCreditNote = (orderId: number, number: string) => useQuery(creditNoteQuery(orderId, number));
