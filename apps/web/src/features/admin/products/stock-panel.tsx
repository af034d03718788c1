import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  STOCK_ADJUSTMENT_REASONS,
  StockAdjustmentCreateSchema,
  type AdminProduct,
  type StockAdjustmentCreate,
  type StockAdjustmentCreateInput,
  type StockMove,
} from '@boutique/contracts/admin';
import { parseWholeNumber, type Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { FormMessages, SelectBox, inputClass, ltrInputClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { useAdjustStock, useStockHistory } from '../api/stock';
import { QueryState, Tabs, errorMessage, formatDateTime } from '../components/admin-ui';
import { LeaveGuard } from '../components/leave-guard';
import { problemText } from '../components/problems';

/** The shop's own notes (written by the API in English) in the owner's language; the owner's notes as typed. */
function noteText(note: string, t: TFunction<'admin'>): string {
  if (note === 'first count') return t('stock.notes.firstCount');
  if (note === 'size removed from the product') return t('stock.notes.sizeRemoved');
  const set = /^set to (\d+) with npm run stock$/.exec(note);
  return set ? t('stock.notes.setTo', { count: Number(set[1]) }) : note;
}

/** `+3`, `−1` (a true minus sign, read right in either direction). */
const signed = (n: number) => (n > 0 ? `+${n}` : `\u2212${Math.abs(n)}`);

/**
 * A product's pieces: the count of each colour × size (and what payments under way hold), the owner's adjustments (pieces
 * received, damaged, counted again...), and the history of every move with who made it and when (decision 028).
 * Adjustments add to what is there: a sale made while this page was open is never undone.
 */
export function StockPanel({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const [size, setSize] = useState<string>('all');
  const colorName = (key: string) => {
    const color = product.colors.find((c) => c.key === key);
    return color ? color.name[lang] || color.name.en : key;
  };
  const withColors = product.colors.length > 0;
  const history = useStockHistory(product.id);
  const moves = (history.data?.adjustments ?? []).filter((m) => size === 'all' || m.size === size);

  return (
    <section className="adm-card adm-stack" aria-labelledby="stock-title">
      <h2 id="stock-title">{t('stock.title')}</h2>
      <p className="adm-muted">{t('stock.hint')}</p>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <caption className="visually-hidden">{t('stock.counts')}</caption>
          <thead>
            <tr>
              {withColors && <th scope="col">{t('stock.color')}</th>}
              <th scope="col">{t('stock.size')}</th>
              <th scope="col">{t('stock.forSale')}</th>
              <th scope="col">{t('stock.held')}</th>
              <th scope="col">{t('stock.available')}</th>
            </tr>
          </thead>
          <tbody>
            {product.variants.map((v) => (
              <tr key={`${v.color}/${v.size}`}>
                {withColors && (
                  <th scope="row">
                    <bdi>{colorName(v.color)}</bdi>
                  </th>
                )}
                {withColors ? <td>{v.size}</td> : <th scope="row">{v.size}</th>}
                <td className="adm-num">{v.stock}</td>
                <td className="adm-num">{v.reserved}</td>
                <td className="adm-num">{Math.max(0, v.stock - v.reserved)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {product.variants.length > 0 && <AdjustForm product={product} />}

      <h3 id="stock-history">{t('stock.history')}</h3>
      <Tabs
        label={t('stock.historyOf')}
        tabs={[
          { key: 'all', label: t('stock.allSizes') },
          ...product.sizes.map((s) => ({ key: s.name, label: t('form.size', { size: s.name }) })),
        ]}
        current={size}
        onPick={setSize}
      />
      {!history.data ? (
        <QueryState error={history.error} retry={() => void history.refetch()} />
      ) : moves.length === 0 ? (
        <p className="adm-muted">{t('stock.noMoves')}</p>
      ) : (
        // Wider than a phone: it scrolls in its own box, which the keyboard can reach.
        <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby="stock-history">
          <table className="adm-table adm-history" aria-labelledby="stock-history">
            <thead>
              <tr>
                <th scope="col">{t('stock.when')}</th>
                <th scope="col">{t('stock.size')}</th>
                <th scope="col">{t('stock.change')}</th>
                <th scope="col">{t('stock.after')}</th>
                <th scope="col">{t('stock.why')}</th>
                <th scope="col">{t('stock.who')}</th>
              </tr>
            </thead>
            <tbody>
              {moves.map((move) => (
                <MoveRow key={move.id} move={move} product={product} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function MoveRow({ move, product }: { move: StockMove; product: AdminProduct }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const color = move.color ? product.colors.find((c) => c.key === move.color) : undefined;
  // A colour since removed from the product is named by its key.
  const colorText = color ? color.name[lang] || color.name.en : move.color;
  return (
    <tr>
      <td className="adm-num">{formatDateTime(move.at, lang)}</td>
      <td>
        {move.size}
        {colorText && (
          <span className="adm-muted">
            {' · '}
            <bdi>{colorText}</bdi>
          </span>
        )}
      </td>
      <td className="adm-num" data-tone={move.delta > 0 ? 'good' : 'bad'}>
        <bdi dir="ltr">{signed(move.delta)}</bdi>
      </td>
      <td className="adm-num">{move.stock_after}</td>
      <td>
        {t(`stock.reasons.${move.reason}`)}
        {move.note && (
          <span className="adm-muted">
            {' · '}
            <bdi>{noteText(move.note, t)}</bdi>
          </span>
        )}
      </td>
      <td>
        {move.actor && <bdi>{move.actor.name || move.actor.email}</bdi>}
        {move.actor && move.order && ' · '}
        {move.order && (
          <Link to={paths.adminOrder.href(move.order.id)}>
            {t('stock.order', { number: '' })}
            <bdi dir="ltr">{move.order.order_number}</bdi>
          </Link>
        )}
        {!move.actor && !move.order && (move.source === 'command' ? t('stock.command') : t('audit.system'))}
      </td>
    </tr>
  );
}

/** Pieces added or taken away for one colour × size, with why: the change is typed in any digits and shown as read. */
function AdjustForm({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const adjust = useAdjustStock(product.id);
  const [banner, setBanner] = useState<string>();
  const [recorded, setRecorded] = useState<string>();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<StockAdjustmentCreateInput, unknown, StockAdjustmentCreate>({
    resolver: zodResolver(StockAdjustmentCreateSchema),
    defaultValues: {
      size: product.sizes[0]?.name ?? 'M',
      delta: '',
      reason: 'received',
      note: '',
      // A product with colours counts each one's pieces: the adjustment names one.
      color: product.colors[0]?.key ?? '',
    },
  });
  const typed = watch('delta');
  const understood = typeof typed === 'string' ? parseWholeNumber(typed) : undefined;

  const submit = handleSubmit(async (values) => {
    setBanner(undefined);
    setRecorded(undefined);
    try {
      const res = await adjust.mutateAsync(values);
      const move = res.data.adjustment;
      reset({ ...values, delta: '', note: '' });
      const color = product.colors.find((c) => c.key === move.color);
      const said = { change: signed(move.delta), size: move.size, count: move.stock_after };
      setRecorded(
        color
          ? t('stock.recordedColor', { ...said, color: color.name[lang] || color.name.en })
          : t('stock.recorded', said),
      );
    } catch (error) {
      const delta = error instanceof ApiError ? error.errors.delta?.[0] : undefined;
      if (delta) setError('delta', { type: 'server', message: delta }, { shouldFocus: true });
      else setBanner(errorMessage(error, t('errors.save')));
    }
  });

  const problem = (field: 'delta' | 'reason' | 'note' | 'size') => problemText(errors[field]?.message, t);
  return (
    <form
      className="adm-stack"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="adjust-title"
    >
      <h3 id="adjust-title">{t('stock.adjust')}</h3>
      <div className="adm-row">
        <div className="adm-field">
          <label htmlFor="adjust-size">{t('stock.size')}</label>
          <SelectBox id="adjust-size" {...register('size')}>
            {product.sizes.map((s) => (
              <option key={s.name} value={s.name}>
                {t('form.size', { size: s.name })}
              </option>
            ))}
          </SelectBox>
        </div>
        {product.colors.length > 0 && (
          <div className="adm-field">
            <label htmlFor="adjust-color">{t('stock.color')}</label>
            <SelectBox id="adjust-color" {...register('color')}>
              {product.colors.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.name[lang] || c.name.en}
                </option>
              ))}
            </SelectBox>
          </div>
        )}
        <div className="adm-field">
          <label htmlFor="adjust-delta">{t('stock.change')}</label>
          <input
            id="adjust-delta"
            className={ltrInputClass}
            dir="ltr"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('stock.changeHint')}
            aria-invalid={problem('delta') ? true : undefined}
            aria-describedby={
              problem('delta') ? 'adjust-delta-understood adjust-delta-error' : 'adjust-delta-understood'
            }
            {...register('delta')}
          />
          <p id="adjust-delta-understood" className="adm-live-price" aria-live="polite">
            {typed === '' ? (
              ''
            ) : understood === undefined || understood === 0 ? (
              '—'
            ) : (
              <bdi dir="ltr">= {signed(understood)}</bdi>
            )}
          </p>
          {problem('delta') && (
            <p id="adjust-delta-error" className="adm-error">
              {problem('delta')}
            </p>
          )}
        </div>
        <div className="adm-field">
          <label htmlFor="adjust-reason">{t('stock.why')}</label>
          <SelectBox id="adjust-reason" {...register('reason')}>
            {STOCK_ADJUSTMENT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`stock.reasons.${reason}`)}
              </option>
            ))}
          </SelectBox>
        </div>
      </div>
      <div className="adm-field">
        <label htmlFor="adjust-note">{t('stock.note')}</label>
        <input id="adjust-note" dir="auto" className={inputClass} maxLength={500} {...register('note')} />
        {problem('note') && <p className="adm-error">{problem('note')}</p>}
      </div>
      <FormMessages error={banner} />
      <div className="adm-actions">
        <Button type="submit" loading={isSubmitting}>
          {t('stock.record')}
        </Button>
        <p className="adm-saved" role="status">
          {recorded && !isDirty ? recorded : ''}
        </p>
      </div>
      <LeaveGuard when={isDirty && !isSubmitting} />
    </form>
  );
}
