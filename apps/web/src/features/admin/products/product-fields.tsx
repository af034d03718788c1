import {
  type FieldErrors,
  type FieldPath,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@boutique/contracts/constants';
import { inputClass, ltrInputClass } from '@/components/ui/field';
import { messageAt, problemText } from '../components/problems';
import type { ProductFormValues } from './product-values';

// The pieces the product form's sections are built of: a field's problem, an amount, a text in three languages.

/** An empty text in each of the three languages. */
export const emptyText = () => ({ en: '', fr: '', ar: '' });

export function FieldProblem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="adm-error">
      {text}
    </p>
  );
}

/**
 * An amount in dirhams, typed in any digits (١٩٥٠, ۱۹۵۰, 1,950): beside it, the number understood and how the
 * shop will show it, while it is typed.
 */
export function MoneyField({
  id,
  label,
  placeholder,
  shown,
  problem,
  registration,
}: {
  id: string;
  label: string;
  placeholder?: string;
  shown: { understood: string; shown: string } | undefined;
  problem: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={ltrInputClass}
        dir="ltr"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-preview ${id}-error` : `${id}-preview`}
        {...registration}
      />
      <p id={`${id}-preview`} className="adm-live-price" aria-live="polite">
        {shown ? (
          <>
            <bdi dir="ltr">= {shown.understood}</bdi> · {t('form.shownAs')} <bdi>{shown.shown}</bdi>
          </>
        ) : (
          '—'
        )}
      </p>
      <FieldProblem id={`${id}-error`} text={problem} />
    </div>
  );
}

/** One text in English, French and Arabic, side by side on a wide screen; Arabic is typed right to left. */
export function LanguageFields({
  base,
  label,
  register,
  errors,
  max,
  multiline = false,
}: {
  base: string;
  label: string;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  max: number;
  multiline?: boolean;
}) {
  const { t } = useTranslation('admin');
  const id = base.replace(/\./g, '-');
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="adm-field">
      <span id={`${id}-label`} className="adm-group-label">
        {label}
      </span>
      <div className="adm-langs">
        {LANGUAGES.map((lng) => {
          const path = `${base}.${lng}` as FieldPath<ProductFormValues>;
          const problem = problemText(messageAt(errors, path), t);
          const props = {
            id: `${id}-${lng}`,
            lang: lng,
            dir: lng === 'ar' ? 'rtl' : 'ltr',
            className: inputClass,
            maxLength: max + 50,
            'aria-invalid': problem ? true : undefined,
            'aria-describedby': problem ? `${id}-${lng}-error` : undefined,
            ...register(path),
          } as const;
          return (
            <div key={lng} className="adm-field">
              <label htmlFor={`${id}-${lng}`}>
                {t('form.inLanguage', { label, language: t(`languages.${lng}`) })}
              </label>
              {multiline ? <textarea rows={5} {...props} /> : <input {...props} />}
              <FieldProblem id={`${id}-${lng}-error`} text={problem} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
