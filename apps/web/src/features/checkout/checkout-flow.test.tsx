import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AddressFields, ShippingMethod } from '@boutique/contracts';
import { fromFils, toFils } from '@boutique/contracts/constants';
import { AddressStep } from './components/address-step';
import { PaymentStep } from './components/payment-step';
import { emptyAddress, type AddressValues } from '@/lib/address-validation';
import { chosenRate, summarize, type CheckoutLine } from './checkout-model';
import { useCheckoutPayment } from './use-checkout-payment';

const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/{common,checkout}.json', {
  eager: true,
  import: 'default',
});

async function i18nIn(lng: 'en' | 'fr' | 'ar') {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, data] of Object.entries(files)) {
    const [, l = '', ns = ''] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    (resources[l] ??= {})[ns] = data;
  }
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

function wrap(ui: React.ReactNode, i18n: Awaited<ReturnType<typeof i18nIn>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/checkout']}>
          <Routes>
            <Route path="/checkout" element={ui} />
            <Route path="/order-confirmation" element={<Confirmation />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function Confirmation() {
  const { state } = useLocation() as { state: { orderNumber: string; amount: string } };
  return (
    <p>
      confirmed {state.orderNumber} {state.amount}
    </p>
  );
}

function AddressHarness({ onContinue }: { onContinue: (a: AddressFields) => void }) {
  const [values, setValues] = useState<AddressValues>(emptyAddress);
  return (
    <AddressStep
      values={values}
      onChange={setValues}
      saved={[]}
      selectedSavedId={null}
      onSelectSaved={() => {}}
      onContinue={onContinue}
    />
  );
}

describe('checkout step 1', () => {
  afterEach(cleanup);

  it('says in French that every field is required and marks the empty ones', async () => {
    const onContinue = vi.fn();
    wrap(<AddressHarness onContinue={onContinue} />, await i18nIn('fr'));
    fireEvent.change(screen.getByLabelText('Nom complet'), { target: { value: 'Salma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }));

    expect(screen.getByRole('alert').textContent).toContain('Veuillez remplir tous les champs obligatoires.');
    expect(screen.getByLabelText('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Nom complet').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByLabelText('Numéro de téléphone').getAttribute('type')).toBe('tel');
    expect(document.activeElement).toBe(screen.getByLabelText('Adresse e-mail'));
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('goes on with the address as the API takes it once everything is right', async () => {
    const onContinue = vi.fn();
    wrap(<AddressHarness onContinue={onContinue} />, await i18nIn('en'));
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('Full name', 'Salma Bennani');
    fill('Email address', 'not-an-email');
    fill('Phone number', '+971 50 123 4567');
    fill('Street address', '12 Al Wasl Road');
    fill('City', 'Dubai');
    fill('Postal code', '00000');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(onContinue).not.toHaveBeenCalled();

    fill('Email address', 'Salma@Example.ae');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(onContinue).toHaveBeenCalledWith({
      name: 'Salma Bennani',
      email: 'salma@example.ae',
      phone: '+971 50 123 4567',
      address: '12 Al Wasl Road',
      city: 'Dubai',
      postalCode: '00000',
      country: 'AE',
    });
  });
});

const address: AddressFields = {
  name: 'Salma Bennani',
  email: 'salma@example.ae',
  phone: '+971 50 123 4567',
  address: '12 Al Wasl Road',
  city: 'Dubai',
  postalCode: '00000',
  country: 'AE',
};

const lines: CheckoutLine[] = [
  {
    id: 1,
    slug: 'zahra',
    name: { en: 'Zahra caftan', fr: 'Caftan Zahra', ar: 'قفطان زهرة' },
    image: '',
    price: '2450.00',
    quantity: 1,
    color: 'emerald',
    colorName: null,
    size: 'M',
    available: true,
    left: null,
    exceedsStock: false,
  },
];

const rate = (id: string, en: string, price: string, min: number, max: number): ShippingMethod => ({
  id,
  name: { en, fr: `${en} FR`, ar: `${en} AR` },
  description: { en: '', fr: '', ar: '' },
  price,
  regular_price: price === '0.00' ? '25.00' : price,
  free_over: price === '0.00' ? '1000.00' : null,
  currency: 'AED',
  min_days: min,
  max_days: max,
});
/** The UAE's rates for a 2,450 AED cart: Standard is free over 1,000, Express is not. */
const methods = [rate('11', 'Standard', '0.00', 2, 4), rate('12', 'Express', '45.00', 1, 1)];

function PaymentHarness() {
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = chosenRate(methods, choice)!;
  const summary = summarize(lines, toFils(chosen.price));
  const payment = useCheckoutPayment({
    wantIntent: true,
    amount: fromFils(summary.totalFils),
    lines,
    address,
    shipping: { rateId: chosen.id, country: address.country },
  });
  return (
    <PaymentStep
      address={address}
      countryName="United Arab Emirates"
      summary={summary}
      config={{
        data: {
          gateway: 'sandbox',
          publishableKey: null,
          stripeJsUrl: null,
          testMode: true,
          cash_on_delivery: { enabled: true, fee: '0.00', country: 'AE' },
        },
        isError: false,
        refetch: () => {},
      }}
      payment={payment}
      applePay={{ available: false, start: () => {} }}
      shipping={{
        methods,
        loading: false,
        failed: false,
        retry: () => {},
        selected: chosen.id,
        onSelect: setChoice,
      }}
      onBack={() => {}}
    />
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());
const calls = (path: string) => fetchMock.mock.calls.filter(([input]) => urlOf(input).includes(path));
/** The JSON body of the first call to `path`. */
const sent = (path: string): any => {
  const body = calls(path)[0]?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : undefined;
};

function answer(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    for (const [path, respond] of Object.entries(routes))
      if (url.includes(path)) return Promise.resolve(respond());
    return Promise.resolve(json(404, { success: false, message: 'Not found' }));
  });
}

const intent = () =>
  json(201, {
    success: true,
    data: { clientSecret: 'pi_test12345_secret_abc', paymentIntentId: 'pi_test12345', amount: '2450.00' },
  });
const confirmed = () =>
  json(200, {
    success: true,
    data: { paymentIntent: { id: 'pi_test12345', status: 'succeeded' }, error: null },
  });

async function payWith(number: string) {
  const pay = await screen.findByRole('button', { name: 'Complete payment - AED\u00a02,450' });
  await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '1234' } });
  fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '123' } });
  fireEvent.click(pay);
}

