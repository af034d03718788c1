import { useEffect, useRef, useState } from 'react';
import {
  Controller,
  get,
  useFieldArray,
  useForm,
  type FieldErrors,
  type FieldPath,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_PRODUCT_LIMITS,
  ProductCreateSchema,
  type AdminProduct,
  type ProductCreate,
} from '@boutique/contracts/admin';
import {
  LANGUAGES,
  SIZES,
  formatMoney,
  fromFils,
  parseWholeNumber,
  type Language,
} from '@boutique/contracts/constants';
import { Button } from '@/components/ui/button';
import { FormMessages, SelectBox, inputClass, ltrInputClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { useAdminCategories } from '../api/products';
import { errorMessage } from '../components/admin-ui';
import { ConflictNotice, staleRecord } from '../components/conflict';
import { LeaveGuard } from '../components/leave-guard';
import { leavingWith } from '../components/use-leave-guard';
import { problemText } from '../components/problems';
import {
  changedFields,
  productConflict,
  productValues,
  reapplied,
  typedFils,
  type ProductFormValues,
} from './product-values';

export { emptyProduct, productValues, type ProductFormValues } from './product-values';

const emptyText = () => ({ en: '', fr: '', ar: '' });

/** What the form was opened on: the version a save is based on, and the values it then had. */
interface Base {
  version: number;
  values: ProductFormValues;
}

/**
 * Every field of a product (docs/design.md, Back office): the texts in the three languages side by side,
 * Arabic right to left; colours with their picker and names; sizes (with a first count of pieces for a new
 * product: an existing one's pieces move by stock adjustments only); prices shown as understood and as the
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
  const [banner, setBanner] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState<AdminProduct>();
  const [outdated, setOutdated] = useState(false);
  const base = useRef<Base | undefined>(record && { version: record.version, values: initial });
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
    handleSubmit,
    watch,
    setError,
    getValues,
    formState: { errors, isSubmitting, isDirty, submitCount },
  } = form;
  const formRef = useRef<HTMLFormElement>(null);
  // After a save the form refused, the first field with a message, in the order of the page.
  useEffect(() => {
    if (submitCount === 0 || Object.keys(form.formState.errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, form]);
  const details = useFieldArray({ control, name: 'details' });
  const care = useFieldArray({ control, name: 'care' });
  const colors = useFieldArray({ control, name: 'colors' });

  // The product moved on elsewhere (a picture added on this page, another tab, a refetch): the form carries on
  // from the new version when nothing it shows changed, takes the new values when it has no edit of its own,
  // and otherwise keeps its base, so that saving shows what changed rather than writing over it.
  useEffect(() => {
    const opened = base.current;
    if (!record || !opened || record.version === opened.version) return;
    const fresh = productValues(record);
    if (changedFields(fresh, getValues()).length === 0) {
      base.current = { version: record.version, values: fresh };
      form.reset(fresh);
      setOutdated(false);
    } else if (changedFields(fresh, opened.values).length === 0) {
      base.current = { version: record.version, values: opened.values };
    } else if (!form.formState.isDirty) {
      base.current = { version: record.version, values: fresh };
      form.reset(fresh);
    } else setOutdated(true);
  }, [record, form, getValues]);

  useEffect(() => {
    if (isDirty) setSaved(false);
  }, [isDirty]);

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

  const save = async (values: ProductCreate) => {
    setBanner(undefined);
    setSaved(false);
    try {
      await leavingWith(() => onSubmit(values, base.current?.version));
      // What was sent is what is saved: the form is clean again, its values kept (the record's new version
      // reaches the effect above).
      form.reset(undefined, { keepValues: true });
      setConflict(undefined);
      setOutdated(false);
      setSaved(true);
    } catch (error) {
      const current = staleRecord<AdminProduct>(error);
      if (current) {
        setConflict(current);
        return;
      }
      if (error instanceof ApiError && error.status === 422) {
        const unplaced: string[] = [];
        let first = true;
        for (const [field, messages] of Object.entries(error.errors)) {
          const message = messages[0];
          if (!message) continue;
          if (fieldExists(values, field)) {
            setError(
              field as FieldPath<ProductFormValues>,
              { type: 'server', message },
              { shouldFocus: first },
            );
            first = false;
          } else unplaced.push(problemText(message, t) ?? message);
        }
        setBanner([t('form.refused'), ...unplaced].join(' '));
      } else setBanner(errorMessage(error, t('errors.save')));
    }
  };
  const submit = handleSubmit(save, () => setBanner(t('form.invalid')));

  /** The owner's edit written onto the product as it is now, then saved: one click after a refusal. */
  const reapply = async () => {
    if (!conflict || !base.current) return;
    const current = productValues(conflict);
    const merged = reapplied(base.current.values, current, getValues());
    base.current = { version: conflict.version, values: current };
    form.reset(current);
    for (const field of changedFields(current, merged)) {
      form.setValue(field, merged[field], { shouldDirty: true });
    }
    setConflict(undefined);
    setOutdated(false);
    await submit();
  };
  const discard = () => {
    if (!conflict) return;
    const current = productValues(conflict);
    base.current = { version: conflict.version, values: current };
    form.reset(current);
    setConflict(undefined);
    setOutdated(false);
  };
  const conflictView =
    conflict && base.current
      ? productConflict(base.current.values, productValues(conflict), getValues(), t, lang)
      : undefined;

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

/** The message of the form's error at a path (`name.ar`, `sizes.0.stock`), if any. */
function messageAt(errors: object, path: string): string | undefined {
  const found: unknown = get(errors, path);
  return found && typeof found === 'object' && 'message' in found && typeof found.message === 'string'
    ? found.message
    : undefined;
}

/** Whether a field path the API named (`name.ar`, `sizes.0.stock`) is one of the form's. */
function fieldExists(values: object, path: string): boolean {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

function FieldProblem({ id, text }: { id: string; text: string | undefined }) {
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
function MoneyField({
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
function LanguageFields({
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
