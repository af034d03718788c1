import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { AddressFields } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { holdRefusalOf, shortagesOf, wasRefunded, type HoldRefusal } from '@/lib/stock';
import { cart } from '@/stores/cart-store';
import { createPaymentIntent, type PaymentIntent, type ShippingChoice } from './api/create-payment-intent';
import { updatePaymentIntent } from './api/update-payment-intent';
import { createOrder } from './api/create-order';
import { processPayment } from './api/process-payment';
import { billingDetails, orderPayload, type CheckoutLine, type ConfirmationState } from './checkout-model';
import type { CardFormHandle, Confirmation } from './payment-types';

/** Waits before the confirmation page (spec section 9): after a card payment, and after a wallet payment. */
export const REDIRECT_AFTER_CARD_MS = 1500;
export const REDIRECT_AFTER_WALLET_MS = 1000;

/**
 * What the payment step says: a key of the `checkout` namespace under `errors`; a refusal by its stable code
 * (`declines.*`, see payment-text.ts); a payment status (`statuses.*`); or words that came as they are.
 */
export type PaymentMessage =
  | { key: CheckoutErrorKey; values?: Record<string, string> }
  | { decline: string }
  | { status: string }
  | { text: string };

export type CheckoutErrorKey =
  | 'providerNotLoaded'
  | 'elementMissing'
  | 'unexpected'
  | 'preparing'
  | 'processing'
  | 'unavailable'
  | 'applePayConfig'
  | 'applePayInit'
  | 'applePayValidation'
  | 'applePayFailed'
  | 'applePayProcessing'
  /** Some pieces are no longer left in the quantity of the cart. */
  | 'stock'
  /** The payment waited so long that its pieces were released: a new one is prepared. */
  | 'expired'
  /** The shop would not hold the pieces for this shopper: too many, too many from their network, too long. */
  | HoldRefusal;

export type PaymentPhase =
  /** Waiting for the shopper. */
  | 'idle'
  /** A card or wallet payment is under way: every pay control is blocked. */
  | 'processing'
  /** Paid and ordered: the confirmation page follows. */
  | 'succeeded'
  /** Paid, but the order call failed: the server makes the order from the payment; nothing may be paid again. */
  | 'finalising'
  /** Paid, but the pieces were sold meanwhile: no order, the payment was refunded; nothing may be paid again. */
  | 'refunded';

export type IntentState = 'idle' | 'loading' | 'ready' | 'error';

interface Options {
  /** The payment step is shown and the card is the chosen method: an intent is wanted. */
  wantIntent: boolean;
  /** The cart's total, AED with two decimals ("0.00" for an empty cart). */
  amount: string;
  lines: CheckoutLine[];
  address: AddressFields | null;
  /** The rate chosen at step 2 for the address's country: no intent without one. */
  shipping: ShippingChoice | null;
  /** That rate's name and days, for the confirmation page. */
  delivery?: ConfirmationState['delivery'];
  /** The cart's discount code and what it takes off, for the confirmation page. */
  discount?: { code: string; amount: string } | null;
}

function confirmationMessage(result: Exclude<Confirmation, { kind: 'succeeded' }>): PaymentMessage {
  switch (result.kind) {
    case 'declined':
      return { decline: result.code ?? 'card_declined' };
    case 'status':
      return { status: result.status };
    case 'failed':
      return { key: result.reason };
  }
}

/**
 * The checkout's payment: prepares the card intent (once, re-priced when the total changes), confirms it, records
 * the order, empties the cart and moves on to the confirmation page. Kept above the steps so that going back to
 * the address and forward again keeps the same intent.
 */
