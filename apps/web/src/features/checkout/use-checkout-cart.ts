import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { serverCartQuery } from '@/stores/server-cart';
import { useCart } from '@/stores/cart-store';
import { linesOf, summarize } from './checkout-model';

/**
 * The cart the checkout sells: the signed-in customer's server cart (the same ['cart'] query as the drawer),
 * read with its colour keys, which the order names. While a guest cart is still being handed to the server
 * after sign-in, the checkout waits for the merged cart rather than judge the cart empty. `shippingFils` is the
 * chosen rate's price (undefined until step 2 has one: the totals say it comes next).
 */
export function useCheckoutCart(shippingFils: number | undefined) {
  const query = useQuery(serverCartQuery());
  const guest = useCart();
  const merging = guest.items.length > 0 && query.isFetching;
  const lines = useMemo(() => linesOf(query.data), [query.data]);
  const summary = useMemo(() => summarize(lines, shippingFils), [lines, shippingFils]);
  return {
    lines,
    summary,
    loading: query.isPending || merging,
    loadFailed: query.isError && !query.data,
    retry: () => void query.refetch(),
    hasUnavailable: lines.some((l) => !l.available),
    /** Some line asks for more pieces than are left. */
    hasShortage: lines.some((l) => l.available && l.exceedsStock),
  };
}
