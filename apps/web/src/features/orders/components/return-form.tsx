import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem, OrderReturn, ReturnReason, ReturnType } from '@boutique/contracts';
import { ERROR_CODES, RETURN_REASONS } from '@boutique/contracts/constants';
import { ApiError } from '@/lib/api-client';
import { localized } from '@/lib/product';
import { Button } from '@/components/ui/button';
import { Field, FormMessages, SelectBox, fieldA11y, inputClass } from '@/components/ui/field';
import { useCreateReturn } from '../api/create-return';
import { useExchangeOptions } from '../api/get-exchange-options';
import { exchangeSizes } from '../after-sale';
import styles from './after-sale.module.css';

interface Problem {
  field: 'quantity' | 'size' | 'color' | 'reason' | 'form';
  /** The `orders` text that says it. */
  key: string;
}

/** What a refusal of the server is about, from its code and field names (never its English words). */
function problemOf(error: unknown): Problem {
  if (!(error instanceof ApiError)) return { field: 'form', key: 'returns.errors.generic' };
  const { code } = (error.data ?? {}) as { code?: string };
  if (code === ERROR_CODES.returnWindowClosed) return { field: 'form', key: 'returns.errors.window' };
  if (code === ERROR_CODES.orderNotDelivered) return { field: 'form', key: 'returns.errors.notDelivered' };
  const fields = Object.keys(error.errors);
  if (fields.some((f) => f.endsWith('.quantity')))
    return { field: 'quantity', key: 'returns.errors.quantity' };
  if (fields.some((f) => f.endsWith('.color'))) return { field: 'color', key: 'returns.errors.color' };
  if (fields.some((f) => f.endsWith('.size'))) return { field: 'size', key: 'returns.errors.size' };
  return { field: 'form', key: error.status === 404 ? 'returns.errors.notFound' : 'returns.errors.generic' };
}

/**
 * The shopper's request for one line of a delivered order: send it back for a refund, or exchange it for another
 * size (and colour, among those the piece is made in), how many pieces, and why.
 */
export function ReturnForm({
  orderId,
  item,
  onDone,
  onCancel,
}: {
  orderId: number;
  item: OrderItem;
  onDone: (created: OrderReturn) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.language;
  const base = useId();
  const [type, setType] = useState<ReturnType>('return');
  const [quantity, setQuantity] = useState(1);
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [color, setColor] = useState(item.options.color ?? '');
  const [size, setSize] = useState('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<Problem | undefined>();
  const create = useCreateReturn(orderId);
  const options = useExchangeOptions(item.product_slug, type === 'exchange');
  const sizes = options.data ? exchangeSizes(item, options.data, color || null) : [];
  const max = item.returnable_quantity ?? 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    if (!reason) return setProblem({ field: 'reason', key: 'returns.errors.reason' });
    if (type === 'exchange' && !size) return setProblem({ field: 'size', key: 'returns.errors.chooseSize' });
    try {
      const created = await create.mutateAsync({
        type,
        reason,
        ...(comment.trim() && { comment: comment.trim() }),
        lines: [
          {
            line_id: item.id,
            quantity,
            ...(type === 'exchange' && { size: size as 'S' | 'M' | 'L' | 'XL' }),
            ...(type === 'exchange' && color && { color }),
          },
        ],
      });
      onDone(created);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };

  const errorOf = (field: string) => (problem?.field === field ? t(problem.key) : undefined);
  const ids = (name: string) => ({ control: `${base}-${name}`, error: `${base}-${name}-error` });
  const name = localized(item.product_name, lang);

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('returns.formOf', { name })}
    >
      <fieldset className={styles.choice}>
        <legend>{t('returns.what')}</legend>
        {(['return', 'exchange'] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name={`${base}-type`}
              value={kind}
              checked={type === kind}
              onChange={() => setType(kind)}
            />
            <span>{t(`returns.type.${kind}`)}</span>
          </label>
        ))}
      </fieldset>

      <div className={styles.row}>
        {max > 1 && (
          <Field
            label={t('returns.quantity')}
            htmlFor={ids('quantity').control}
            errorId={ids('quantity').error}
            error={errorOf('quantity')}
          >
            <SelectBox
              {...fieldA11y(ids('quantity'), errorOf('quantity'))}
              value={quantity}
              onChange={(event) => setQuantity(Number(event.target.value))}
            >
              {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </SelectBox>
          </Field>
        )}
        <Field
          label={t('returns.reason')}
          htmlFor={ids('reason').control}
          errorId={ids('reason').error}
          error={errorOf('reason')}
        >
          <SelectBox
            {...fieldA11y(ids('reason'), errorOf('reason'))}
            value={reason}
            onChange={(event) => setReason(event.target.value as ReturnReason)}
          >
            <option value="">{t('returns.choose')}</option>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`returns.reasons.${r}`)}
              </option>
            ))}
          </SelectBox>
        </Field>
      </div>

      {type === 'exchange' && (
        <div className={styles.row}>
          {(options.data?.colors.length ?? 0) > 1 && (
            <Field
              label={t('returns.color')}
              htmlFor={ids('color').control}
              errorId={ids('color').error}
              error={errorOf('color')}
            >
              <SelectBox
                {...fieldA11y(ids('color'), errorOf('color'))}
                value={color}
                onChange={(event) => {
                  setColor(event.target.value);
                  setSize('');
                }}
              >
                {options.data?.colors.map((c) => (
                  <option key={c.key} value={c.key}>
                    {localized(c.name, lang)}
                  </option>
                ))}
              </SelectBox>
            </Field>
          )}
          <Field
            label={t('returns.size')}
            htmlFor={ids('size').control}
            errorId={ids('size').error}
            error={errorOf('size')}
          >
            <SelectBox
              {...fieldA11y(ids('size'), errorOf('size'))}
              value={size}
              disabled={!options.data}
              onChange={(event) => setSize(event.target.value)}
            >
              <option value="">{options.isError ? t('returns.errors.sizes') : t('returns.choose')}</option>
              {sizes.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.in_stock ? s.name : t('returns.soldOutSize', { size: s.name })}
                </option>
              ))}
            </SelectBox>
          </Field>
        </div>
      )}

      <Field
        label={t('returns.comment')}
        hint={t('returns.optional')}
        htmlFor={ids('comment').control}
        errorId={ids('comment').error}
      >
        <textarea
          id={ids('comment').control}
          className={inputClass}
          dir="auto"
          rows={3}
          maxLength={1000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </Field>

      <FormMessages error={problem?.field === 'form' ? t(problem.key) : undefined} />
      <div className={styles.actions}>
        <Button type="submit" loading={create.isPending}>
          {type === 'exchange' ? t('returns.submitExchange') : t('returns.submitReturn')}
        </Button>
        <Button type="button" variant="light" onClick={onCancel}>
          {t('returns.cancel')}
        </Button>
      </div>
    </form>
  );
}
