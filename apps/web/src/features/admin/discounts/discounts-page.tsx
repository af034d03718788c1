import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DISCOUNT_KINDS, type DiscountKind, type Language } from '@boutique/contracts/constants';
import type { AdminDiscount } from '@boutique/contracts/discounts';
import { formatMoney } from '@/lib/format';
import { ApiError } from '@/lib/api-client';
import { shopTimeZone } from '@/lib/boot';
import { Button } from '@/components/ui/button';
import { checkboxClass, inputClass, ltrInputClass, SelectBox } from '@/components/ui/field';
import { useAdminCategories } from '../api/products';
import { useAdminDiscounts, useDeleteDiscount, useSaveDiscount } from '../api/discounts';
import { AdminPageHeader, QueryState, errorMessage, formatDateTime } from '../components/admin-ui';
import { AdminField, fieldErrorsOf, type FieldA11y } from '../components/admin-field';
import { fromShopLocal, toShopLocal } from './shop-dates';

const FIELDS = [
  'code',
  'kind',
  'value',
  'min_subtotal',
  'starts_at',
  'ends_at',
  'usage_limit',
  'per_customer_limit',
  'category',
  'product_ids',
] as const;
type FieldName = (typeof FIELDS)[number];

interface Draft {
  code: string;
  kind: DiscountKind;
  value: string;
  min_subtotal: string;
  starts_at: string;
  ends_at: string;
  usage_limit: string;
  per_customer_limit: string;
  category: string;
  product_ids: string;
  active: boolean;
}

const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  min_subtotal: '',
  starts_at: '',
  ends_at: '',
  usage_limit: '',
  per_customer_limit: '',
  category: '',
  product_ids: '',
  active: true,
};

const draftOf = (d: AdminDiscount, zone: string): Draft => ({
  code: d.code,
  kind: d.kind,
  value: d.kind === 'free_shipping' ? '' : d.value,
  min_subtotal: d.min_subtotal ?? '',
  starts_at: toShopLocal(d.starts_at, zone),
  ends_at: toShopLocal(d.ends_at, zone),
  usage_limit: d.usage_limit?.toString() ?? '',
  per_customer_limit: d.per_customer_limit?.toString() ?? '',
  category: d.category ?? '',
  product_ids: d.product_ids.join(', '),
  active: d.active,
});

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The draft as the API takes it: empty fields are "none", dates read on the shop's clock. */
export function bodyOf(d: Draft, zone: string) {
  return {
    code: d.code.trim(),
    kind: d.kind,
    value: d.kind === 'free_shipping' ? '0' : d.value.trim(),
    min_subtotal: orNull(d.min_subtotal),
    starts_at: fromShopLocal(d.starts_at, zone),
    ends_at: fromShopLocal(d.ends_at, zone),
    usage_limit: orNull(d.usage_limit),
    per_customer_limit: orNull(d.per_customer_limit),
    category: orNull(d.category),
    product_ids: d.product_ids
      .split(/[\s,،]+/)
      .filter(Boolean)
      .map(Number),
    active: d.active,
  };
}

