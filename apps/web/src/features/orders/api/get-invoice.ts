import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice, InvoiceResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

export async function getInvoice(orderId: number, signal?: AbortSignal): Promise<Invoice> {
  const res = await apiRequest<InvoiceResponse>(`/v1/orders/${orderId}/invoice`, { signal });
  return res.data.invoice;
}

/** Under `orders`: dropped with the rest of the shopper's orders when they sign out. */
export const invoiceQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['orders', orderId, 'invoice'],
    queryFn: ({ signal }) => getInvoice(orderId, signal),
    // An address with no order number in it asks nothing of the server.
    enabled: orderId > 0,
  });

export const useInvoice = (orderId: number) => useQuery(invoiceQuery(orderId));
