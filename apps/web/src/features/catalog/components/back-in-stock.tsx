import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StockRequestSchema } from '@boutique/contracts/forms';
import type { Language, Size } from '@boutique/contracts/constants';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session/session';
import { Button } from '@/components/ui/button';
import { Field, SelectBox, fieldA11y, ltrInputClass } from '@/components/ui/field';
import styles from './product.module.css';

/**
 * "Tell me when it is back" for the sizes sold out in the chosen colour: one e-mail, in the page's language, when
 * the shop receives pieces of that colour and size. A signed-in shopper's address is filled in; a guest types it.
 * The answer is the same whether the address is known or not.
 */
export function BackInStock({
  slug,
  color,
  colorName,
  soldOut,
}: {
  slug: string;
  /** The chosen colour's key, '' for a product without colours. */
  color: string;
  colorName: string | undefined;
  soldOut: Size[];
}) {
  const { t, i18n } = useTranslation('product');
  const id = useId();
  const session = useSession();
  const [email, setEmail] = useState<string>();
  const [size, setSize] = useState<Size | undefined>(soldOut[0]);
  const [state, setState] = useState<{ tone: 'error' | 'done'; text: string }>();
  const [busy, setBusy] = useState(false);
  const address = email ?? session.user?.email ?? '';
  const chosen = size && soldOut.includes(size) ? size : soldOut[0];
  if (!chosen) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { email: address, color, size: chosen, language: i18n.language as Language };
    if (!StockRequestSchema.safeParse(body).success) {
      setState({ tone: 'error', text: t('backInStock.emailInvalid') });
      return;
    }
    setBusy(true);
    try {
      await apiRequest(`/v1/products/${encodeURIComponent(slug)}/stock-requests`, {
        method: 'POST',
        body,
        session: false,
      });
      setState({ tone: 'done', text: t('backInStock.done', { size: chosen }) });
    } catch (err) {
      const text =
        err instanceof ApiError && err.status === 429
          ? t('backInStock.tooMany')
          : err instanceof ApiError && err.codes.size?.[0] === 'not_allowed'
            ? t('backInStock.inStock')
            : err instanceof ApiError && err.codes.email
              ? t('backInStock.emailInvalid')
              : t('backInStock.failed');
      setState({ tone: 'error', text });
    } finally {
      setBusy(false);
    }
  };

  const emailId = `${id}-email`;
  const error = state?.tone === 'error' ? state.text : undefined;
  return (
    <form
      className={styles.backInStock}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className={styles.backInStockTitle}>
        {t('backInStock.title')}
      </h2>
      <p className={styles.backInStockHint}>
        {colorName ? t('backInStock.hintInColor', { color: colorName }) : t('backInStock.hint')}
      </p>
      <div className={styles.backInStockRow}>
        {soldOut.length > 1 && (
          <Field label={t('size')} htmlFor={`${id}-size`} errorId={`${id}-size-error`}>
            <SelectBox id={`${id}-size`} value={chosen} onChange={(e) => setSize(e.target.value as Size)}>
              {soldOut.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectBox>
          </Field>
        )}
        <Field label={t('backInStock.email')} htmlFor={emailId} errorId={`${emailId}-error`} error={error}>
          <input
            type="email"
            dir="ltr"
            autoComplete="email"
            className={ltrInputClass}
            value={address}
            onChange={(e) => {
              setEmail(e.target.value);
              setState(undefined);
            }}
            {...fieldA11y({ control: emailId, error: `${emailId}-error` }, error)}
          />
        </Field>
      </div>
      <Button type="submit" variant="outline" block disabled={busy || state?.tone === 'done'}>
        {soldOut.length > 1 ? t('backInStock.submit') : t('backInStock.submitSize', { size: chosen })}
      </Button>
      {state?.tone === 'done' && (
        <p role="status" className={styles.backInStockDone}>
          {state.text}
        </p>
      )}
    </form>
  );
}
