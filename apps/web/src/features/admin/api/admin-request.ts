import { env } from '@/config/env';
import { apiRequest, type RequestOptions } from '@/lib/api-client';

/**
 * A call to an address of `ADMIN_API` (contracts), which names it from the host root (`/api/v1/admin/...`):
 * the client adds the API base itself.
 */
export function adminRequest<T>(address: string, options?: RequestOptions): Promise<T> {
  const path = address.startsWith(env.apiBase) ? address.slice(env.apiBase.length) : address;
  return apiRequest<T>(path, options);
}

/** A list's query string values as the API reads them: empty ones left out. */
export function listQuery(values: Record<string, string | number | null | undefined>) {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values)) if (value !== '' && value != null) query[key] = value;
  return query;
}
