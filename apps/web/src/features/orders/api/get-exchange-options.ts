import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail, ProductResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

/** What a piece can be exchanged for: the sizes and colours the shop makes it in now, and their pieces. */
export interface ExchangeOptions {
  sizes: ProductDetail['sizes'];
  variants: ProductDetail['variants'];
  colors: { key: string; name: { en: string; fr: string; ar: string } }[];
}

export async function getExchangeOptions(slug: string, signal?: AbortSignal): Promise<ExchangeOptions> {
  const res = await apiRequest<ProductResponse>(`/v1/products/slug/${encodeURIComponent(slug)}`, { signal });
  const { product } = res.data;
  return {
    sizes: product.sizes,
    variants: product.variants,
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