export function useCheckoutPayment({
  wantIntent,
  amount,
  lines,
  address,
  shipping,
  delivery,
  discount = null,
}: Options) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const [intentState, setIntentState] = useState<IntentState>('idle');
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [message, setMessage] = useState<PaymentMessage | null>(null);
  /** The order call to try again when it failed after the payment. */
  const pendingOrder = useRef<(() => Promise<void>) | null>(null);
  const intentBusy = useRef(false);
  /** The total (and shipping) an intent could not be prepared for: not asked again until one changes. */
  const failedAmount = useRef<string | null>(null);
  /** The shipping the current intent was priced with: another choice re-prices it, even at the same total. */
  const pricedShipping = useRef<string | null>(null);
  const shippingKey = shipping ? `${shipping.rateId}|${shipping.country}` : null;
  const [intentAttempt, setIntentAttempt] = useState(0);
  /** Why the intent could not be prepared, shown with a retry. */
  const [intentError, setIntentError] = useState<CheckoutErrorKey>('preparing');
  /**
   * The pieces may no longer be held for this intent (a refused card gives them back, a long wait lets them
   * go): they are held again, by re-pricing the intent, before the next card is tried.
   */
  const needsHold = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // One intent for the whole checkout, created when it is first wanted and re-priced when the total moves.
  useEffect(() => {
    if (!wantIntent || !shipping || phase !== 'idle' || Number(amount) <= 0 || intentBusy.current) return;
    const attempt = `${amount}|${shippingKey}`;
    if (failedAmount.current === attempt) return;
    if (intent && intent.amount === amount && pricedShipping.current === shippingKey) return;
    intentBusy.current = true;
    setIntentState('loading');
    const call = intent
      ? updatePaymentIntent(intent.paymentIntentId, amount, shipping)
      : createPaymentIntent(amount, shipping);
    call
      .then((next) => {
        if (!next.clientSecret) throw new Error('No client secret returned');
        pricedShipping.current = shippingKey;
        setIntent(next);
        setIntentState('ready');
      })
      .catch((error: unknown) => {
        // 409: the server's cart is not the one shown (changed in another tab, or fewer pieces are left than
        // it asks for): show the fresh one, which flags what is left.
        if (error instanceof ApiError && error.status === 409)
          void client.invalidateQueries({ queryKey: ['cart'] });
        if (intent && error instanceof ApiError && error.status === 409 && !shortagesOf(error)) {
          // The intent can no longer change (its hold expired and it was cancelled): prepare a new one.
          setIntent(null);
          setMessage({ key: 'expired' });
          setIntentState('idle');
          return;
        }
        // 422: the rate no longer ships to the country (the owner changed it): the rates are asked again.
        if (error instanceof ApiError && error.status === 422)
          void client.invalidateQueries({ queryKey: ['shipping-methods'] });
        failedAmount.current = attempt;
        setIntentError(holdRefusalOf(error) ?? (shortagesOf(error) ? 'stock' : 'preparing'));
        setIntentState('error');
      })
      .finally(() => {
        intentBusy.current = false;
      });
  }, [wantIntent, shipping, shippingKey, phase, amount, intent, intentState, intentAttempt, client]);

  const retryIntent = useCallback(() => {
    failedAmount.current = null;
    setIntentError('preparing');
    setIntentState('idle');
    setIntentAttempt((n) => n + 1);
  }, []);

  /** Records the order of a succeeded payment, then empties the cart and goes to the confirmation. */
  const finish = useCallback(
    async (input: {
      method: 'card' | 'apple_pay';
      transactionId: string;
      totalAmount: string;
      billing: AddressFields;
      shipping?: AddressFields;
      redirectAfterMs: number;
    }) => {
      const payload = orderPayload({ lines, ...input, locale: i18n.language });
      const attempt = async () => {
        setPhase('processing');
        setMessage(null);
        let order;
        try {
          order = await createOrder(payload);
        } catch (error) {
          if (wasRefunded(error)) {
            // The pieces were sold while the payment was made: the server refunded it and made no order.
            pendingOrder.current = null;
            void client.invalidateQueries({ queryKey: ['cart'] });
            setPhase('refunded');
            return;
          }
          // The money has moved: never silence, never a second payment. The server turns the payment into the
          // order on its own (docs/design.md, Payments and orders); the shopper may ask again or find it in
          // their orders.
          console.error('order creation after payment failed', error);
          pendingOrder.current = attempt;
          setPhase('finalising');
          return;
        }
        pendingOrder.current = null;
        if (input.method === 'card') {
          try {
            await processPayment(input.transactionId, order.order_id);
          } catch (error) {
            // The order is made and paid; this record is only a cross-check the server does again itself.
            console.warn('recording the payment of the order failed', error);
          }
        }
        // The server emptied its cart with the order; the browser's own cart goes too.
        cart.clear();
        void client.invalidateQueries({ queryKey: ['cart'] });
        void client.invalidateQueries({ queryKey: ['orders'] });
        setPhase('succeeded');
        const state: ConfirmationState = {
          orderId: order.order_id,
          orderNumber: order.order_number,
          amount: order.total_amount,
          paymentMethod: input.method,
          ...(delivery && { delivery }),
          discount,
        };
        timer.current = setTimeout(() => {
          void navigate(paths.orderConfirmation.href(), { replace: true, state });
        }, input.redirectAfterMs);
      };
      await attempt();
    },
    [lines, delivery, client, navigate, i18n.language, discount],
  );

  /**
   * Confirms the intent through a card form: our sandbox fields, Stripe's card fields, or Stripe's wallet
   * buttons (Apple Pay, Google Pay: card payments to Stripe, confirmed the same way), then records the order.
   */
  const payByCard = useCallback(
    async (form: CardFormHandle | null, method: 'card' | 'apple_pay' = 'card') => {
      if (phase !== 'idle' || !intent || intentState !== 'ready' || !address || !shipping) return;
      if (!form) {
        setMessage({ key: 'elementMissing' });
        return;
      }
      if (!form.check()) return;
      setPhase('processing');
      setMessage(null);
      let current = intent;
      if (needsHold.current) {
        try {
          current = await updatePaymentIntent(intent.paymentIntentId, intent.amount, shipping);
          needsHold.current = false;
          setIntent(current);
        } catch (error) {
          const stock = shortagesOf(error);
          if (error instanceof ApiError && error.status === 409) {
            void client.invalidateQueries({ queryKey: ['cart'] });
            // Cancelled (its hold expired): the effect above prepares a new intent, which holds the pieces.
            if (!stock) setIntent(null);
          }
          setMessage({
            key:
              holdRefusalOf(error) ??
              (stock
                ? 'stock'
                : error instanceof ApiError && error.status === 409
                  ? 'expired'
                  : 'processing'),
          });
          setPhase('idle');
          return;
        }
      }
      let result: Confirmation;
      try {
        result = await form.confirm(current.clientSecret, billingDetails(address));
      } catch {
        result = { kind: 'failed', reason: 'unexpected' };
      }
      if (result.kind !== 'succeeded') {
        // A refused card gives the pieces back on the server: they are held again before the next try.
        needsHold.current = true;
        setMessage(confirmationMessage(result));
        setPhase('idle');
        return;
      }
      await finish({
        method,
        transactionId: result.intentId,
        totalAmount: current.amount,
        billing: address,
        redirectAfterMs: method === 'card' ? REDIRECT_AFTER_CARD_MS : REDIRECT_AFTER_WALLET_MS,
      });
    },
    [phase, intent, intentState, address, shipping, finish, client],
  );

  const retryOrder = useCallback(() => {
    void pendingOrder.current?.();
  }, []);

  return {
    intent,
    intentState,
    intentError,
    retryIntent,
    phase,
    setPhase,
    message,
    setMessage,
    payByCard,
    finish,
    retryOrder,
  };
}

export type CheckoutPayment = ReturnType<typeof useCheckoutPayment>;
