import { useCallback, useState } from 'react';
import type { Order } from '@boutique/contracts';
import { useCartActions } from '@/stores/shop-cart';
import type { NewCartItem } from '@/stores/cart-model';

/** An ordered line as a cart line to add; the server prices it again from the catalogue. */
export function toCartItem(item: Order['items'][number]): NewCartItem {
  const color = item.options.color;
  return {
    slug: item.product_slug,
    name: item.product_name,
    price: item.price,
    quantity: item.quantity,
    selectedColor: color
      ? { key: color, value: '', name: item.options.color_name ?? { en: color, fr: color, ar: color } }
      : null,
    selectedSize: item.options.size,
    image: item.product_image ?? '',
  };
}

/**
 * "Order again": every piece of the order goes back into the cart (the server's, for a signed-in customer), one
 * after the other, and the cart drawer opens on them. A piece the shop no longer sells is reported by the cart.
 */
export function useReorder() {
  const { add } = useCartActions();
  const [busy, setBusy] = useState(false);
  const reorder = useCallback(
    async (order: Order) => {
      setBusy(true);
      try {
        for (const item of order.items) await add(toCartItem(item));
      } finally {
        setBusy(false);
      }
    },
    [add],
  );
  return { reorder, busy };
}
