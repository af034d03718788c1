import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ADMIN_PRODUCT_LIMITS, type ProductCreate } from '@boutique/contracts/admin';
import { Button } from '@/components/ui/button';
import { LanguageFields, emptyText } from './product-fields';
import type { ProductFormValues } from './product-values';

/** The details and the care instructions: lines of text in the three languages, added and removed one by one. */
export function ProductLines({
  control,
  register,
  errors,
}: {
  control: Control<ProductFormValues, unknown, ProductCreate>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}) {
  const { t } = useTranslation('admin');
  const details = useFieldArray({ control, name: 'details' });
  const care = useFieldArray({ control, name: 'care' });
  return (
    <>
      {(['details', 'care'] as const).map((list) => {
        const array = list === 'details' ? details : care;
        return (
          <fieldset key={list} className="adm-fieldset">
            <legend>{t(`form.${list}`)}</legend>
            {array.fields.map((line, index) => (
              <div key={line.id} className="adm-line">
                <div className="adm-line-head">
                  <LanguageFields
                    base={`${list}.${index}`}
                    label={t(list === 'details' ? 'form.detailN' : 'form.careN', { n: index + 1 })}
                    register={register}
                    errors={errors}
                    max={ADMIN_PRODUCT_LIMITS.detail}
                  />
                </div>
                <div>
                  <button
                    type="button"
                    className="adm-small-btn"
                    data-danger="true"
                    onClick={() => array.remove(index)}
                  >
                    {t('form.removeLine', { n: index + 1 })}
                  </button>
                </div>
              </div>
            ))}
            {array.fields.length < ADMIN_PRODUCT_LIMITS.lines && (
              <div>
                <Button variant="outline" onClick={() => array.append(emptyText())}>
                  {t(list === 'details' ? 'form.addDetail' : 'form.addCare')}
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
    </>
  );
}
