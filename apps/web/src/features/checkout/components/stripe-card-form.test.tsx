import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { CardFormHandle } from '../payment-types';

/** A stand-in for Stripe.js: elements that mount and report ready, and a confirmCardPayment to script. */
const confirmCardPayment = vi.fn();
const mounted: string[] = [];
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: vi.fn(() =>
    Promise.resolve({
      elements: () => {
        const created = new Map<string, unknown>();
        return {
          create: (kind: string) => {
            const handlers: Record<string, (e?: unknown) => void> = {};
            const element = {
              on(event: string, handler: (e?: unknown) => void) {
                handlers[event] = handler;
                return element;
              },
              mount() {
                mounted.push(kind);
                setTimeout(() => handlers.ready?.(), 0);
              },
              destroy() {},
            };
            created.set(kind, element);
            return element;
          },
          getElement: (kind: string) => created.get(kind) ?? null,
        };
      },
      confirmCardPayment,
    }),
  ),
}));

const { default: StripeCardForm } = await import('./stripe-card-form');

const billing = {
  name: 'Salma Bennani',
  email: 'salma@example.ae',
  phone: '+971 50 123 4567',
  address: '12 Al Wasl Road',
  city: 'Dubai',
  postalCode: '00000',
  country: '',
};

async function renderForm() {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: {}, react: { useSuspense: false } });
  const ref = createRef<CardFormHandle>();
  const onReady = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <StripeCardForm
        ref={ref}
        publishableKey="pk_test_123"
        scriptUrl={null}
        disabled={false}
        onReadyChange={onReady}
      />
    </I18nextProvider>,
  );
  // The first render loads Stripe.js (here its mock) through the shared loader: slow on a busy machine.
  await waitFor(() => expect(onReady).toHaveBeenLastCalledWith(true), { timeout: 5000 });
  return ref;
}

afterEach(() => {
  cleanup();
  confirmCardPayment.mockReset();
  mounted.length = 0;
});

describe('Stripe Elements', () => {
  it('mounts separate number, expiry and CVC fields, then confirms with the card and the billing details', async () => {
    const ref = await renderForm();
    expect(mounted).toEqual(['cardNumber', 'cardExpiry', 'cardCvc']);
    confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });

    let result;
    await act(async () => {
      result = await ref.current?.confirm('pi_123_secret_abc', billing);
    });
    expect(result).toEqual({ kind: 'succeeded', intentId: 'pi_123' });
    const [secret, data] = confirmCardPayment.mock.calls[0] ?? [];
    expect(secret).toBe('pi_123_secret_abc');
    expect(data.payment_method.billing_details).toEqual({
      name: 'Salma Bennani',
      email: 'salma@example.ae',
      phone: '+971 50 123 4567',
      // No country given: Morocco, as the spec's card billing fallback.
      address: { line1: '12 Al Wasl Road', city: 'Dubai', postal_code: '00000', country: 'MA' },
    });
    expect(data.payment_method.card).toBeTruthy();
  });

  it('passes on the provider’s refusal with its codes, and any other status as a status', async () => {
    const ref = await renderForm();
    confirmCardPayment.mockResolvedValueOnce({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'requires_action' } });
    confirmCardPayment.mockRejectedValueOnce(new Error('network'));
    const results: unknown[] = [];
    for (let i = 0; i < 3; i += 1) {
      await act(async () => {
        results.push(await ref.current?.confirm('pi_123_secret_abc', billing));
      });
    }
    expect(results).toEqual([
      { kind: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
      { kind: 'status', status: 'requires_action' },
      { kind: 'failed', reason: 'processing' },
    ]);
  });
});
