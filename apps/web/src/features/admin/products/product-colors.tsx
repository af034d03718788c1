import {
  Controller,
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ADMIN_PRODUCT_LIMITS, type ProductCreate } from '@boutique/contracts/admin';
import { Button } from '@/components/ui/button';
import { ltrInputClass } from '@/components/ui/field';
import { FieldProblem, LanguageFields, emptyText } from './product-fields';
import type { ProductFormValues } from './product-values';

/** The colours: each with its picker (or hex code) and its name in the three languages. */
export function ProductColors({
  control,
  register,
  errors,
  problem,
}: {
  control: Control<ProductFormValues, unknown, ProductCreate>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  problem: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('admin');
  const colors = useFieldArray({ control, name: 'colors' });
  return (
    <fieldset className="adm-fieldset">
      <legend>{t('form.colors')}</legend>
      {colors.fields.map((color, index) => (
        <div key={color.id} className="adm-line">
          <div className="adm-line-head">
            <Controller
              control={control}
              name={`colors.${index}.value`}
              render={({ field }) => (
                <div className="adm-actions">
                  <label htmlFor={`color-${index}-picker`} className="visually-hidden">
                    {t('form.colorPicker', { n: index + 1 })}
                  </label>
                  <input
                    id={`color-${index}-picker`}
                    type="color"
                    className="adm-swatch"
                    value={/^#[0-9a-f]{6}$/i.test(field.value ?? '') ? field.value : '#000000'}
                    onChange={(e) => field.onChange(e.target.value)}
                  />
                  <label htmlFor={`color-${index}-hex`} className="visually-hidden">
                    {t('form.colorHex', { n: index + 1 })}
                  </label>
                  <input
                    id={`color-${index}-hex`}
                    className={ltrInputClass}
                    dir="ltr"
                    size={9}
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                    aria-invalid={problem(`colors.${index}.value`) ? true : undefined}
                  />
                </div>
              )}
            />
            <button
              type="button"
              className="adm-small-btn"
              data-danger="true"
              onClick={() => colors.remove(index)}
            >
              {t('form.removeColor', { n: index + 1 })}
            </button>
          </div>
          <FieldProblem id={`color-${index}-error`} text={problem(`colors.${index}.value`)} />
          <LanguageFields
            base={`colors.${index}.name`}
            label={t('form.colorName', { n: index + 1 })}
            register={register}
            errors={errors}
            max={60}
          />
        </div>
      ))}
      <FieldProblem id="product-colors-error" text={problem('colors') ?? problem('colors.root')} />
      {colors.fields.length < ADMIN_PRODUCT_LIMITS.colors && (
        <div>
          <Button variant="outline" onClick={() => colors.append({ value: '#1f5c4a', name: emptyText() })}>
            {t('form.addColor')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
