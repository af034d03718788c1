import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

/** What a piece can be exchanged for: the sizes and colours the shop makes it in now. */
export interface ExchangeOptions {
  sizes: { name: string; in_stock: boolean }[];
  colors: { key: string; name: { en: string; fr: string; ar: string } }[];
}

export async function getExchangeOptions(slug: string, signal?: AbortSignal): Promise<ExchangeOptions> {
  const res = await apiRequest<ProductResponse>(`/v1/products/slug/${encodeURIComponent(slug)}`, { signal });
  const { product } = res.data;
  return {
    sizes: product.sizes.map((s) => ({ name: s.name, in_stock: s.in_stock })),
    colors: product.colors.map((c) => ({ key: c.key, name: c.name })),
  };
}

export const exchangeOptionsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['orders', 'exchange-options', slug],
    queryFn: ({ signal }) => getExchangeOptions(slug, signal),
    staleTime: 60_000,
  });

export const useExchangeOptions = (slug: string, enabled: boolean) =>
  useQuery({ ...exchangeOptionsQuery(slug), enabled });
