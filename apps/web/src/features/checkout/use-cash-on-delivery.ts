import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AddressFields } from '@boutique/contracts';
import { ERROR_CODES, LANGUAGES, fromFils } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { cart } from '@/stores/cart-store';
import { placeCashOnDelivery } from './api/place-cash-on-delivery';
import type { ConfirmationState } from './checkout-model';

export type CashOnDeliveryError = 'generic' | 'changed' | 'country' | 'off' | 'stock';

/** Why the server refused, in the words step 2 has for it. */
function errorOf(error: unknown): CashOnDeliveryError {
  if (!(error instanceof ApiError)) return 'generic';
  const code = (error.data as { code?: string } | undefined)?.code;
  if (code === ERROR_CODES.cashOnDeliveryCountry) return 'country';
  if (code === ERROR_CODES.cashOnDeliveryOff) return 'off';
  if (error.status === 409) {
    return (error.data as { shortages?: unknown[] } | undefined)?.shortages ? 'stock' : 'changed';
  }
  return 'generic';
}

/**
 * Step 2's cash on delivery: the order placed without a card for the cart's total and the fee. One key per
 * order attempt, kept while it may have reached the server (a retry answers the same order), renewed after
 * a refusal; on success the cart empties and the confirmation page opens.
 */
export function useCashOnDelivery({
  address,
  totalFils,
  shippingRateId,
}: {
  address: AddressFields | null;
  totalFils: number;
  /** The rate chosen at step 2: the server prices the same one. */
  shippingRateId: string | number | undefined;
}) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const key = useRef(newIdempotencyKey());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CashOnDeliveryError | null>(null);

  const place = useCallback(async () => {
    if (!address || busy) return;
    setBusy(true);
    setError(null);
    try {
      const locale = LANGUAGES.find((l) => l === i18n.language);
      const order = await placeCashOnDelivery(
        {
          total_amount: fromFils(totalFils),
          billing_address: address,
          ...(shippingRateId !== undefined && { shipping_rate_id: shippingRateId }),
          ...(locale && { locale }),
        },
        key.current,
      );
      cart.clear();
      void client.invalidateQueries({ queryKey: ['cart'] });
      void client.invalidateQueries({ queryKey: ['orders'] });
      const state: ConfirmationState = {
        orderId: order.order_id,
        orderNumber: order.order_number,
        amount: order.total_amount,
        paymentMethod: 'cash_on_delivery',
      };
      void navigate(paths.orderConfirmation.href(), { replace: true, state });
    } catch (err) {
      // A refusal made nothing: the next attempt is a new order. A lost answer keeps its key.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) key.current = newIdempotencyKey();
      if (err instanceof ApiError && err.status === 409)
        void client.invalidateQueries({ queryKey: ['cart'] });
      setError(errorOf(err));
      setBusy(false);
    }
  }, [address, busy, totalFils, shippingRateId, i18n.language, client, navigate]);

  return { place, busy, error };
}
