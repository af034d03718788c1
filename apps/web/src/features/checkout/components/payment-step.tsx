import { lazy, Suspense, useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AddressFields, ShippingMethod } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { Button, ButtonLink, Spinner } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { PaymentLogos } from '@/components/payment-logos';
import type { PaymentConfig } from '../api/get-payment-config';
import type { OrderSummary } from '../checkout-model';
import type { CardFormHandle } from '../payment-types';
import type { CheckoutPayment, PaymentMessage } from '../use-checkout-payment';
import { paymentMessageText } from '../payment-text';
import { Totals } from './order-summary';
import { SandboxCardForm } from './sandbox-card-form';
import { CashOnDeliverySection } from './cash-on-delivery-section';
import type { CashOnDeliveryError } from '../use-cash-on-delivery';
import { ShippingOptions } from './shipping-options';
import { AlertIcon, ApplePayMark, CheckCircleIcon, ClockIcon, LockIcon } from './checkout-icons';
import styles from './checkout.module.css';

// Stripe.js and its form only where the shop runs on Stripe: never in any other page's load, nor in sandbox mode.
const StripeCardForm = lazy(() => import('./stripe-card-form'));
const StripeExpressCheckout = lazy(() => import('./stripe-express-checkout'));

const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const;

interface PaymentStepProps {
  address: AddressFields;
  countryName: string;
  summary: OrderSummary;
  config: { data: PaymentConfig | undefined; isError: boolean; refetch: () => void };
  payment: CheckoutPayment;
  applePay: { available: boolean; start: () => void };
  /** The rates for the address's country and the one chosen. */
  shipping: {
    methods: ShippingMethod[] | undefined;
    loading: boolean;
    failed: boolean;
    retry: () => void;
    selected: string | undefined;
    onSelect: (id: string) => void;
  };
  /** Offered for a UAE address when the shop takes cash on delivery; undefined otherwise. */
  cashOnDelivery?: {
    fee: string;
    totalFils: number;
    busy: boolean;
    error: CashOnDeliveryError | null;
    canPlace: boolean;
    place: () => void;
  };
  /** The address book's save of this address, when the shopper ticked it: told when it failed, with a retry. */
  addressBook?: { failed: boolean; retry: () => void };
  onBack: () => void;
}

