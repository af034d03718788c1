import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Address } from '@boutique/contracts';
import { ADDRESSES_MAX, fromFils, toFils } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useCountryName } from '@/lib/countries';
import { PageMeta } from '@/components/page-meta';
import { PageFallback } from '@/components/page-fallback';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { useSession } from '@/lib/session/session';
import { emptyAddress, type AddressFields, type AddressValues } from '@/lib/address-validation';
import { usePaymentConfig } from './api/get-payment-config';
import { useSaveAddress, useSavedAddresses } from './api/get-saved-addresses';
import { useShippingMethods } from './api/get-shipping-methods';
import { chosenRate } from './checkout-model';
import { useCheckoutCart } from './use-checkout-cart';
import { useCheckoutPayment } from './use-checkout-payment';
import { useApplePay } from './use-apple-pay';
import { useCashOnDelivery } from './use-cash-on-delivery';
import { cashOnDeliveryTotalFils, offersCashOnDelivery } from './checkout-model';
import { StepIndicator } from './components/step-indicator';
import { AddressStep } from './components/address-step';
import { ReminderChoice } from './components/reminder-choice';
import { PaymentStep } from './components/payment-step';
import { OrderSummary } from './components/order-summary';
import styles from './components/checkout.module.css';

const toValues = (a: Address): AddressValues => ({
  name: a.name,
  email: a.email,
  phone: a.phone,
  address: a.address,
  city: a.city,
  postalCode: a.postalCode,
  country: a.country,
});

/** The saved address to start from: the default one, else the first. */
const preferred = (saved: Address[]) => saved.find((a) => a.is_default) ?? saved[0];

