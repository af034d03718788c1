import type { TFunction } from 'i18next';
import type { AdminProduct, ProductCreateInput } from '@boutique/contracts/admin';
import {
  DECIMAL_AMOUNT,
  SIZES,
  formatMoney,
  normalizeNumberText,
  parseWholeNumber,
  toFils,
  type Language,
} from '@boutique/contracts/constants';
import type { FieldChange } from '../components/conflict';
import { colorValueOf, type VariantCount } from './variant-grid';

export type ProductFormValues = ProductCreateInput;

const emptyText = () => ({ en: '', fr: '', ar: '' });

export function emptyProduct(): ProductFormValues {
  return {
    category: 'caftan',
    slug: '',
    name: emptyText(),
    description: emptyText(),
    details: [],
    care: [],
    price: '',
    old_price: null,
    low_stock_threshold: null,
    status: 'active',
    featured: false,
    best_seller: false,
    colors: [],
    sizes: SIZES.map((name) => ({ name })),
    // First counts per colour × size, typed in the grid (product-stock.tsx); a cell left empty starts at 0.
    variants: [],
    seo_title: emptyText(),
    seo_description: emptyText(),
  };
}

/**
 * The form's values for a product as the API answered it. Sizes by name only, and no counts: the pieces of an
 * existing product move by stock adjustments, never with the form (decision 028); only a colour or size the form
 * adds takes a first count.
 */
export function productValues(product: AdminProduct): ProductFormValues {
  return {
    category: product.category,
    slug: product.slug,
    name: product.name,
    description: product.description,
    details: product.details,
    care: product.care,
    price: product.price,
    old_price: product.old_price,
    low_stock_threshold: product.low_stock_threshold,
    status: product.status,
    featured: product.featured,
    best_seller: product.best_seller,
    colors: product.colors.map(({ name, value }) => ({ name, value })),
    sizes: product.sizes.map(({ name }) => ({ name })),
    variants: [],
    seo_title: product.seo_title,
    seo_description: product.seo_description,
  };
}

