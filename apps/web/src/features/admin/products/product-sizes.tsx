import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminProduct, ProductCreate } from '@boutique/contracts/admin';
import { SIZES, parseWholeNumber } from '@boutique/contracts/constants';
import { ltrInputClass } from '@/components/ui/field';
import { FieldProblem } from './product-fields';
import type { ProductFormValues } from './product-values';

/**
 * The sizes the product comes in. A new product gets a first count of pieces per size, understood while typed in
 * any digits; an existing one shows its counts and pieces held, which move by stock adjustments only.
 */
export function ProductSizes({
  control,
  record,
  problem,
}: {
  control: Control<ProductFormValues, unknown, ProductCreate>;
  record: AdminProduct | undefined;
  problem: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="adm-fieldset">
      <legend>{t('form.sizes')}</legend>
      {record && <p className="adm-muted">{t('form.stockByAdjustment')}</p>}
      <Controller
        control={control}
        name="sizes"
        render={({ field }) => {
          const chosen = field.value ?? [];
          const toggle = (name: (typeof SIZES)[number], on: boolean) =>
            field.onChange(
              on
                ? SIZES.filter((s) => s === name || chosen.some((c) => c.name === s)).map(
                    (s) =>
                      chosen.find((c) => c.name === s) ?? (record ? { name: s } : { name: s, stock: '0' }),
                  )
                : chosen.filter((c) => c.name !== name),
            );
          const setStock = (name: string, stock: string) =>
            field.onChange(chosen.map((c) => (c.name === name ? { ...c, stock } : c)));
          return (
            <div className="adm-sizes">
              {SIZES.map((size) => {
                const entry = chosen.find((c) => c.name === size);
                const index = chosen.findIndex((c) => c.name === size);
                const stockProblem = index >= 0 ? problem(`sizes.${index}.stock`) : undefined;
                const counted = record?.sizes.find((s) => s.name === size);
                const typed = entry?.stock === undefined ? '' : String(entry.stock);
                const understood = parseWholeNumber(typed);
                return (
                  <div key={size} className="adm-size">
                    <label className="adm-check">
                      <input
                        type="checkbox"
                        checked={Boolean(entry)}
                        onChange={(e) => toggle(size, e.target.checked)}
                      />
                      {t('form.size', { size })}
                    </label>
                    {record ? (
                      <p className="adm-muted">
                        {counted ? t('form.counted', { count: counted.stock }) : t('form.notCounted')}
                        {counted &&
                          counted.reserved > 0 &&
                          ` · ${t('form.held', { count: counted.reserved })}`}
                      </p>
                    ) : (
                      <div className="adm-field">
                        <label htmlFor={`product-stock-${size}`}>{t('form.stockOf', { size })}</label>
                        <input
                          id={`product-stock-${size}`}
                          inputMode="numeric"
                          autoComplete="off"
                          dir="ltr"
                          className={ltrInputClass}
                          disabled={!entry}
                          value={typed}
                          aria-invalid={stockProblem ? true : undefined}
                          aria-describedby={entry ? `product-stock-${size}-understood` : undefined}
                          onChange={(e) => setStock(size, e.target.value)}
                        />
                        {entry && (
                          <p
                            id={`product-stock-${size}-understood`}
                            className="adm-live-price"
                            aria-live="polite"
                          >
                            {understood === undefined || understood < 0 ? '—' : `= ${understood}`}
                          </p>
                        )}
                        <FieldProblem id={`product-stock-${size}-error`} text={stockProblem} />
                      </div>
                    )}
                  </div>
                );
              })}
            </div>
          );
        }}
      />
      <FieldProblem id="product-sizes-error" text={problem('sizes') ?? problem('sizes.root')} />
    </fieldset>
  );
}