/** Step 2: the shipping method, the totals, the device wallet where there is one, then the card. */
export function PaymentStep({
  address,
  countryName,
  summary,
  config,
  payment,
  applePay,
  cashOnDelivery,
  shipping,
  addressBook,
  onBack,
}: PaymentStepProps) {
  const { t, i18n } = useTranslation('checkout');
  const base = useId();
  const cardForm = useRef<CardFormHandle>(null);
  const [stripeReady, setStripeReady] = useState(false);
  const onStripeReady = useCallback((ready: boolean) => setStripeReady(ready), []);
  const { phase, intentState, message } = payment;
  const total = formatMoney(summary.totalFils / 100, i18n.language);

  const settings = config.data;
  const usesStripe = settings?.gateway === 'stripe' && Boolean(settings.publishableKey);
  const cardReady = settings !== undefined && (usesStripe ? stripeReady : true);
  const busy = phase !== 'idle' || Boolean(cashOnDelivery?.busy);
  // The intent is priced with the totals shown (a new shipping choice re-prices it first).
  const priced = payment.intent?.amount === (summary.totalFils / 100).toFixed(2);
  const canPay = !busy && intentState === 'ready' && priced && cardReady;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canPay) return;
    void payment.payByCard(cardForm.current);
  };

  const text = (m: PaymentMessage) => paymentMessageText(t, m);

  return (
    <form className={styles.step} noValidate onSubmit={submit} aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className={styles.stepTitle} tabIndex={-1}>
        {t('payment.title')}
      </h2>

      <section className={styles.recap} aria-labelledby={`${base}-recap`}>
        <div>
          <h3 id={`${base}-recap`} className={styles.recapTitle}>
            {t('payment.deliverTo')}
          </h3>
          <p className={styles.recapText}>
            {/* What the customer typed keeps its own direction inside the page's. */}
            <strong>
              <bdi>{address.name}</bdi>
            </strong>
            <br />
            <bdi>{address.address}</bdi>
            <br />
            <bdi>{address.city}</bdi> <bdi>{address.postalCode}</bdi> · {countryName}
            <br />
            <bdi dir="ltr">{address.email}</bdi> · <bdi dir="ltr">{address.phone}</bdi>
          </p>
        </div>
        <Button variant="ghost" onClick={onBack} disabled={busy} className={styles.recapEdit}>
          {t('payment.editAddress')}
        </Button>
      </section>
      {addressBook?.failed && (
        // The payment does not depend on it: said under the address, with its own retry.
        <div className={styles.inlineError} role="alert">
          <FormMessage tone="error">{t('address.saveFailed')}</FormMessage>
          <Button variant="light" onClick={addressBook.retry}>
            {t('retry')}
          </Button>
        </div>
      )}

      <ShippingOptions {...shipping} disabled={busy} />

      <div className={styles.mobileTotals}>
        <Totals summary={summary} />
      </div>

      {usesStripe && settings.publishableKey && intentState === 'ready' && payment.intent && (
        <Suspense fallback={null}>
          <StripeExpressCheckout
            publishableKey={settings.publishableKey}
            scriptUrl={settings.stripeJsUrl}
            amountFils={Math.round(Number(payment.intent.amount) * 100)}
            disabled={busy}
            pay={payment.payByCard}
            divider={t('payment.orCard')}
          />
        </Suspense>
      )}

      {/* The sandbox's simulated Apple Pay session; with Stripe, its Express Checkout above. */}
      {applePay.available && !usesStripe && (
        <div className={styles.wallet}>
          <button
            type="button"
            className={styles.applePayButton}
            onClick={applePay.start}
            disabled={busy}
            aria-label={t('payment.applePay')}
            data-testid="apple-pay-button"
          >
            <ApplePayMark height={22} />
          </button>
          <p className={styles.divider}>
            <span>{t('payment.orCard')}</span>
          </p>
        </div>
      )}

      <section className={styles.cardSection} aria-labelledby={`${base}-card`}>
        <div className={styles.cardHeading}>
          <h3 id={`${base}-card`} className={styles.cardTitle}>
            {t('payment.card')}
          </h3>
          <PaymentLogos brands={[...CARD_BRANDS]} />
        </div>

        {settings === undefined ? (
          config.isError ? (
            <div className={styles.inlineError}>
              <FormMessage tone="error">{t('errors.providerNotLoaded')}</FormMessage>
              <Button variant="light" onClick={config.refetch}>
                {t('retry')}
              </Button>
            </div>
          ) : (
            <div className={styles.cardLoading}>
              <Spinner label={t('payment.loading')} />
            </div>
          )
        ) : usesStripe && settings.publishableKey ? (
          <Suspense
            fallback={
              <div className={styles.cardLoading}>
                <Spinner label={t('payment.loading')} />
              </div>
            }
          >
            <StripeCardForm
              ref={cardForm}
              publishableKey={settings.publishableKey}
              scriptUrl={settings.stripeJsUrl}
              disabled={busy}
              onReadyChange={onStripeReady}
            />
          </Suspense>
        ) : (
          <SandboxCardForm ref={cardForm} disabled={busy} testMode={settings.testMode} />
        )}
      </section>

      {intentState === 'error' && (
        <div className={styles.inlineError} role="alert">
          <FormMessage tone="error">{t(`errors.${payment.intentError}`)}</FormMessage>
          <Button variant="light" onClick={payment.retryIntent}>
            {t('retry')}
          </Button>
        </div>
      )}

      <div role="alert" className={styles.alertSlot}>
        {message && (
          <p className={styles.paymentError} data-testid="payment-error">
            <AlertIcon size={20} />
            <span>{text(message)}</span>
          </p>
        )}
      </div>

      <div role="status" className={styles.alertSlot}>
        {phase === 'succeeded' && (
          <p className={styles.paymentSuccess}>
            <CheckCircleIcon size={22} />
            <span>{t('payment.succeeded')}</span>
          </p>
        )}
        {phase === 'refunded' && (
          <div className={styles.finalising} data-testid="payment-refunded">
            <p className={styles.finalisingTitle}>
              <AlertIcon size={22} />
              <span>{t('payment.refunded.title')}</span>
            </p>
            <p>{t('payment.refunded.text')}</p>
            <div className={styles.finalisingActions}>
              <ButtonLink to={paths.cart.href()} variant="light">
                {t('payment.refunded.cart')}
              </ButtonLink>
            </div>
          </div>
        )}
        {phase === 'finalising' && (
          <div className={styles.finalising} data-testid="payment-finalising">
            <p className={styles.finalisingTitle}>
              <ClockIcon size={22} />
              <span>{t('payment.finalising.title')}</span>
            </p>
            <p>{t('payment.finalising.text')}</p>
            <div className={styles.finalisingActions}>
              <Button variant="light" onClick={payment.retryOrder}>
                {t('retry')}
              </Button>
              <ButtonLink to={paths.orders.href()} variant="ghost">
                {t('payment.finalising.orders')}
              </ButtonLink>
            </div>
          </div>
        )}
      </div>

      <div className={styles.actions}>
        <Button variant="light" onClick={onBack} disabled={busy}>
          {t('back')}
        </Button>
        <Button
          type="submit"
          variant="accent"
          className={styles.payButton}
          disabled={!canPay}
          loading={phase === 'processing'}
          data-testid="pay-button"
        >
          {phase === 'processing' ? t('payment.processing') : t('payment.submit', { amount: total })}
        </Button>
      </div>

      {cashOnDelivery && (
        <CashOnDeliverySection
          fee={cashOnDelivery.fee}
          totalFils={cashOnDelivery.totalFils}
          busy={cashOnDelivery.busy}
          disabled={phase !== 'idle' || !cashOnDelivery.canPlace}
          error={cashOnDelivery.error}
          onPlace={cashOnDelivery.place}
        />
      )}

      <p className={styles.secure}>
        <LockIcon size={18} />
        <span>{t('payment.secure')}</span>
      </p>
      <p className={styles.help}>
        {t('payment.help')} <Link to={paths.contact.href()}>{t('payment.contact')}</Link>
      </p>
    </form>
  );
}
