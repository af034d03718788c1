import { useQuery } from '@tanstack/react-query';
import {
  ADMIN_BULK_API,
  type BulkActionInput,
  type BulkResult,
  type ProductSelectionQuery,
  type VatReport,
  type VatReportQuery,
} from '@boutique/contracts/admin-bulk';
import { adminRequest, listQuery } from './admin-request';

/** Every product the table's filter matches, with its version ("select all N matching"). */
export async function productSelection(filters: Partial<ProductSelectionQuery>) {
  const res = await adminRequest<{
    success: true;
    data: { products: { id: number; version: number }[]; total: number };
  }>(ADMIN_BULK_API.selection, { query: listQuery(filters) });
  return res.data;
}

/** One action on the products chosen, each at the version the table showed: all or nothing (409 when stale). */
export async function bulkProducts(products: { id: number; version: number }[], action: BulkActionInput) {
  const res = await adminRequest<{ success: true; data: { products: BulkResult[] } }>(ADMIN_BULK_API.bulk, {
    method: 'POST',
    body: { products, action },
  });
  return res.data.products;
}

export const useVatReport = (query: VatReportQuery | undefined) =>
  useQuery({
    queryKey: ['admin', 'reports', 'vat', query] as const,
    queryFn: async ({ signal }) =>
      (
        await adminRequest<{ success: true; data: { report: VatReport } }>(ADMIN_BULK_API.vat, {
          signal,
          query: listQuery({ ...query }),
        })
      ).data.report,
    enabled: query !== undefined,
    staleTime: 0,
  });

/**
 * Downloads an export (a CSV the API streams) with the signed-in owner's token, and hands it to the browser as
 * a file named `filename`.
 */
export async function downloadExport(
  address: string,
  query: Record<string, string | undefined>,
  filename: string,
) {
  const blob = await adminRequest<Blob>(address, { query: listQuery(query), as: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
