import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StripeElementLocale, StripeElements } from '@stripe/stripe-js';
import type { CardFormHandle } from '../payment-types';
import { stripeFor } from '../stripe-loader';
import styles from './checkout.module.css';

/**
 * Apple Pay and Google Pay with Stripe: Stripe's Express Checkout Element shows the wallets this device can pay
 * with, validates the merchant with Apple and hands the wallet's card to Stripe. It pays the checkout's one
 * intent, priced by the server from the cart, and the order is then recorded exactly as after a card
 * (docs/design.md, Payments and orders). Nothing shows where no wallet can pay.
 */
export default function StripeExpressCheckout({
  publishableKey,
  scriptUrl,
  amountFils,
  disabled,
  pay,
  divider,
}: {
  publishableKey: string;
  scriptUrl: string | null;
  /** The intent's amount: the wallet sheet shows it. */
  amountFils: number;
  disabled: boolean;
  /** The checkout's payment: confirms through the given form, then records the order. */
  pay: (form: CardFormHandle, method: 'card' | 'apple_pay') => Promise<void>;
  divider: string;
}) {
  const { i18n } = useTranslation('checkout');
  const host = useRef<HTMLDivElement>(null);
  const elements = useRef<StripeElements | null>(null);
  const latest = useRef({ pay, disabled });
  latest.current = { pay, disabled };
  const [available, setAvailable] = useState(false);
  const initialAmount = useRef(amountFils);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    stripeFor(publishableKey, scriptUrl)
      .then((stripe) => {
        if (cancelled || !stripe || !host.current) return;
        const group = stripe.elements({
          mode: 'payment',
          amount: initialAmount.current,
          currency: 'aed',
          // The intent takes cards only; Apple Pay and Google Pay are cards to Stripe.
          allowedPaymentMethodTypes: ['card'],
          locale: i18n.language as StripeElementLocale,
        });
        elements.current = group;
        const wallets = group.create('expressCheckout', {
          paymentMethods: { applePay: 'auto', googlePay: 'auto', link: 'never', paypal: 'never' },
          buttonType: { applePay: 'buy', googlePay: 'buy' },
        });
        wallets.on('ready', ({ availablePaymentMethods }) => {
          if (!cancelled) setAvailable(Object.values(availablePaymentMethods ?? {}).some(Boolean));
        });
        wallets.on('click', (event) => {
          if (latest.current.disabled) event.reject();
          else event.resolve({ emailRequired: true, phoneNumberRequired: true });
        });
        wallets.on('confirm', (event) => {
          void (async () => {
            // Stripe asks for the wallet's details to be submitted before anything else is awaited.
            const submitted = await group.submit();
            if (submitted.error) {
              event.paymentFailed({ reason: 'fail' });
              return;
            }
            let reached = false;
            const form: CardFormHandle = {
              check: () => true,
              async confirm(clientSecret) {
                reached = true;
                const result = await stripe.confirmPayment({
                  elements: group,
                  clientSecret,
                  confirmParams: { return_url: window.location.href },
                  redirect: 'if_required',
                });
                if (result.error) {
                  const { code, decline_code, message } = result.error;
                  return { kind: 'declined', code: decline_code ?? code, message: message ?? '' };
                }
                if (result.paymentIntent.status !== 'succeeded')
                  return { kind: 'status', status: result.paymentIntent.status };
                return { kind: 'succeeded', intentId: result.paymentIntent.id };
              },
            };
            await latest.current.pay(form, event.expressPaymentType === 'apple_pay' ? 'apple_pay' : 'card');
            // The checkout could not pay now (busy, or the pieces could not be held): close the sheet.
            if (!reached) event.paymentFailed({ reason: 'fail' });
          })();
        });
        wallets.mount(host.current);
        destroy = () => wallets.destroy();
      })
      .catch(() => {
        // No wallet then; the card form says whether Stripe.js loaded.
      });
    return () => {
      cancelled = true;
      destroy?.();
      elements.current = null;
    };
  }, [publishableKey, scriptUrl, i18n.language]);

  // The total moved (the intent was re-priced): the wallet sheet shows the new one.
  useEffect(() => {
    void elements.current?.update({ amount: amountFils });
  }, [amountFils]);

  return (
    // The wallet's layout only once a wallet shows: its display would otherwise override `hidden`.
    <div className={available ? styles.wallet : undefined} hidden={!available} data-testid="express-checkout">
      <div ref={host} />
      <p className={styles.divider}>
        <span>{divider}</span>
      </p>
    </div>
  );
}