/** The fields the form edits, in the order it shows them. */
export const PRODUCT_FIELDS = [
  'category',
  'slug',
  'name',
  'description',
  'price',
  'old_price',
  'sizes',
  'colors',
  'variants',
  'low_stock_threshold',
  'details',
  'care',
  'seo_title',
  'seo_description',
  'status',
  'featured',
  'best_seller',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** An amount as typed (any digits, separators) in fils, or undefined when it is not one. */
export function typedFils(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = normalizeNumberText(value);
  return DECIMAL_AMOUNT.test(text) ? toFils(text) : undefined;
}

/** A field's value reduced to what it means: trimmed texts, amounts in fils, sizes and colours by identity. */
function meaning(field: ProductField, value: unknown): unknown {
  if (field === 'price' || field === 'old_price') {
    if (value === null || value === undefined || value === '') return null;
    return typedFils(value) ?? (typeof value === 'string' ? value.trim() : null);
  }
  if (field === 'sizes') return ((value as { name: string }[] | undefined) ?? []).map((s) => s.name);
  if (field === 'variants') {
    return ((value as VariantCount[] | undefined) ?? [])
      .map((v) => `${colorValueOf(v.color_value)}/${v.size}=${parseWholeNumber(String(v.stock ?? '')) ?? ''}`)
      .sort();
  }
  if (field === 'colors') {
    return ((value as { name: unknown; value: string }[] | undefined) ?? []).map((c) => ({
      name: c.name,
      value: c.value.trim().toLowerCase(),
    }));
  }
  if (field === 'slug') return typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (field === 'low_stock_threshold') {
    if (typeof value === 'number') return value;
    return typeof value === 'string' && value.trim() !== '' ? (parseWholeNumber(value) ?? value) : null;
  }
  return value ?? null;
}

/**
 * A value as text whatever the order of its keys (an answer read through the API's schema says `en, fr, ar`,
 * the record in a refusal says them as the database keeps them) and with its texts trimmed.
 */
function canonical(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.trim());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const sameField = (field: ProductField, a: unknown, b: unknown) =>
  canonical(meaning(field, a)) === canonical(meaning(field, b));

/** The fields whose meaning differs between two sets of values. */
export function changedFields(a: Partial<ProductFormValues>, b: Partial<ProductFormValues>): ProductField[] {
  return PRODUCT_FIELDS.filter((field) => !sameField(field, a[field], b[field]));
}

/** The current record with the owner's own edits (`mine` against `base`, the values the form was opened on). */
export function reapplied(
  base: ProductFormValues,
  current: ProductFormValues,
  mine: ProductFormValues,
): ProductFormValues {
  const merged: ProductFormValues = { ...current };
  for (const field of changedFields(base, mine)) Object.assign(merged, { [field]: mine[field] });
  return merged;
}

const FIELD_LABELS: Record<ProductField, string> = {
  category: 'products.category',
  slug: 'form.slug',
  name: 'form.name',
  description: 'form.description',
  price: 'products.price',
  old_price: 'form.oldPrice',
  sizes: 'form.sizes',
  colors: 'form.colors',
  variants: 'form.stockGrid',
  low_stock_threshold: 'alerts.legend',
  details: 'form.details',
  care: 'form.care',
  seo_title: 'seo.title',
  seo_description: 'seo.description',
  status: 'products.status',
  featured: 'products.featured',
  best_seller: 'products.bestSeller',
};

export const fieldLabel = (field: ProductField, t: TFunction<'admin'>) => t(FIELD_LABELS[field]);

/** A field's value as the owner reads it, in their language. */
export function shownValue(
  field: ProductField,
  value: unknown,
  t: TFunction<'admin'>,
  lang: Language,
): string {
  const text = (v: unknown) => {
    const t3 = v as Partial<Record<Language, string>> | undefined;
    return (t3?.[lang] || t3?.en || '').trim();
  };
  const none = t('conflict.none');
  switch (field) {
    case 'price':
    case 'old_price': {
      const fils = typedFils(value);
      if (fils !== undefined) return formatMoney(fils / 100, lang, { cents: true });
      return typeof value === 'string' && value ? value : none;
    }
    case 'name':
    case 'description':
    case 'seo_title':
    case 'seo_description':
      return text(value) || none;
    case 'details':
    case 'care':
      return ((value as unknown[] | undefined) ?? []).map(text).join(' · ') || none;
    case 'colors':
      return ((value as { name: unknown }[] | undefined) ?? []).map((c) => text(c.name)).join(', ') || none;
    case 'sizes':
      return ((value as { name: string }[] | undefined) ?? []).map((s) => s.name).join(', ') || none;
    case 'variants':
      return (
        ((value as VariantCount[] | undefined) ?? [])
          .map((v) => `${v.color_value || '—'} ${v.size}: ${parseWholeNumber(String(v.stock ?? '')) ?? '?'}`)
          .join(', ') || none
      );
    case 'status':
      return value === 'active' || value === 'inactive' ? t(`productStatus.${value}`) : none;
    case 'featured':
    case 'best_seller':
      return value ? t('conflict.yes') : t('conflict.no');
    case 'category':
    case 'slug':
      return typeof value === 'string' && value ? value : none;
    case 'low_stock_threshold':
      return typeof value === 'number' || (typeof value === 'string' && value.trim()) ? String(value) : none;
  }
}

/**
 * What a refused save shows: each field changed since the form was opened (`base` → `current`), with the
 * owner's own value beside it when they changed it too; and the labels of every field the owner edited.
 */
export function productConflict(
  base: ProductFormValues,
  current: ProductFormValues,
  mine: ProductFormValues,
  t: TFunction<'admin'>,
  lang: Language,
): { changes: FieldChange[]; yourFields: string[] } {
  const yours = changedFields(base, mine);
  const changes = changedFields(base, current).map((field) => ({
    field,
    label: fieldLabel(field, t),
    before: shownValue(field, base[field], t, lang),
    now: shownValue(field, current[field], t, lang),
    ...(yours.includes(field) && { yours: shownValue(field, mine[field], t, lang) }),
  }));
  return { changes, yourFields: yours.map((field) => fieldLabel(field, t)) };
}
