import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { BULK_PERCENT, type BulkActionInput, type BulkResult } from '@boutique/contracts/admin-bulk';
import type { Language } from '@boutique/contracts/constants';
import { Button } from '@/components/ui/button';
import { SelectBox, inputClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { bulkProducts } from '../api/bulk';
import { adminProductsKey } from '../api/products';

const ACTIONS = [
  'publish',
  'unpublish',
  'category',
  'price',
  'end_sale',
  'featured_on',
  'featured_off',
  'best_seller_on',
  'best_seller_off',
] as const;
type Action = (typeof ACTIONS)[number];

/** The products chosen in the table: id → the version the table showed. */
export type Selection = ReadonlyMap<number, number>;

/**
 * The bar above the products table while pieces are chosen: one action for all of them, sent with each one's
 * version. A refusal changes nothing: a stale piece reloads the table, a price that would break the rules says
 * so, and the choice stays for another try.
 */
export function BulkBar({
  selection,
  categories,
  onDone,
  onClear,
}: {
  selection: Selection;
  categories: { slug: string; name: Record<Language, string> }[];
  onDone: (results: BulkResult[]) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const id = useId();
  const client = useQueryClient();
  const [action, setAction] = useState<Action>('publish');
  const [category, setCategory] = useState('');
  const [by, setBy] = useState<'percent' | 'amount'>('percent');
  const [direction, setDirection] = useState<'down' | 'up'>('down');
  const [value, setValue] = useState('');
  const [keepOld, setKeepOld] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();

  const body = (): BulkActionInput | undefined => {
    switch (action) {
      case 'publish':
        return { type: 'status', status: 'active' };
      case 'unpublish':
        return { type: 'status', status: 'inactive' };
      case 'category':
        return category ? { type: 'category', category } : undefined;
      case 'end_sale':
        return { type: 'end_sale' };
      case 'featured_on':
      case 'featured_off':
        return { type: 'featured', featured: action === 'featured_on' };
      case 'best_seller_on':
      case 'best_seller_off':
        return { type: 'best_seller', best_seller: action === 'best_seller_on' };
      case 'price':
        if (!value.trim()) return undefined;
        return by === 'percent'
          ? { type: 'price', by, direction, percent: value, keep_old_price: keepOld }
          : { type: 'price', by, direction, amount: value, keep_old_price: keepOld };
    }
  };

  async function apply() {
    const sent = body();
    setDone(undefined);
    if (!sent) {
      setProblem(t(action === 'category' ? 'bulk.chooseCategory' : 'bulk.enterValue'));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const results = await bulkProducts(
        [...selection].map(([productId, version]) => ({ id: productId, version })),
        sent,
      );
      onDone(results);
      setDone(t('bulk.done', { count: results.length }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setProblem(t('bulk.stale'));
      else if (error instanceof ApiError && error.status === 422 && error.errors['action.price'])
        setProblem(t('bulk.priceRefused'));
      else if (error instanceof ApiError && error.status === 422) setProblem(t('bulk.invalid'));
      else setProblem(t('bulk.failed'));
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: [...adminProductsKey, 'list'] });
    }
  }

  return (
    <section className="adm-bulk" aria-label={t('bulk.label')} data-testid="bulk-bar">
      <p className="adm-bulk-count" aria-live="polite">
        {t('bulk.selected', { count: selection.size })}
      </p>
      <div className="adm-field">
        <label htmlFor={`${id}-action`}>{t('bulk.action')}</label>
        <SelectBox id={`${id}-action`} value={action} onChange={(e) => setAction(e.target.value as Action)}>
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`bulk.actions.${a}`)}
            </option>
          ))}
        </SelectBox>
      </div>
      {action === 'category' && (
        <div className="adm-field">
          <label htmlFor={`${id}-category`}>{t('bulk.category')}</label>
          <SelectBox id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{t('bulk.chooseCategory')}</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name[lang]}
              </option>
            ))}
          </SelectBox>
        </div>
      )}
      {action === 'price' && (
        <>
          <div className="adm-field">
            <label htmlFor={`${id}-direction`}>{t('bulk.direction')}</label>
            <SelectBox
              id={`${id}-direction`}
              value={direction}
              onChange={(e) => setDirection(e.target.value as 'down' | 'up')}
            >
              <option value="down">{t('bulk.down')}</option>
              <option value="up">{t('bulk.up')}</option>
            </SelectBox>
          </div>
          <div className="adm-field">
            <label htmlFor={`${id}-by`}>{t('bulk.by')}</label>
            <SelectBox
              id={`${id}-by`}
              value={by}
              onChange={(e) => setBy(e.target.value as 'percent' | 'amount')}
            >
              <option value="percent">{t('bulk.percent')}</option>
              <option value="amount">{t('bulk.amount')}</option>
            </SelectBox>
          </div>
          <div className="adm-field">
            <label htmlFor={`${id}-value`}>
              {by === 'percent'
                ? t('bulk.percentValue', { min: BULK_PERCENT.min, max: BULK_PERCENT.max })
                : t('bulk.amountValue')}
            </label>
            <input
              id={`${id}-value`}
              className={inputClass}
              inputMode="decimal"
              dir="ltr"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
          <label className="adm-check">
            <input type="checkbox" checked={keepOld} onChange={(e) => setKeepOld(e.target.checked)} />
            {t('bulk.keepOldPrice')}
          </label>
        </>
      )}
      <div className="adm-bulk-buttons">
        <Button variant="dark" onClick={() => void apply()} disabled={busy || selection.size === 0}>
          {t('bulk.apply', { count: selection.size })}
        </Button>
        <Button variant="outline" onClick={onClear} disabled={busy}>
          {t('bulk.clear')}
        </Button>
      </div>
      {problem && (
        <p className="adm-error" role="alert">
          {problem}
        </p>
      )}
      {done && (
        <p className="adm-muted" role="status">
          {done}
        </p>
      )}
    </section>
  );
}
