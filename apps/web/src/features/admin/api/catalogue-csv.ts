import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API, type CatalogueImportReport } from '@boutique/contracts/admin';
import { env } from '@/config/env';
import { ApiError, GENERIC_ERROR, apiRequest } from '@/lib/api-client';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { adminProductsKey } from './products';
import { uploadFile } from './upload';

export interface CatalogueImportInput {
  file: File;
  pictures?: File | null;
  dryRun: boolean;
}

/**
 * Sends the CSV (and its zip of photos): a dry run answers what would change; a real run writes everything or
 * nothing. A refused real run (422) carries the same report, which the page shows as it shows a dry run's.
 */
export function useCatalogueImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, pictures, dryRun }: CatalogueImportInput): Promise<CatalogueImportReport> => {
      try {
        const res = await uploadFile<{ data: CatalogueImportReport }>(
          `${ADMIN_API.productsImport}?dry_run=${String(dryRun)}`,
          file,
          { files: pictures ? { pictures } : {} },
        );
        return res.data;
      } catch (error) {
        const report = (error as ApiError | undefined)?.data as { data?: CatalogueImportReport } | undefined;
        if (error instanceof ApiError && error.status === 422 && report?.data) return report.data;
        throw error;
      }
    },
    onSuccess: async (report) => {
      if (!report.dry_run && report.errors.length === 0) {
        await client.invalidateQueries({ queryKey: adminProductsKey });
      }
    },
  });
}

async function fetchExport(): Promise<Response> {
  const token = storage.get(STORAGE_KEYS.authToken);
  return fetch(`${env.apiBase}${ADMIN_API.productsExport.slice('/api'.length)}`, {
    headers: { accept: 'text/csv', ...(token && { authorization: `Bearer ${token}` }) },
  });
}

/** Downloads the whole catalogue as the CSV the import reads back (the file name is the server's). */
export async function downloadCatalogue(): Promise<void> {
  let res = await fetchExport();
  if (res.status === 401) {
    // Any signed-in call refreshes a stale token (api-client); then the download goes again with the new one.
    await apiRequest('/v1/auth/user');
    res = await fetchExport();
  }
  if (!res.ok) throw new ApiError(GENERIC_ERROR, res.status);
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'catalogue.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
