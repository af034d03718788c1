import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_PRODUCT_LIMITS,
  ProductCreateSchema,
  type AdminProduct,
  type ProductCreate,
} from '@boutique/contracts/admin';
import { formatMoney, fromFils, type Language } from '@boutique/contracts/constants';
import { Button } from '@/components/ui/button';
import { FormMessages, SelectBox, ltrInputClass } from '@/components/ui/field';
import { useAdminCategories } from '../api/products';
import { ConflictNotice } from '../components/conflict';
import { LeaveGuard } from '../components/leave-guard';
import { messageAt, problemText } from '../components/problems';
import { SeoFields } from '../components/seo-fields';
import { ProductColors } from './product-colors';
import { FieldProblem, LanguageFields, MoneyField, emptyText } from './product-fields';
import { ProductLines } from './product-lines';
import { ProductSizes } from './product-sizes';
import { ProductStock } from './product-stock';
import { typedFils, type ProductFormValues } from './product-values';
import { useProductSave } from './use-product-save';

export { emptyProduct, productValues, type ProductFormValues } from './product-values';

/**
 * Every field of a product (docs/design.md, Back office): the texts in the three languages side by side,
 * Arabic right to left; colours with their picker and names; sizes; a grid of pieces per colour × size (first
 * counts for a new product, or a colour or size added: an existing one's pieces move by stock adjustments only); prices shown as understood and as the
 * shop shows them while typing, in any digits. Checked with the contracts' schema before it is sent, and the
 * API's refusals land on their fields. An existing product is saved against the version it was opened on: a
 * save refused because the product changed meanwhile shows what changed and re-applies the owner's edit in
 * one click (decision 028). Leaving with unsaved edits asks first.
 */
