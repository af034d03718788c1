import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AddressFields } from '@boutique/contracts';
import { GENERIC_ERROR } from '@/lib/api-client';
import { applePayConfigQuery, contactAddress, processApplePayment } from './api/apple-pay';
import { validateAddress } from '@/lib/address-validation';
import {
  APPLE_PAY_VERSION,
  WALLET_DEFAULTS,
  applePaySession,
  placeholderMerchantSession,
  type ApplePaySessionClass,
  type ApplePaySessionInstance,
} from './apple-pay-session';
import { REDIRECT_AFTER_WALLET_MS, type CheckoutPayment } from './use-checkout-payment';

/** An error's own words, unless they are only the API client's generic English fallback. */
const errorText = (error: unknown) =>
  error instanceof Error && error.message && error.message !== GENERIC_ERROR ? error.message : undefined;

/** A wallet contact the API would take as the order's shipping address, else undefined. */
function usableAddress(address: AddressFields | undefined): AddressFields | undefined {
  if (!address) return undefined;
  const check = validateAddress(address);
  return check.ok ? check.address : undefined;
}

interface Options {
  payment: CheckoutPayment;
  /** Total, AED with two decimals. */
  amount: string;
  subtotal: string;
  /** The chosen rate's price, AED with two decimals: the sheet's shipping line. */
  shipping: string;
  /** The rate chosen at step 2 (priced by the server for the wallet's shipping contact's country). */
  shippingRateId: string | null;
  address: AddressFields | null;
  labels: { subtotal: string; shipping: string };
}

/**
 * The device wallet: offered only where `ApplePaySession.canMakePayments()` is true and its configuration has
 * loaded (a failed load hides it). One payment at a time: a second tap while one is under way does nothing,
 * and cancelling the sheet only ends it.
 */
export function useApplePay({
  payment,
  amount,
  subtotal,
  shipping,
  shippingRateId,
  address,
  labels,
}: Options) {
  // Only the browser knows; the server and the first render offer no wallet.
  const [wallet, setWallet] = useState<ApplePaySessionClass | null>(null);
  useEffect(() => setWallet(() => applePaySession()), []);
  const config = useQuery({ ...applePayConfigQuery(), enabled: wallet !== null });
  const processing = useRef(false);
  const { phase, setPhase, setMessage, finish } = payment;

  const available = wallet !== null && config.isSuccess;

  const start = useCallback(() => {
    if (!wallet || processing.current || phase !== 'idle' || !address || !shippingRateId) return;
    const settings = config.data;
    if (!settings) {
      setMessage({ key: 'applePayConfig' });
      return;
    }
    processing.current = true;
    const stop = () => {
      processing.current = false;
      setPhase('idle');
    };
    setMessage(null);
    setPhase('processing');

    let session: ApplePaySessionInstance;
    try {
      session = new wallet(APPLE_PAY_VERSION, {
        countryCode: settings.countryCode || WALLET_DEFAULTS.countryCode,
        currencyCode: settings.currencyCode || WALLET_DEFAULTS.currencyCode,
        supportedNetworks: settings.supportedNetworks.length
          ? settings.supportedNetworks
          : [...WALLET_DEFAULTS.supportedNetworks],
        merchantCapabilities: settings.merchantCapabilities.length
          ? settings.merchantCapabilities
          : [...WALLET_DEFAULTS.merchantCapabilities],
        total: { label: settings.merchantName, amount, type: 'final' },
        lineItems: [
          { label: labels.subtotal, amount: subtotal, type: 'final' },
          { label: labels.shipping, amount: shipping, type: 'final' },
        ],
        requiredBillingContactFields: [...WALLET_DEFAULTS.contactFields],
        requiredShippingContactFields: [...WALLET_DEFAULTS.contactFields],
      });
    } catch (error) {
      const text = errorText(error);
      setMessage(text ? { text } : { key: 'applePayInit' });
      stop();
      return;
    }

    const success = wallet.STATUS_SUCCESS ?? 0;
    const failure = wallet.STATUS_FAILURE ?? 1;

    session.onvalidatemerchant = () => {
      try {
        session.completeMerchantValidation(placeholderMerchantSession(settings.merchantName));
      } catch (error) {
        setMessage({ key: 'applePayValidation', values: { message: errorText(error) ?? '' } });
        try {
          session.abort();
        } catch {
          // Already closed.
        }
        stop();
      }
    };

    session.onpaymentauthorized = (event) => {
      void (async () => {
        try {
          const result = await processApplePayment({
            token: event.payment.token,
            billingContact: event.payment.billingContact,
            shippingContact: event.payment.shippingContact,
            amount,
            shippingRateId,
          });
          if (!result.success || !result.transaction_id) {
            session.completePayment(failure);
            setMessage(result.code ? { decline: result.code } : { key: 'applePayProcessing' });
            stop();
            return;
          }
          session.completePayment(success);
          processing.current = false;
          await finish({
            method: 'apple_pay',
            transactionId: result.transaction_id,
            totalAmount: amount,
            billing: address,
            shipping: usableAddress(contactAddress(event.payment.shippingContact)) ?? address,
            redirectAfterMs: REDIRECT_AFTER_WALLET_MS,
          });
        } catch (error) {
          session.completePayment(failure);
          const text = errorText(error);
          setMessage(text ? { text } : { key: 'applePayFailed' });
          stop();
        }
      })();
    };

    session.oncancel = () => stop();
    session.begin();
  }, [
    wallet,
    phase,
    address,
    config.data,
    amount,
    subtotal,
    shipping,
    shippingRateId,
    labels,
    setMessage,
    setPhase,
    finish,
  ]);

  return { available, start };
}
