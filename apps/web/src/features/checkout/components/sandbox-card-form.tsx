import { useId, useImperativeHandle, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { Field, fieldA11y, ltrInputClass } from '@/components/ui/field';
import { CardLogo } from '@/components/payment-logos';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import {
  TEST_CARDS,
  caretAfterFormat,
  cvcError,
  cvcLengthOf,
  detectBrand,
  expiryError,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  numberError,
  toSandboxCard,
  validateCard,
  type CardErrors,
  type CardInput,
} from '../card';
import type { CardFormHandle } from '../payment-types';
import { CardIcon } from './checkout-icons';
import styles from './checkout.module.css';

type CardField = keyof CardInput;

/**
 * The sandbox gateway's card form: our own number, expiry and security-code fields, formatted as they are typed,
 * with the brand shown and the card checked before it is sent. Confirms through the API as Stripe.js would.
 */
export function SandboxCardForm({
  ref,
  disabled,
  testMode,
  confirmWith = confirmSandboxPayment,
}: {
  ref: Ref<CardFormHandle>;
  disabled: boolean;
  testMode: boolean;
  /** Where the card is confirmed: the checkout's intent, or a payment link's own route. */
  confirmWith?: typeof confirmSandboxPayment;
}) {
  const { t } = useTranslation('checkout');
  const base = useId();
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const brand = detectBrand(card.number);

  const ids = (field: CardField) => ({ control: `${base}-${field}`, error: `${base}-${field}-error` });
  const errorOf = (field: CardField) => {
    const key = errors[field];
    return key ? t(`card.errors.${key}`) : undefined;
  };

  useImperativeHandle(
    ref,
    () => ({
      check() {
        const found = validateCard(card);
        setErrors(found);
        const first = (['number', 'expiry', 'cvc'] as const).find((f) => found[f]);
        if (first) inputs.current[first]?.focus();
        return !first;
      },
      async confirm(clientSecret, billing) {
        try {
          const result = await confirmWith({ clientSecret, card: toSandboxCard(card), billing });
          if (result.error) {
            const { code, decline_code, message } = result.error;
            return { kind: 'declined', code: decline_code ?? code, message };
          }
          if (result.paymentIntent.status !== 'succeeded')
            return { kind: 'status', status: result.paymentIntent.status };
          return { kind: 'succeeded', intentId: result.paymentIntent.id };
        } catch (error) {
          return { kind: 'failed', reason: error instanceof ApiError ? 'processing' : 'unexpected' };
        }
      },
    }),
    [card, confirmWith],
  );

  /** Reformats what was typed and keeps the caret after the digit it followed. */
  const onInput =
    (field: CardField, format: (value: string) => string) => (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.target;
      const raw = input.value;
      const caret = input.selectionStart ?? raw.length;
      const next = format(raw);
      setCard((c) => ({ ...c, [field]: next }));
      if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
      const at = caretAfterFormat(raw, caret, next);
      requestAnimationFrame(() => {
        if (document.activeElement === input) input.setSelectionRange(at, at);
      });
    };

  /** Leaving a field that was typed in tells at once what is wrong with it. */
  const onBlur = (field: CardField) => () => {
    if (!card[field]) return;
    const error =
      field === 'number'
        ? numberError(card.number)
        : field === 'expiry'
          ? expiryError(card.expiry)
          : cvcError(card.cvc, brand);
    setErrors((e) => ({ ...e, [field]: error }));
  };

  return (
    <div className={styles.cardForm}>
      {testMode && (
        <aside className={styles.testNotice} aria-labelledby={`${base}-test`}>
          <p id={`${base}-test`} className={styles.testTitle}>
            {t('card.testMode.title')}
          </p>
          <p>{t('card.testMode.text')}</p>
          <ul>
            {TEST_CARDS.map((c) => (
              <li key={c.number}>
                <code dir="ltr">{c.number}</code> — {t(`card.testMode.${c.outcome}`)}
              </li>
            ))}
          </ul>
        </aside>
      )}

      <Field
        label={t('card.number')}
        htmlFor={ids('number').control}
        errorId={ids('number').error}
        error={errorOf('number')}
      >
        <div className={styles.cardNumberWrap} dir="ltr">
          <input
            ref={(el) => {
              inputs.current.number = el;
            }}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            dir="ltr"
            placeholder="1234 1234 1234 1234"
            aria-required="true"
            disabled={disabled}
            className={`${ltrInputClass} ${styles.cardNumber}`}
            value={card.number}
            onChange={onInput('number', formatCardNumber)}
            onBlur={onBlur('number')}
            {...fieldA11y(ids('number'), errorOf('number'))}
          />
          <span className={styles.brand} data-testid="card-brand" data-brand={brand ?? 'unknown'}>
            {brand ? <CardLogo brand={brand} /> : <CardIcon size={22} aria-hidden="true" />}
          </span>
        </div>
      </Field>

      <div className={styles.cardRow}>
        <Field
          label={t('card.expiry')}
          htmlFor={ids('expiry').control}
          errorId={ids('expiry').error}
          error={errorOf('expiry')}
        >
          <input
            ref={(el) => {
              inputs.current.expiry = el;
            }}
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            dir="ltr"
            placeholder={t('card.expiryPlaceholder')}
            aria-required="true"
            disabled={disabled}
            className={ltrInputClass}
            value={card.expiry}
            onChange={onInput('expiry', formatExpiry)}
            onBlur={onBlur('expiry')}
            {...fieldA11y(ids('expiry'), errorOf('expiry'))}
          />
        </Field>
        <Field
          label={t('card.cvc')}
          htmlFor={ids('cvc').control}
          errorId={ids('cvc').error}
          error={errorOf('cvc')}
        >
          <input
            ref={(el) => {
              inputs.current.cvc = el;
            }}
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            dir="ltr"
            placeholder={cvcLengthOf(brand) === 4 ? '1234' : '123'}
            aria-required="true"
            disabled={disabled}
            className={ltrInputClass}
            value={card.cvc}
            onChange={onInput('cvc', (v) => formatCvc(v, brand))}
            onBlur={onBlur('cvc')}
            {...fieldA11y(ids('cvc'), errorOf('cvc'))}
          />
        </Field>
      </div>
    </div>
  );
}
