import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CartDiscount } from '@boutique/contracts';
import { formatMoney } from '@/lib/format';
import { CART_QUERY_KEY, serverCartApi } from '@/stores/server-cart';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { discountRefusal, type DiscountRefusal } from '../discount-errors';
import styles from './cart.module.css';

/**
 * The cart's discount code: a field (behind a link on phones) while none is applied; the applied code as a chip
 * with its remove button, and why it no longer applies when the cart changed under it. The server prices it.
 */
export function DiscountCode({ discount }: { discount: CartDiscount | null }) {
  const { t, i18n } = useTranslation('cart');
  const client = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<DiscountRefusal | null>(null);
  const money = (amount: string) => formatMoney(Number(amount), i18n.language);
  const say = (r: DiscountRefusal) =>
    t(`discount.errors.${r.key}`, { minimum: r.minimum ? money(r.minimum) : '' });

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setRefusal({ key: 'required' });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      client.setQueryData(CART_QUERY_KEY, await serverCartApi.applyDiscount(code.trim()));
      setCode('');
    } catch (error) {
      setRefusal(discountRefusal(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      client.setQueryData(CART_QUERY_KEY, await serverCartApi.removeDiscount());
    } catch (error) {
      setRefusal(discountRefusal(error));
    } finally {
      setBusy(false);
    }
  }

  if (discount) {
    return (
      <div className={styles.discount}>
        <p className={styles.discountChip} data-testid="discount-chip">
          <span>
            {t('discount.applied')} <bdi className={styles.discountCodeText}>{discount.code}</bdi>
          </span>
          <button
            type="button"
            className={styles.noticeClose}
            aria-label={t('discount.remove', { code: discount.code })}
            onClick={() => void remove()}
            disabled={busy}
          >
            <CloseIcon size={16} />
          </button>
        </p>
        {discount.problem && (
          <p className={styles.blocked} role="status" data-testid="discount-problem">
            {t('discount.noLongerApplies')}{' '}
            {say({ key: discount.problem, ...(discount.minimum && { minimum: discount.minimum }) })}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className={styles.discount} data-open={open || undefined}>
      <button
        type="button"
        className={styles.discountToggle}
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen((o) => !o)}
      >
        {t('discount.toggle')}
      </button>
      <form id={`${id}-form`} className={styles.discountForm} onSubmit={(e) => void apply(e)} noValidate>
        <label htmlFor={`${id}-code`} className={styles.discountLabel}>
          {t('discount.label')}
        </label>
        <div className={styles.discountRow}>
          <input
            id={`${id}-code`}
            name="discount-code"
            dir="auto"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${id}-error` : undefined}
          />
          <Button type="submit" variant="outline" disabled={busy}>
            {t('discount.apply')}
          </Button>
        </div>
        {refusal && (
          <p id={`${id}-error`} className={styles.discountError} role="alert">
            {say(refusal)}
          </p>
        )}
      </form>
    </div>
  );
}
