import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stripe, StripeElementLocale, StripeElements } from '@stripe/stripe-js';
import { Field } from '@/components/ui/field';
import { CardLogo } from '@/components/payment-logos';
import type { CardBrand } from '../card';
import type { CardFormHandle } from '../payment-types';
import { stripeFor } from '../stripe-loader';
import { CardIcon } from './checkout-icons';
import styles from './checkout.module.css';

/**
 * Stripe Elements, when the shop runs on Stripe: separate number, expiry and CVC fields hosted by Stripe, so the
 * card never touches our pages. This module (and Stripe.js with it) is loaded only in that case.
 */

type ElementKind = 'cardNumber' | 'cardExpiry' | 'cardCvc';
const KINDS: ElementKind[] = ['cardNumber', 'cardExpiry', 'cardCvc'];

const BRANDS: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  discover: 'discover',
  diners: 'diners',
  jcb: 'jcb',
  unionpay: 'unionpay',
};

/** The shop's tokens, read from the page: Stripe's fields live in frames our stylesheet cannot reach. */
function elementStyle() {
  const css = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    base: {
      color: token('--color-text', '#1f1a16'),
      fontSize: '16px',
      fontFamily: "'Jost Variable', system-ui, sans-serif",
      '::placeholder': { color: token('--color-text-muted', '#675d53') },
    },
    invalid: { color: token('--color-danger', '#a3261b') },
  };
}

export default function StripeCardForm({
  ref,
  publishableKey,
  scriptUrl,
  disabled,
  onReadyChange,
}: {
  ref: Ref<CardFormHandle>;
  publishableKey: string;
  scriptUrl: string | null;
  disabled: boolean;
  onReadyChange: (ready: boolean) => void;
}) {
  const { t, i18n } = useTranslation('checkout');
  const base = useId();
  const stripe = useRef<Stripe | null>(null);
  const elements = useRef<StripeElements | null>(null);
  const hosts = useRef<Partial<Record<ElementKind, HTMLDivElement | null>>>({});
  const [errors, setErrors] = useState<Partial<Record<ElementKind, string>>>({});
  const [brand, setBrand] = useState<CardBrand | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const complete = useRef<Record<ElementKind, boolean>>({
    cardNumber: false,
    cardExpiry: false,
    cardCvc: false,
  });

  useEffect(() => {
    let cancelled = false;
    onReadyChange(false);
    const mounted: { destroy(): void }[] = [];
    stripeFor(publishableKey, scriptUrl)
      .then((instance) => {
        if (cancelled) return;
        if (!instance) throw new Error('Stripe.js did not load');
        stripe.current = instance;
        const group = instance.elements({ locale: i18n.language as StripeElementLocale });
        elements.current = group;
        let ready = 0;
        const onReady = () => {
          ready += 1;
          if (ready === KINDS.length && !cancelled) onReadyChange(true);
        };
        const onChange =
          (kind: ElementKind) =>
          (event: { complete: boolean; error?: { message?: string }; brand?: string }) => {
            complete.current[kind] = event.complete;
            setErrors((e) => ({ ...e, [kind]: event.error?.message }));
            if (kind === 'cardNumber') setBrand(BRANDS[event.brand ?? ''] ?? null);
          };
        const style = elementStyle();
        // One branch per kind: Stripe's element types each have their own events.
        const number = group.create('cardNumber', { style, showIcon: false });
        number.on('ready', onReady).on('change', onChange('cardNumber'));
        const expiry = group.create('cardExpiry', { style });
        expiry.on('ready', onReady).on('change', onChange('cardExpiry'));
        const cvc = group.create('cardCvc', { style });
        cvc.on('ready', onReady).on('change', onChange('cardCvc'));
        for (const [kind, element] of [
          ['cardNumber', number],
          ['cardExpiry', expiry],
          ['cardCvc', cvc],
        ] as const) {
          const host = hosts.current[kind];
          if (host) element.mount(host);
          mounted.push(element);
        }
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      for (const element of mounted) element.destroy();
      elements.current = null;
      onReadyChange(false);
    };
  }, [publishableKey, scriptUrl, i18n.language, onReadyChange]);

  useImperativeHandle(
    ref,
    () => ({
      check() {
        const missing = KINDS.filter((kind) => !complete.current[kind]);
        setErrors((e) => {
          const next = { ...e };
          for (const kind of missing) next[kind] ??= t(`card.errors.${kind}Incomplete`);
          return next;
        });
        return missing.length === 0 || !stripe.current;
      },
      async confirm(clientSecret, billing) {
        const instance = stripe.current;
        if (!instance) return { kind: 'failed', reason: 'providerNotLoaded' };
        const card = elements.current?.getElement('cardNumber');
        if (!card) return { kind: 'failed', reason: 'elementMissing' };
        try {
          const result = await instance.confirmCardPayment(clientSecret, {
            payment_method: {
              card,
              billing_details: {
                name: billing.name,
                email: billing.email,
                phone: billing.phone,
                address: {
                  line1: billing.address,
                  city: billing.city,
                  postal_code: billing.postalCode,
                  country: billing.country || 'MA',
                },
              },
            },
          });
          if (result.error) {
            const { code, decline_code, message } = result.error;
            return message || code
              ? { kind: 'declined', code: decline_code ?? code, message: message ?? '' }
              : { kind: 'failed', reason: 'unexpected' };
          }
          if (result.paymentIntent.status !== 'succeeded')
            return { kind: 'status', status: result.paymentIntent.status };
          return { kind: 'succeeded', intentId: result.paymentIntent.id };
        } catch {
          return { kind: 'failed', reason: 'processing' };
        }
      },
    }),
    [t],
  );

  const host = (kind: ElementKind) => (el: HTMLDivElement | null) => {
    hosts.current[kind] = el;
  };
  const errorId = (kind: ElementKind) => `${base}-${kind}-error`;

  if (loadFailed) return <p className={styles.formError}>{t('errors.providerNotLoaded')}</p>;

  return (
    <div className={styles.cardForm} aria-disabled={disabled || undefined}>
      {/* Stripe's fields are frames: each label names its frame's container. */}
      <Field
        label={t('card.number')}
        htmlFor={`${base}-cardNumber`}
        errorId={errorId('cardNumber')}
        error={errors.cardNumber}
      >
        <div className={styles.cardNumberWrap} dir="ltr">
          <div id={`${base}-cardNumber`} ref={host('cardNumber')} className={styles.stripeField} />
          <span className={styles.brand} data-brand={brand ?? 'unknown'}>
            {brand ? <CardLogo brand={brand} /> : <CardIcon size={22} aria-hidden="true" />}
          </span>
        </div>
      </Field>
      <div className={styles.cardRow}>
        <Field
          label={t('card.expiry')}
          htmlFor={`${base}-cardExpiry`}
          errorId={errorId('cardExpiry')}
          error={errors.cardExpiry}
        >
          <div id={`${base}-cardExpiry`} ref={host('cardExpiry')} className={styles.stripeField} />
        </Field>
        <Field
          label={t('card.cvc')}
          htmlFor={`${base}-cardCvc`}
          errorId={errorId('cardCvc')}
          error={errors.cardCvc}
        >
          <div id={`${base}-cardCvc`} ref={host('cardCvc')} className={styles.stripeField} />
        </Field>
      </div>
    </div>
  );
}