export default function CheckoutPage() {
  const { t, i18n } = useTranslation('checkout');
  const [address, setAddress] = useState<AddressFields | null>(null);
  // Shipping (DESIGN section 17): the rates for the address's country, priced for the cart's subtotal; the
  // shopper's choice, else the cheapest, goes into the totals and the payment.
  const [rateChoice, setRateChoice] = useState<string | null>(null);
  const [subtotal, setSubtotal] = useState('0.00');
  const methods = useShippingMethods(address?.country, subtotal);
  const rate = chosenRate(methods.data?.methods, rateChoice);
  const cart = useCheckoutCart(rate ? toFils(rate.price) : undefined);
  const cartSubtotal = fromFils(cart.summary.subtotalFils);
  useEffect(() => setSubtotal(cartSubtotal), [cartSubtotal]);
  const saved = useSavedAddresses();
  const { user } = useSession();
  const config = usePaymentConfig();
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState<AddressValues>(emptyAddress);
  const [edited, setEdited] = useState(false);
  const [savedId, setSavedId] = useState<number | null>(null);
  const [saveToBook, setSaveToBook] = useState(true);
  const saveAddress = useSaveAddress();
  const stepRef = useRef<HTMLDivElement>(null);
  const firstStepRender = useRef(true);

  // Once paid, the cart empties before the confirmation page opens: the summary keeps what was bought.
  const bought = useRef({ lines: cart.lines, summary: cart.summary });
  if (cart.lines.length > 0) bought.current = { lines: cart.lines, summary: cart.summary };
  const shown = cart.lines.length > 0 ? cart : bought.current;

  const amount = fromFils(cart.summary.totalFils);
  const shipping = useMemo(
    () => (rate && address ? { rateId: rate.id, country: address.country } : null),
    [rate, address],
  );
  const payment = useCheckoutPayment({
    wantIntent:
      step === 2 &&
      cart.lines.length > 0 &&
      !cart.hasUnavailable &&
      !cart.hasShortage &&
      !cart.discountProblem &&
      !cart.loading &&
      !methods.isFetching,
    amount,
    lines: cart.lines,
    address,
    shipping,
    delivery: rate,
    discount: cart.summary.discountCode
      ? { code: cart.summary.discountCode, amount: fromFils(cart.summary.discountFils) }
      : null,
  });
  const applePay = useApplePay({
    payment,
    amount,
    subtotal: fromFils(cart.summary.subtotalFils),
    shipping: fromFils(cart.summary.shippingFils),
    shippingRateId: rate?.id ?? null,
    address,
    labels: { subtotal: t('summary.subtotalPlain'), shipping: t('summary.shipping') },
  });

  const codOffer = config.data?.cash_on_delivery;
  const codTotalFils = cashOnDeliveryTotalFils(cart.summary, codOffer?.fee ?? '0');
  const cod = useCashOnDelivery({ address, totalFils: codTotalFils, shippingRateId: rate?.id });
  const cartPayable = cart.lines.length > 0 && !cart.hasUnavailable && !cart.hasShortage && !cart.loading;

  // The saved default address fills the form, unless the customer has started typing.
  const savedList = useMemo(() => saved.data ?? [], [saved.data]);
  // A full book (the account's limit) is not offered the box: the save could only be refused.
  const bookHasRoom = Boolean(user) && saved.isSuccess && savedList.length < ADDRESSES_MAX;
  // Without one, the signed-in shopper's own name and address start the form.
  useEffect(() => {
    if (edited || savedId !== null) return;
    const first = preferred(savedList);
    if (first) {
      setValues(toValues(first));
      setSavedId(first.id);
    } else if (user) {
      setValues((current) => ({
        ...current,
        name: current.name || user.name,
        email: current.email || user.email,
      }));
    }
  }, [savedList, edited, savedId, user]);

  // Each step starts at its title: the page scrolls up and screen readers hear where they are.
  useEffect(() => {
    if (firstStepRender.current) {
      firstStepRender.current = false;
      return;
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    stepRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [step]);

  const countryName = useCountryName(i18n.language)(address?.country ?? '');
  // A cash order being placed (or placed: the confirmation opens next) empties the cart too.
  const paidOrPaying = payment.phase !== 'idle' || cod.busy;

  if (cart.loading && !paidOrPaying) return <PageFallback />;
  // An empty cart has nothing to check out, unless it was just emptied by this very payment.
  if (!cart.loadFailed && cart.lines.length === 0 && !paidOrPaying)
    return <Navigate replace to={paths.cart.href()} />;

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={t('title')} canonicalPath={paths.checkout.href()} />
      <meta name="robots" content="noindex" />
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('title')}</h1>
        <StepIndicator current={step} />
      </header>

      {cart.loadFailed ? (
        <div className={styles.inlineError} role="alert">
          <FormMessage tone="error">{t('errors.cartLoad')}</FormMessage>
          <Button variant="light" onClick={cart.retry}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className={styles.layout}>
          <div className={styles.main} ref={stepRef}>
            <details className={styles.mobileSummary}>
              <summary>
                <span>{t('summary.show')}</span>
                <strong>{formatMoney(shown.summary.totalFils / 100, i18n.language)}</strong>
              </summary>
              <OrderSummary lines={shown.lines} summary={shown.summary} />
            </details>

            {cart.hasUnavailable && (
              <div className={styles.inlineError} role="alert">
                <FormMessage tone="error">
                  {t('errors.unavailable')} <Link to={paths.cart.href()}>{t('reviewCart')}</Link>
                </FormMessage>
              </div>
            )}
            {cart.hasShortage && payment.phase === 'idle' && (
              <div className={styles.inlineError} role="alert" data-testid="checkout-stock">
                <FormMessage tone="error">
                  {t('errors.stock')} <Link to={paths.cart.href()}>{t('reviewCart')}</Link>
                </FormMessage>
              </div>
            )}

            {step === 1 || !address ? (
              <AddressStep
                values={values}
                onChange={(next) => {
                  setValues(next);
                  setEdited(true);
                }}
                saved={savedList}
                selectedSavedId={savedId}
                onSelectSaved={(a) => {
                  setValues(toValues(a));
                  setSavedId(a.id);
                }}
                saveToBook={bookHasRoom ? { checked: saveToBook, onChange: setSaveToBook } : undefined}
                onContinue={(valid) => {
                  // Saved as the address is confirmed, whatever payment follows (a declined card, a later
                  // visit): the shopper ticked the box on this step and expects it kept once they leave it.
                  if (bookHasRoom && saveToBook) saveAddress.mutate(valid);
                  setAddress(valid);
                  setStep(2);
                }}
                after={<ReminderChoice />}
              />
            ) : (
              <PaymentStep
                address={address}
                countryName={countryName}
                summary={shown.summary}
                config={{ data: config.data, isError: config.isError, refetch: () => void config.refetch() }}
                payment={payment}
                applePay={applePay}
                cashOnDelivery={
                  codOffer && offersCashOnDelivery(codOffer, address.country)
                    ? {
                        fee: codOffer.fee,
                        totalFils: codTotalFils,
                        busy: cod.busy,
                        error: cod.error,
                        canPlace: cartPayable,
                        place: () => void cod.place(),
                      }
                    : undefined
                }
                addressBook={{ failed: saveAddress.isError, retry: () => saveAddress.mutate(address) }}
                shipping={{
                  methods: methods.data?.methods,
                  loading: methods.isPending,
                  failed: methods.isError,
                  retry: () => void methods.refetch(),
                  selected: rate?.id,
                  onSelect: setRateChoice,
                }}
                onBack={() => setStep(1)}
              />
            )}
          </div>
          <aside className={styles.sidebar} aria-label={t('summary.title')}>
            <OrderSummary lines={shown.lines} summary={shown.summary} />
          </aside>
        </div>
      )}
    </div>
  );
}