/** The owner's discount codes: each with its usage, and the form that creates or changes one. */
export default function DiscountsPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const zone = shopTimeZone();
  const list = useAdminDiscounts();
  const remove = useDeleteDiscount();
  const [editing, setEditing] = useState<AdminDiscount | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const money = (v: string) => formatMoney(Number(v), lang);
  const valueOf = (d: AdminDiscount) =>
    d.kind === 'percent'
      ? `${Number(d.value)} %`
      : d.kind === 'amount'
        ? money(d.value)
        : t('discounts.kinds.free_shipping');

  return (
    <>
      <AdminPageHeader
        title={t('discounts.title')}
        subtitle={t('discounts.subtitle', { zone })}
        actions={
          <Button onClick={() => setEditing('new')} data-testid="discount-new">
            {t('discounts.new')}
          </Button>
        }
      />
      {notice && (
        <p className="adm-card" role="status">
          {notice}
        </p>
      )}
      {editing && (
        <DiscountForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          discount={editing === 'new' ? null : editing}
          zone={zone}
          onDone={(message) => {
            setEditing(null);
            setNotice(message);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {!list.data ? (
        <QueryState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="adm-card adm-muted">{t('discounts.empty')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table" data-testid="discounts-table">
            <thead>
              <tr>
                <th scope="col">{t('discounts.fields.code')}</th>
                <th scope="col">{t('discounts.fields.value')}</th>
                <th scope="col">{t('discounts.dates')}</th>
                <th scope="col">{t('discounts.usage.uses')}</th>
                <th scope="col">{t('discounts.usage.customers')}</th>
                <th scope="col">{t('discounts.usage.discounted')}</th>
                <th scope="col">{t('discounts.usage.revenue')}</th>
                <th scope="col">{t('discounts.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('discounts.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((d) => (
                <tr key={d.id}>
                  <td>
                    <bdi>
                      <strong>{d.code}</strong>
                    </bdi>
                  </td>
                  <td className="adm-num">{valueOf(d)}</td>
                  <td>
                    {d.starts_at ? formatDateTime(d.starts_at, lang) : '—'}
                    {' → '}
                    {d.ends_at ? formatDateTime(d.ends_at, lang) : '—'}
                  </td>
                  <td className="adm-num">
                    {d.usage_limit ? `${d.usage.uses} / ${d.usage_limit}` : d.usage.uses}
                    {d.usage.held > 0 && (
                      <small className="adm-muted">
                        {' '}
                        {t('discounts.usage.held', { count: d.usage.held })}
                      </small>
                    )}
                  </td>
                  <td className="adm-num">{d.usage.customers}</td>
                  <td className="adm-num">{money(d.usage.discounted)}</td>
                  <td className="adm-num">{money(d.usage.revenue)}</td>
                  <td>
                    <span className="adm-badge" data-tone={d.active ? 'good' : 'warn'}>
                      {d.active ? t('discounts.active') : t('discounts.inactive')}
                    </span>
                  </td>
                  <td>
                    <div className="adm-actions">
                      <button type="button" className="adm-small-btn" onClick={() => setEditing(d)}>
                        {t('discounts.edit')}
                      </button>
                      <button
                        type="button"
                        className="adm-small-btn"
                        disabled={remove.isPending}
                        onClick={() => {
                          if (!window.confirm(t('discounts.confirmDelete', { code: d.code }))) return;
                          remove.mutate(
                            { id: d.id, version: d.version },
                            {
                              onSuccess: (res) =>
                                setNotice(
                                  t(
                                    res.data.outcome === 'archived'
                                      ? 'discounts.archived'
                                      : 'discounts.deleted',
                                    {
                                      code: d.code,
                                    },
                                  ),
                                ),
                              onError: (error) => setNotice(errorMessage(error, t('discounts.failed'))),
                            },
                          );
                        }}
                      >
                        {t('discounts.delete')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function DiscountForm({
  discount,
  zone,
  onDone,
  onCancel,
}: {
  discount: AdminDiscount | null;
  zone: string;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const id = useId();
  const categories = useAdminCategories();
  const save = useSaveDiscount();
  const [draft, setDraft] = useState<Draft>(discount ? draftOf(discount, zone) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    save.mutate(
      { id: discount?.id, version: discount?.version, body: bodyOf(draft, zone) },
      {
        onSuccess: () => onDone(t('discounts.saved', { code: draft.code.trim() })),
        onError: (error) => {
          const found = fieldErrorsOf(error, FIELDS, (code) =>
            t(`discounts.fieldErrors.${code}`, { defaultValue: t('discounts.fieldErrors.invalid') }),
          );
          setErrors(found);
          if (Object.keys(found).length > 0) return;
          if (error instanceof ApiError && error.status === 409) {
            setFailure(t('discounts.stale'));
            return;
          }
          setFailure(errorMessage(error, t('discounts.failed')));
        },
      },
    );
  }

  const field = (name: FieldName, label: string, control: (a11y: FieldA11y) => React.ReactNode) => (
    <AdminField formId={id} name={name} label={label} error={errors[name]} control={control} />
  );

  return (
    <form className="adm-form adm-card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {discount ? t('discounts.editTitle', { code: discount.code }) : t('discounts.new')}
      </h2>
      <fieldset className="adm-fieldset">
        <legend>{t('discounts.what')}</legend>
        {field('code', t('discounts.fields.code'), (a) => (
          <input
            {...a}
            className={ltrInputClass}
            dir="ltr"
            autoCapitalize="characters"
            value={draft.code}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
          />
        ))}
        {field('kind', t('discounts.fields.kind'), (a) => (
          <SelectBox {...a} value={draft.kind} onChange={(e) => set('kind', e.target.value as DiscountKind)}>
            {DISCOUNT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`discounts.kinds.${k}`)}
              </option>
            ))}
          </SelectBox>
        ))}
        {draft.kind !== 'free_shipping' &&
          field(
            'value',
            t(draft.kind === 'percent' ? 'discounts.fields.percent' : 'discounts.fields.amount'),
            (a) => (
              <input
                {...a}
                className={inputClass}
                inputMode="decimal"
                dir="ltr"
                value={draft.value}
                onChange={(e) => set('value', e.target.value)}
              />
            ),
          )}
        <label className="adm-check">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={draft.active}
            onChange={(e) => set('active', e.target.checked)}
          />{' '}
          {t('discounts.active')}
        </label>
      </fieldset>
      <fieldset className="adm-fieldset">
        <legend>{t('discounts.when', { zone })}</legend>
        {field('starts_at', t('discounts.fields.starts_at'), (a) => (
          <input
            {...a}
            type="datetime-local"
            className={inputClass}
            value={draft.starts_at}
            onChange={(e) => set('starts_at', e.target.value)}
          />
        ))}
        {field('ends_at', t('discounts.fields.ends_at'), (a) => (
          <input
            {...a}
            type="datetime-local"
            className={inputClass}
            value={draft.ends_at}
            onChange={(e) => set('ends_at', e.target.value)}
          />
        ))}
      </fieldset>
      <fieldset className="adm-fieldset">
        <legend>{t('discounts.limits')}</legend>
        {field('min_subtotal', t('discounts.fields.min_subtotal'), (a) => (
          <input
            {...a}
            className={inputClass}
            inputMode="decimal"
            dir="ltr"
            value={draft.min_subtotal}
            onChange={(e) => set('min_subtotal', e.target.value)}
          />
        ))}
        {field('usage_limit', t('discounts.fields.usage_limit'), (a) => (
          <input
            {...a}
            className={inputClass}
            inputMode="numeric"
            dir="ltr"
            value={draft.usage_limit}
            onChange={(e) => set('usage_limit', e.target.value)}
          />
        ))}
        {field('per_customer_limit', t('discounts.fields.per_customer_limit'), (a) => (
          <input
            {...a}
            className={inputClass}
            inputMode="numeric"
            dir="ltr"
            value={draft.per_customer_limit}
            onChange={(e) => set('per_customer_limit', e.target.value)}
          />
        ))}
        {field('category', t('discounts.fields.category'), (a) => (
          <SelectBox {...a} value={draft.category} onChange={(e) => set('category', e.target.value)}>
            <option value="">{t('discounts.everything')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name[lang] || c.name.en}
              </option>
            ))}
          </SelectBox>
        ))}
        {field('product_ids', t('discounts.fields.product_ids'), (a) => (
          <input
            {...a}
            className={inputClass}
            dir="ltr"
            inputMode="numeric"
            value={draft.product_ids}
            onChange={(e) => set('product_ids', e.target.value)}
          />
        ))}
      </fieldset>
      {failure && (
        <p className="adm-error" role="alert">
          {failure}
        </p>
      )}
      <div className="adm-actions">
        <Button type="submit" disabled={save.isPending}>
          {t('discounts.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('discounts.cancel')}
        </Button>
      </div>
    </form>
  );
}
