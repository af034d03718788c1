import type { TFunction } from 'i18next';
import type { PaymentMessage } from './use-checkout-payment';

/**
 * Refusals the checkout words itself, by Stripe's codes (the sandbox answers the same ones): the decline code
 * when there is one (`insufficient_funds`), else the error code (`expired_card`). Lost, stolen or fraudulent
 * cards read as a plain refusal, as Stripe advises; any code not listed here too.
 */
export const WORDED_DECLINES = [
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'invalid_cvc',
  'incorrect_number',
  'invalid_number',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'processing_error',
  'test_mode_live_card',
  'authentication_required',
  'payment_intent_authentication_failure',
  'payment_intent_unexpected_state',
  'card_velocity_exceeded',
] as const;

/** The payment statuses of the shop and of Stripe.js that a shopper may be told about. */
export const WORDED_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
  'processing',
  'succeeded',
  'failed',
  'canceled',
] as const;

const worded = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** A payment status in the shopper's language: "Payment status: waiting for your bank. Please try again." */
function statusText(t: TFunction<'checkout'>, status: string) {
  const name = worded(WORDED_STATUSES, status) ? t(`statuses.${status}`) : t('statuses.unknown');
  return t('errors.paymentStatus', { status: name });
}

/** What the payment step shows for a message, always in the page's language but for words that came as they are. */
export function paymentMessageText(t: TFunction<'checkout'>, message: PaymentMessage): string {
  if ('text' in message) return message.text;
  if ('status' in message) return statusText(t, message.status);
  if ('decline' in message) {
    // Apple Pay through the API names a payment that simply did not succeed `status_<status>`.
    if (message.decline.startsWith('status_')) return statusText(t, message.decline.slice('status_'.length));
    return worded(WORDED_DECLINES, message.decline)
      ? t(`declines.${message.decline}`)
      : t('declines.generic');
  }
  return t(`errors.${message.key}`, message.values);
}
