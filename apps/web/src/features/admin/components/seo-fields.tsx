import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SEO_LIMITS } from '@boutique/contracts/admin';
import { LANGUAGES, type Language } from '@boutique/contracts/constants';
import { inputClass } from '@/components/ui/field';

type SeoPath = `seo_${'title' | 'description'}.${Language}`;

/**
 * A page's words for search engines in each language, each with a counter of what search results show (about
 * 70 characters of a title, 160 of a description). Empty: the page's own name and description are used.
 */
export function SeoFields({
  idPrefix,
  register,
  values,
  problem,
}: {
  idPrefix: string;
  register: (path: SeoPath) => UseFormRegisterReturn;
  values: {
    seo_title?: Partial<Record<Language, string>>;
    seo_description?: Partial<Record<Language, string>>;
  };
  problem: (path: SeoPath) => string | undefined;
}) {
  const { t } = useTranslation('admin');
  const field = (kind: 'title' | 'description', lng: Language) => {
    const path: SeoPath = `seo_${kind}.${lng}`;
    const id = `${idPrefix}-seo-${kind}-${lng}`;
    const max = SEO_LIMITS[kind];
    const length = (values[`seo_${kind}`]?.[lng] ?? '').length;
    const text = problem(path);
    const props = {
      id,
      lang: lng,
      dir: lng === 'ar' ? 'rtl' : 'ltr',
      className: inputClass,
      'aria-invalid': text ? true : undefined,
      'aria-describedby': `${id}-count${text ? ` ${id}-error` : ''}`,
      ...register(path),
    } as const;
    return (
      <div key={lng} className="adm-field">
        <label htmlFor={id}>
          {t('form.inLanguage', { label: t(`seo.${kind}`), language: t(`languages.${lng}`) })}
        </label>
        {kind === 'title' ? <input {...props} /> : <textarea rows={3} {...props} />}
        <p id={`${id}-count`} className="adm-muted" data-over={length > max || undefined}>
          <bdi dir="ltr">
            {length} / {max}
          </bdi>
        </p>
        {text && (
          <p id={`${id}-error`} className="adm-error">
            {text}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="adm-fieldset">
      <legend>{t('seo.legend')}</legend>
      <p className="adm-muted">{t('seo.hint')}</p>
      <div className="adm-langs">{LANGUAGES.map((lng) => field('title', lng))}</div>
      <div className="adm-langs">{LANGUAGES.map((lng) => field('description', lng))}</div>
    </fieldset>
  );
}