describe('checkout step 2', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('prepares one intent for the total, then shows the card’s refusal as the gateway words it', async () => {
    answer({
      '/payments/payment-intent': intent,
      '/payments/sandbox/confirm': () =>
        json(200, {
          success: true,
          data: {
            paymentIntent: { id: 'pi_test12345', status: 'failed' },
            error: {
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          },
        }),
    });
    wrap(<PaymentHarness />, await i18nIn('en'));
    await payWith('4000 0000 0000 0002');

    expect((await screen.findByTestId('payment-error')).textContent).toContain('Your card was declined.');
    expect(calls('/payments/payment-intent')).toHaveLength(1);
    expect(sent('/payments/payment-intent')).toEqual({
      amount: '2450.00',
      currency: 'AED',
      shipping_rate_id: '11',
      country: 'AE',
    });
    const confirm = sent('/payments/sandbox/confirm');
    expect(confirm.card).toEqual({ number: '4000000000000002', exp_month: 12, exp_year: 2034, cvc: '123' });
    expect(confirm.billing_details.country).toBe('AE');
    expect(calls('/v1/orders')).toHaveLength(0);
  });

  it('offers the rates with their days, the cheapest chosen; choosing Express re-prices the intent', async () => {
    answer({
      '/payments/payment-intent': intent,
      '/payments/update-payment-intent': () =>
        json(200, {
          success: true,
          data: {
            clientSecret: 'pi_test12345_secret_abc',
            paymentIntentId: 'pi_test12345',
            amount: '2495.00',
          },
        }),
    });
    wrap(<PaymentHarness />, await i18nIn('en'));
    const standard = screen.getByRole<HTMLInputElement>('radio', { name: /Standard/ });
    const express = screen.getByRole<HTMLInputElement>('radio', { name: /Express/ });
    expect(standard.checked).toBe(true);
    expect(screen.getByTestId('shipping-rate-11').textContent).toContain('2–4 business days');
    expect(screen.getByTestId('shipping-rate-11').textContent).toContain('Free');
    expect(screen.getByTestId('shipping-rate-12').textContent).toContain('1 business day');
    await screen.findByRole('button', { name: 'Complete payment - AED\u00a02,450' });

    fireEvent.click(express);
    const pay = await screen.findByRole('button', { name: 'Complete payment - AED\u00a02,495' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByTestId('checkout-shipping').textContent).toContain('45');
    expect(sent('/payments/update-payment-intent')).toEqual({
      paymentIntentId: 'pi_test12345',
      amount: '2495.00',
      shipping_rate_id: '12',
      country: 'AE',
    });
  });

  it('says the rates in Arabic', async () => {
    answer({ '/payments/payment-intent': intent });
    wrap(<PaymentHarness />, await i18nIn('ar'));
    expect(screen.getByText('طريقة الشحن')).toBeTruthy();
    expect(screen.getByTestId('shipping-rate-12').textContent).toContain('يوم عمل واحد');
    expect(screen.getByTestId('shipping-rate-11').textContent).toContain('مجاني');
  });

  it("says in the shopper's language why the shop would not hold the pieces, by the code of its refusal", async () => {
    answer({
      '/payments/payment-intent': () =>
        json(422, {
          success: false,
          message: 'One checkout holds at most 10 pieces: please lower the quantities in your cart.',
          code: 'hold_too_many_pieces',
        }),
    });
    wrap(<PaymentHarness />, await i18nIn('fr'));
    expect(
      await screen.findByText(
        'Nous ne pouvons réserver que quelques pièces par commande. Réduisez les quantités de votre panier, puis réessayez.',
      ),
    ).toBeTruthy();
    expect(calls('/payments/sandbox/confirm')).toHaveLength(0);
  });

  it('does not send a card that fails its own checks', async () => {
    answer({ '/payments/payment-intent': intent });
    wrap(<PaymentHarness />, await i18nIn('en'));
    await payWith('4242 4242 4242 4241');
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
    expect(calls('/payments/sandbox/confirm')).toHaveLength(0);
  });

  it('records the order after the payment, then opens the confirmation with its number', async () => {
    answer({
      '/payments/payment-intent': intent,
      '/payments/sandbox/confirm': confirmed,
      '/v1/orders': () =>
        json(201, {
          success: true,
          data: { order_id: 7, order_number: 'DL-7Q2K9', total_amount: '2450.00' },
        }),
      '/payments/process-payment': () =>
        json(200, {
          success: true,
          data: { paymentIntentId: 'pi_test12345', order_id: 7, status: 'succeeded' },
        }),
    });
    wrap(<PaymentHarness />, await i18nIn('en'));
    await payWith('4242 4242 4242 4242');

    expect(await screen.findByText(/Payment successful/)).toBeTruthy();
    const order = sent('/v1/orders');
    expect(order).toMatchObject({
      transaction_id: 'pi_test12345',
      payment_status: 'succeeded',
      payment_method: 'card',
      total_amount: '2450.00',
      items: [
        { product_slug: 'zahra', quantity: 1, price: '2450.00', options: { color: 'emerald', size: 'M' } },
      ],
    });
    expect(sent('/payments/process-payment')).toEqual({
      paymentIntentId: 'pi_test12345',
      order_id: 7,
    });
    expect(await screen.findByText('confirmed DL-7Q2K9 2450.00', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('says the payment was received and the order is being finalised when the order call fails', async () => {
    answer({
      '/payments/payment-intent': intent,
      '/payments/sandbox/confirm': confirmed,
      '/v1/orders': () => json(503, { success: false, message: 'Service unavailable' }),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    wrap(<PaymentHarness />, await i18nIn('en'));
    await payWith('4242 4242 4242 4242');

    const notice = await screen.findByTestId('payment-finalising', {}, { timeout: 6000 });
    expect(notice.textContent).toContain('Payment received — we are finalising your order');
    expect(notice.textContent).toContain('There is no need to pay again');
    // Asked three times (the server answers the same order for the same payment), never paid twice.
    expect(calls('/v1/orders')).toHaveLength(3);
    expect(calls('/payments/sandbox/confirm')).toHaveLength(1);
    expect(screen.getByTestId<HTMLButtonElement>('pay-button').disabled).toBe(true);
    // Logged for the shop, not silenced: the server reconciles the payment into its order.
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  }, 10_000);

  it('says the pieces sold while paying and the payment was refunded, and never pays again', async () => {
    answer({
      '/payments/payment-intent': intent,
      '/payments/sandbox/confirm': confirmed,
      '/v1/orders': () =>
        json(409, {
          success: false,
          message: 'Sorry: the pieces you were paying for were sold while your payment was being made.',
          shortages: [{ slug: 'zahra', size: 'M', left: 0 }],
          refunded: true,
        }),
    });
    wrap(<PaymentHarness />, await i18nIn('ar'));
    const pay = await screen.findByTestId<HTMLButtonElement>('pay-button');
    await waitFor(() => expect(pay.disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('رقم البطاقة'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('تاريخ الانتهاء'), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('رمز الأمان (CVC)'), { target: { value: '123' } });
    fireEvent.click(pay);

    const notice = await screen.findByTestId('payment-refunded');
    expect(notice.textContent).toContain('نعتذر: بيعت هذه القطعة أثناء الدفع');
    expect(notice.textContent).toContain('استُرِدّ المبلغ الذي دفعته كاملاً');
    // A refusal, not a failure to retry: asked once, and nothing can be paid again.
    expect(calls('/v1/orders')).toHaveLength(1);
    expect(screen.getByTestId<HTMLButtonElement>('pay-button').disabled).toBe(true);
    expect(screen.queryByTestId('payment-finalising')).toBeNull();
  });

  it('holds the pieces again before trying another card after a refusal', async () => {
    let confirms = 0;
    answer({
      '/payments/payment-intent': intent,
      '/payments/update-payment-intent': () =>
        json(200, {
          success: true,
          data: {
            clientSecret: 'pi_test12345_secret_abc',
            paymentIntentId: 'pi_test12345',
            amount: '2450.00',
          },
        }),
      '/payments/sandbox/confirm': () =>
        (confirms += 1) === 1
          ? json(200, {
              success: true,
              data: {
                paymentIntent: { id: 'pi_test12345', status: 'failed' },
                error: { code: 'card_declined', message: 'Your card was declined.' },
              },
            })
          : confirmed(),
      '/v1/orders': () =>
        json(201, { success: true, data: { order_id: 8, order_number: 'DL-8', total_amount: '2450.00' } }),
      '/payments/process-payment': () =>
        json(200, {
          success: true,
          data: { paymentIntentId: 'pi_test12345', order_id: 8, status: 'succeeded' },
        }),
    });
    wrap(<PaymentHarness />, await i18nIn('en'));
    await payWith('4000 0000 0000 0002');
    await screen.findByTestId('payment-error');
    expect(calls('/payments/update-payment-intent')).toHaveLength(0);

    await payWith('4242 4242 4242 4242');
    expect(await screen.findByText(/Payment successful/)).toBeTruthy();
    expect(sent('/payments/update-payment-intent')).toEqual({
      paymentIntentId: 'pi_test12345',
      amount: '2450.00',
      shipping_rate_id: '11',
      country: 'AE',
    });
    const order = fetchMock.mock.calls.map(([input]) => urlOf(input));
    expect(order.findIndex((u) => u.includes('update-payment-intent'))).toBeLessThan(
      order.findLastIndex((u) => u.includes('/sandbox/confirm')),
    );
  });

  it('names the shortage and does not pay when the pieces cannot be held again', async () => {
    answer({
      '/payments/payment-intent': intent,
      '/payments/update-payment-intent': () =>
        json(409, {
          success: false,
          message: 'Some pieces in your cart are no longer in stock.',
          shortages: [{ slug: 'zahra', size: 'M', left: 0 }],
        }),
      '/payments/sandbox/confirm': () =>
        json(200, {
          success: true,
          data: {
            paymentIntent: { id: 'pi_test12345', status: 'failed' },
            error: { code: 'card_declined', message: 'Your card was declined.' },
          },
        }),
    });
    wrap(<PaymentHarness />, await i18nIn('fr'));
    const pay = await screen.findByTestId<HTMLButtonElement>('pay-button');
    const card = () => {
      fireEvent.change(screen.getByLabelText('Numéro de carte'), {
        target: { value: '4000 0000 0000 0002' },
      });
      fireEvent.change(screen.getByLabelText("Date d'expiration"), { target: { value: '1234' } });
      fireEvent.change(screen.getByLabelText('Cryptogramme (CVC)'), { target: { value: '123' } });
    };
    await waitFor(() => expect(pay.disabled).toBe(false));
    card();
    fireEvent.click(pay);
    await screen.findByTestId('payment-error');
    await waitFor(() => expect(pay.disabled).toBe(false));
    fireEvent.click(pay);
    await waitFor(() =>
      expect(screen.getByTestId('payment-error').textContent).toContain(
        'Certaines pièces de votre panier ne sont plus disponibles dans la quantité choisie.',
      ),
    );
    expect(calls('/payments/sandbox/confirm')).toHaveLength(1);
  });
});
