import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminProduct, ProductCreate } from '@boutique/contracts/admin';
import { SIZES } from '@boutique/contracts/constants';
import { FieldProblem } from './product-fields';
import type { ProductFormValues } from './product-values';

/**
 * The sizes the product comes in. Their pieces are counted per colour in the grid below (product-stock.tsx); an
 * existing product's move by stock adjustments only.
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
                    (s) => chosen.find((c) => c.name === s) ?? { name: s },
                  )
                : chosen.filter((c) => c.name !== name),
            );
          return (
            <div className="adm-size-choices">
              {SIZES.map((size) => (
                <label key={size} className="adm-check adm-size">
                  <input
                    type="checkbox"
                    checked={chosen.some((c) => c.name === size)}
                    onChange={(e) => toggle(size, e.target.checked)}
                  />
                  {t('form.size', { size })}
                </label>
              ))}
            </div>
          );
        }}
      />
      <FieldProblem id="product-sizes-error" text={problem('sizes') ?? problem('sizes.root')} />
    </fieldset>
  );
}