export function ProductForm({
  initial,
  submitLabel,
  onSubmit,
  record,
}: {
  initial: ProductFormValues;
  submitLabel: string;
  /** Sends the values; for an existing product, with the version they are based on. */
  onSubmit: (values: ProductCreate, version: number | undefined) => Promise<unknown>;
  /** The product as the API has it now (an existing product): its version, counts and pieces held. */
  record?: AdminProduct;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const categories = useAdminCategories();
  const form = useForm<ProductFormValues, unknown, ProductCreate>({
    resolver: zodResolver(ProductCreateSchema),
    defaultValues: initial,
    mode: 'onTouched',
    // React Hook Form would focus the first field registered (the price, registered before the fields drawn by
    // child components): the effect below focuses the first one the owner reads instead.
    shouldFocusError: false,
  });
  const {
    register,
    control,
    watch,
    formState: { errors, isSubmitting, isDirty, submitCount },
  } = form;
  const formRef = useRef<HTMLFormElement>(null);
  // After a save the form refused, the first field with a message, in the order of the page.
  useEffect(() => {
    if (submitCount === 0 || Object.keys(form.formState.errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, form]);
  const { banner, saved, conflict, outdated, conflictView, submit, reapply, discard } = useProductSave({
    form,
    initial,
    record,
    onSubmit,
  });

  const problem = (path: string) => problemText(messageAt(errors, path), t);
  const price = watch('price');
  const oldPrice = watch('old_price');
  const preview = (value: unknown) => {
    const fils = typedFils(value);
    return fils === undefined
      ? undefined
      : {
          understood: formatMoney(fromFils(fils), 'en', { cents: true }).replace(/^AED\u00a0/, ''),
          shown: formatMoney(fromFils(fils), lang),
        };
  };

  return (
    <form ref={formRef} className="adm-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="adm-fieldset">
        <legend>{t('form.identity')}</legend>
        <div className="adm-row">
          <div className="adm-field">
            <label htmlFor="product-category">{t('products.category')}</label>
            <SelectBox id="product-category" {...register('category')}>
              {(categories.data ?? [{ slug: initial.category, name: emptyText() }]).map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name[lang] || c.slug}
                </option>
              ))}
            </SelectBox>
            <FieldProblem id="product-category-error" text={problem('category')} />
          </div>
          <div className="adm-field">
            <label htmlFor="product-slug">{t('form.slug')}</label>
            <input
              id="product-slug"
              className={ltrInputClass}
              dir="ltr"
              placeholder={t('form.slugHint')}
              aria-invalid={problem('slug') ? true : undefined}
              aria-describedby={problem('slug') ? 'product-slug-error' : undefined}
              {...register('slug', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v) })}
            />
            <FieldProblem id="product-slug-error" text={problem('slug')} />
          </div>
        </div>
        <LanguageFields
          base="name"
          label={t('form.name')}
          register={register}
          errors={errors}
          max={ADMIN_PRODUCT_LIMITS.name}
        />
        <LanguageFields
          base="description"
          label={t('form.description')}
          register={register}
          errors={errors}
          max={ADMIN_PRODUCT_LIMITS.description}
          multiline
        />
      </fieldset>

      <fieldset className="adm-fieldset">
        <legend>{t('form.prices')}</legend>
        <div className="adm-row">
          <MoneyField
            id="product-price"
            label={t('products.price')}
            shown={preview(price)}
            problem={problem('price')}
            registration={register('price')}
          />
          <MoneyField
            id="product-old-price"
            label={t('form.oldPrice')}
            placeholder={t('form.oldPriceHint')}
            shown={oldPrice ? preview(oldPrice) : undefined}
            problem={problem('old_price')}
            registration={register('old_price', {
              setValueAs: (v: string | null) => (v == null || v.trim() === '' ? null : v),
            })}
          />
        </div>
      </fieldset>

      <ProductSizes control={control} record={record} problem={problem} />

      <ProductColors control={control} register={register} errors={errors} problem={problem} />

      <ProductStock control={control} record={record} problem={problem} />

      <fieldset className="adm-fieldset">
        <legend>{t('alerts.legend')}</legend>
        <div className="adm-field">
          <label htmlFor="product-low-stock">
            {t('alerts.threshold')} <span className="adm-muted">{t('alerts.thresholdHint')}</span>
          </label>
          <input
            id="product-low-stock"
            className={ltrInputClass}
            dir="ltr"
            inputMode="numeric"
            aria-invalid={problem('low_stock_threshold') ? true : undefined}
            aria-describedby={problem('low_stock_threshold') ? 'product-low-stock-error' : undefined}
            {...register('low_stock_threshold', {
              setValueAs: (v: string | number | null) =>
                v == null || String(v).trim() === '' ? null : String(v).trim(),
            })}
          />
          <FieldProblem id="product-low-stock-error" text={problem('low_stock_threshold')} />
        </div>
      </fieldset>

      <ProductLines control={control} register={register} errors={errors} />

      <SeoFields
        idPrefix="product"
        register={(path) => register(path)}
        values={{ seo_title: watch('seo_title'), seo_description: watch('seo_description') }}
        problem={problem}
      />

      <fieldset className="adm-fieldset">
        <legend>{t('form.visibility')}</legend>
        <div className="adm-row">
          <div className="adm-field">
            <label htmlFor="product-status">{t('products.status')}</label>
            <SelectBox id="product-status" {...register('status')}>
              <option value="active">{t('productStatus.active')}</option>
              <option value="inactive">{t('productStatus.inactive')}</option>
            </SelectBox>
          </div>
          <label className="adm-check">
            <input type="checkbox" {...register('featured')} />
            {t('products.featured')}
          </label>
          <label className="adm-check">
            <input type="checkbox" {...register('best_seller')} />
            {t('products.bestSeller')}
          </label>
        </div>
      </fieldset>

      {outdated && !conflict && (
        <p className="adm-notice" role="status">
          {t('conflict.outdated')}
        </p>
      )}
      {conflict && conflictView && (
        <ConflictNotice
          what={t('conflict.thisProduct')}
          changes={conflictView.changes}
          yourFields={conflictView.yourFields}
          onReapply={() => void reapply()}
          onDiscard={discard}
          busy={isSubmitting}
        />
      )}
      <FormMessages error={banner} />
      <div className="adm-sticky-actions">
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
        {/* Where the owner is looking: beside the button they pressed, and read out by screen readers. */}
        <p className="adm-saved" role="status">
          {saved && !banner ? t('form.saved') : ''}
        </p>
      </div>
      <LeaveGuard when={isDirty && !isSubmitting} />
    </form>
  );
}
