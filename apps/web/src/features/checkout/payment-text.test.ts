import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { WORDED_DECLINES, WORDED_STATUSES, paymentMessageText } from './payment-text';

const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/checkout.json', {
  eager: true,
  import: 'default',
});

async function tFor(lng: 'en' | 'fr' | 'ar') {
  const found = Object.entries(files).find(([path]) => path.includes(`/${lng}/`));
  if (!found) throw new Error(`no ${lng}/checkout.json`);
  const i18n = i18next.createInstance();
  await i18n.init({ lng, ns: ['checkout'], resources: { [lng]: { checkout: found[1] } } });
  return i18n.getFixedT(lng, 'checkout');
}

describe('card refusals and payment statuses in the shopper’s language', () => {
  it('has a text for every worded refusal and status in en, fr and ar', async () => {
    for (const lng of ['en', 'fr', 'ar'] as const) {
      const t = await tFor(lng);
      for (const code of [...WORDED_DECLINES, 'generic']) {
        expect(t(`declines.${code}`), `${lng} ${code}`).not.toBe(`declines.${code}`);
      }
      for (const status of [...WORDED_STATUSES, 'unknown']) {
        expect(t(`statuses.${status}`), `${lng} ${status}`).not.toBe(`statuses.${status}`);
      }
    }
  });

  it('says a sandbox or Stripe refusal by its code, never in the provider’s English', async () => {
    const ar = await tFor('ar');
    expect(paymentMessageText(ar, { decline: 'insufficient_funds' })).toBe('رصيد بطاقتك غير كافٍ.');
    expect(paymentMessageText(ar, { decline: 'expired_card' })).toBe('انتهت صلاحية بطاقتك.');
    // Lost, stolen and unknown codes read as a plain refusal.
    for (const code of ['generic_decline', 'card_declined', 'stolen_card', 'lost_card', 'something_new']) {
      expect(paymentMessageText(ar, { decline: code })).toBe('تم رفض بطاقتك.');
    }
    const fr = await tFor('fr');
    expect(paymentMessageText(fr, { decline: 'incorrect_cvc' })).toBe(
      'Le code de sécurité de votre carte est incorrect.',
    );
    const en = await tFor('en');
    expect(paymentMessageText(en, { decline: 'generic_decline' })).toBe('Your card was declined.');
  });

  it('names a payment status in words, from the card form or from Apple Pay’s answer', async () => {
    const ar = await tFor('ar');
    expect(paymentMessageText(ar, { status: 'requires_action' })).toBe(
      'حالة الدفع: بانتظار تأكيد مصرفك. يرجى المحاولة مرة أخرى.',
    );
    expect(paymentMessageText(ar, { decline: 'status_canceled' })).toBe(
      'حالة الدفع: ملغى. يرجى المحاولة مرة أخرى.',
    );
    const en = await tFor('en');
    expect(paymentMessageText(en, { status: 'processing' })).toBe(
      'Payment status: being processed. Please try again.',
    );
    expect(paymentMessageText(en, { status: 'requires_something_else' })).toBe(
      'Payment status: not completed. Please try again.',
    );
    expect(paymentMessageText(en, { key: 'expired' })).toContain('held them again');
    expect(paymentMessageText(en, { text: 'As it came' })).toBe('As it came');
  });
});
