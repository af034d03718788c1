import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AddressFields, Size } from '@boutique/contracts';
import { MANUAL_PAYMENTS, type AdminProductRow, type ManualPayment } from '@boutique/contracts/admin';
import { ADDRESS_COUNTRIES, LANGUAGES, fromFils, type Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { FormMessages, SelectBox, inputClass, ltrInputClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { useCountryName } from '@/lib/countries';
import { formatMoney } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { shortagesOf } from '@/lib/stock';
import { useAdminCustomers } from '../api/customers';
import { cashOnDeliveryQuery, shippingRatesQuery, useCreateManualOrder } from '../api/orders';
import { useAdminProduct, useAdminProducts } from '../api/products';
import { AdminPageHeader, errorMessage } from '../components/admin-ui';
import {
  addLine,
  firstColourWithPieces,
  cashOnDeliveryAllowed,
  draftProblems,
  draftTotals,
  manualOrderRequest,
  variantLeft,
  removeLine,
  type Draft,
  type DraftCustomer,
  type DraftLine,
} from './new-order-model';

const emptyAddress: AddressFields = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  country: 'AE',
};

/**
 * `/admin/orders/new`: an order taken on WhatsApp or by phone. The customer is found in the customer list or
 * written in (an account without a password is made); the pieces are picked by product, colour and size with
 * what is left of each; the payment is cash on delivery, money already taken, or a link e-mailed to the customer.
 */
export default function NewOrderPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const navigate = useNavigate();
  const cod = useQuery(cashOnDeliveryQuery());
  const create = useCreateManualOrder();
  const [key, setKey] = useState(newIdempotencyKey);
  const [customer, setCustomer] = useState<DraftCustomer>({ kind: 'new', name: '', email: '', phone: '' });
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [address, setAddress] = useState<AddressFields>(emptyAddress);
  const [payment, setPayment] = useState<ManualPayment>('cash_on_delivery');
  const [shippingRateId, setShippingRateId] = useState<string>('');
  const [locale, setLocale] = useState<Language>(lang);
  const [note, setNote] = useState('');
  const [discountCode, setDiscountCode] = useState('');
  const [shown, setShown] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string>();

  const fee = cod.data?.enabled ? cod.data.fee : '0';
  const subtotal = fromFils(draftTotals(lines, payment, '0').subtotalFils);
  const rates = useQuery(shippingRatesQuery(address.country, subtotal));
  // The rate shown: the one chosen if the country's zone offers it, else the cheapest (as the server does).
  const rate = rates.data?.find((r) => r.id === shippingRateId) ?? rates.data?.[0];
  const draft: Draft = {
    customer,
    lines,
    address,
    payment,
    ...(rate && { shippingRateId: rate.id }),
    locale,
    note,
    discountCode,
  };
  const totals = draftTotals(lines, payment, fee, rate?.price ?? '0');
  const money = (fils: number) => formatMoney(fils / 100, lang);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBanner(undefined);
    const problems = draftProblems(draft);
    setShown(problems);
    if (Object.keys(problems).length > 0) {
      setBanner(t('newOrder.fix'));
      return;
    }
    try {
      const res = await create.mutateAsync({ order: manualOrderRequest(draft), key });
      void navigate(paths.adminOrder.href(res.data.order.id));
    } catch (error) {
      // Refused: nothing was made, the next try is a new order. A lost answer keeps its key.
      if (error instanceof ApiError && error.status < 500) setKey(newIdempotencyKey());
      if (error instanceof ApiError) {
        const fields: Record<string, string> = {};
        for (const [field, messages] of Object.entries(error.errors)) fields[field] = messages[0] ?? '';
        setShown(fields);
      }
      const short = shortagesOf(error);
      setBanner(
        short
          ? short
              .map((piece) => {
                const line = lines.find((l) => l.color === piece.color && l.size === piece.size);
                const values = {
                  name: line ? line.name[lang] || line.name.en : piece.slug,
                  colour: line?.colorName ? line.colorName[lang] || line.colorName.en : piece.color,
                  size: piece.size,
                  count: piece.left,
                };
                return piece.left === 0
                  ? t('newOrder.pieceSoldOut', values)
                  : t('newOrder.pieceLeft', values);
              })
              .join(' ')
          : errorMessage(error, t('errors.save')),
      );
    }
  };

  const problem = (field: string) =>
    shown[field] ? (
      <p className="adm-error" id={`${field}-error`}>
        {shown[field]}
      </p>
    ) : null;

  return (
    <>
      <AdminPageHeader title={t('newOrder.title')} subtitle={t('newOrder.subtitle')} />
      <form className="adm-grid" noValidate onSubmit={(e) => void submit(e)} aria-label={t('newOrder.title')}>
        <CustomerCard
          customer={customer}
          onChange={(next) => {
            setCustomer(next);
            if (next.kind === 'new')
              setAddress((a) => ({ ...a, name: next.name, email: next.email, phone: next.phone }));
            else setAddress((a) => ({ ...a, name: a.name || next.name, email: a.email || next.email }));
          }}
          problem={problem}
        />

        <section className="adm-card" aria-labelledby="new-order-pieces">
          <h2 id="new-order-pieces">{t('newOrder.pieces')}</h2>
          <PiecePicker lines={lines} onAdd={(line) => setLines((l) => addLine(l, line))} />
          {lines.length === 0 ? (
            <p className="adm-muted">{t('newOrder.noLines')}</p>
          ) : (
            <ul className="adm-lines" data-testid="new-order-lines">
              {lines.map((line, index) => (
                <li key={`${line.productId}-${line.color}-${line.size}`}>
                  <span />
                  <div>
                    <bdi>{line.name[lang] || line.name.en}</bdi>
                    <p className="adm-muted">
                      {[line.colorName?.[lang], t('orders.sizeN', { size: line.size })]
                        .filter(Boolean)
                        .join(' · ')}{' '}
                      × {line.quantity}
                    </p>
                    <button
                      type="button"
                      className="adm-small-btn"
                      onClick={() => setLines((l) => removeLine(l, index))}
                    >
                      {t('newOrder.remove')}
                    </button>
                  </div>
                  <span className="adm-num">
                    {money(Math.round(Number(line.price) * 100) * line.quantity)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {problem('lines')}
          <dl className="adm-dl">
            <dt>{t('newOrder.subtotal')}</dt>
            <dd className="adm-num">{money(totals.subtotalFils)}</dd>
            <dt>{t('orders.shipping')}</dt>
            <dd className="adm-num">{money(totals.shippingFils)}</dd>
            {totals.codFeeFils > 0 && (
              <>
                <dt>{t('orders.codFee')}</dt>
                <dd className="adm-num">{money(totals.codFeeFils)}</dd>
              </>
            )}
            <dt>{t('newOrder.total')}</dt>
            <dd className="adm-num" data-testid="new-order-total">
              <strong>{money(totals.totalFils)}</strong>
            </dd>
          </dl>
        </section>

        <AddressCard address={address} onChange={setAddress} problem={problem} />

        <section className="adm-card" aria-labelledby="new-order-payment">
          <h2 id="new-order-payment">{t('newOrder.payment')}</h2>
          <fieldset className="adm-fieldset">
            <legend className="visually-hidden">{t('newOrder.payment')}</legend>
            {MANUAL_PAYMENTS.map((choice) => (
              <label key={choice} className="adm-check">
                <input
                  type="radio"
                  name="payment"
                  value={choice}
                  checked={payment === choice}
                  onChange={() => setPayment(choice)}
                  disabled={choice === 'cash_on_delivery' && cod.data?.enabled === false}
                />{' '}
                {t(`newOrder.payments.${choice}`)}
              </label>
            ))}
          </fieldset>
          {payment === 'cash_on_delivery' && !cashOnDeliveryAllowed(address) && (
            <p className="adm-error">{t('newOrder.codAbroad')}</p>
          )}
          {problem('payment')}
          <div className="adm-field">
            <label htmlFor="new-order-rate">{t('orders.shipping')}</label>
            <SelectBox
              id="new-order-rate"
              value={rate?.id ?? ''}
              onChange={(e) => setShippingRateId(e.target.value)}
            >
              {(rates.data ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {`${r.name[lang] || r.name.en} · ${formatMoney(r.price, lang)}`}
                </option>
              ))}
            </SelectBox>
            {problem('shipping_rate_id')}
          </div>
          <div className="adm-field">
            <label htmlFor="new-order-discount">{t('newOrder.discountCode')}</label>
            <input
              id="new-order-discount"
              className={inputClass}
              dir="ltr"
              autoComplete="off"
              maxLength={40}
              value={discountCode}
              aria-describedby="new-order-discount-hint"
              aria-invalid={shown.discount_code ? true : undefined}
              onChange={(e) => setDiscountCode(e.target.value)}
            />
            <p className="adm-muted" id="new-order-discount-hint">
              {t('newOrder.discountHint')}
            </p>
            {problem('discount_code')}
          </div>
          <div className="adm-field">
            <label htmlFor="new-order-locale">{t('newOrder.language')}</label>
            <SelectBox
              id="new-order-locale"
              value={locale}
              onChange={(e) => setLocale(e.target.value as Language)}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`newOrder.languages.${l}`)}
                </option>
              ))}
            </SelectBox>
          </div>
          <div className="adm-field">
            <label htmlFor="new-order-note">{t('newOrder.note')}</label>
            <textarea
              id="new-order-note"
              className={inputClass}
              dir="auto"
              rows={3}
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <FormMessages error={banner} />
          <Button type="submit" variant="accent" loading={create.isPending} data-testid="new-order-submit">
            {t('newOrder.submit')}
          </Button>
        </section>
      </form>
    </>
  );
}

function CustomerCard({
  customer,
  onChange,
  problem,
}: {
  customer: DraftCustomer;
  onChange: (next: DraftCustomer) => void;
  problem: (field: string) => React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [mode, setMode] = useState<'new' | 'existing'>(customer.kind);
  const found = useAdminCustomers({ q, page: 1, per_page: 5 });
  const newOne =
    customer.kind === 'new' ? customer : { kind: 'new' as const, name: '', email: '', phone: '' };

  return (
    <section className="adm-card" aria-labelledby="new-order-customer">
      <h2 id="new-order-customer">{t('newOrder.customer')}</h2>
      <fieldset className="adm-fieldset">
        <legend className="visually-hidden">{t('newOrder.customer')}</legend>
        {(['new', 'existing'] as const).map((m) => (
          <label key={m} className="adm-check">
            <input
              type="radio"
              name="customer-mode"
              checked={mode === m}
              onChange={() => {
                setMode(m);
                if (m === 'new') onChange(newOne);
              }}
            />{' '}
            {t(`newOrder.${m}`)}
          </label>
        ))}
      </fieldset>
      {mode === 'existing' ? (
        customer.kind === 'existing' ? (
          <p>
            {t('newOrder.chosen', { name: '' })}
            <bdi>{customer.name}</bdi> · <bdi dir="ltr">{customer.email}</bdi>{' '}
            <button type="button" className="adm-small-btn" onClick={() => onChange(newOne)}>
              {t('newOrder.change')}
            </button>
          </p>
        ) : (
          <>
            <SearchField
              id="new-order-customer-search"
              label={t('newOrder.search')}
              value={q}
              onChange={setQ}
            />
            <ul className="adm-stack">
              {(q.trim() ? (found.data?.data ?? []) : []).map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="adm-small-btn"
                    onClick={() => onChange({ kind: 'existing', id: c.id, name: c.name, email: c.email })}
                  >
                    {t('newOrder.choose')}
                  </button>{' '}
                  <bdi>{c.name}</bdi> · <bdi dir="ltr">{c.email}</bdi>
                </li>
              ))}
            </ul>
            {problem('customer')}
          </>
        )
      ) : (
        <>
          {(
            [
              ['name', 'text', 'name'],
              ['email', 'email', 'email'],
              ['phone', 'tel', 'tel'],
            ] as const
          ).map(([field, type, autoComplete]) => (
            <div className="adm-field" key={field}>
              <label htmlFor={`new-order-customer-${field}`}>{t(`newOrder.${field}`)}</label>
              <input
                id={`new-order-customer-${field}`}
                className={field === 'name' ? inputClass : ltrInputClass}
                type={type}
                autoComplete={`off ${autoComplete}`}
                dir={field === 'name' ? 'auto' : 'ltr'}
                value={newOne[field]}
                aria-invalid={problemOf(problem, `customer.${field}`)}
                onChange={(e) => onChange({ ...newOne, [field]: e.target.value })}
              />
              {problem(`customer.${field}`)}
            </div>
          ))}
          <p className="adm-muted">{t('newOrder.newNote')}</p>
        </>
      )}
    </section>
  );
}

const problemOf = (problem: (field: string) => React.ReactNode, field: string) =>
  problem(field) ? true : undefined;

function PiecePicker({ lines, onAdd }: { lines: DraftLine[]; onAdd: (line: DraftLine) => void }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const [q, setQ] = useState('');
  const products = useAdminProducts({ q, status: 'active', page: 1, per_page: 8 });
  const [chosen, setChosen] = useState<AdminProductRow>();
  const product = useAdminProduct(chosen?.id);
  const [color, setColor] = useState('');
  const [size, setSize] = useState<Size | ''>('');
  const [quantity, setQuantity] = useState(1);
  const detail = product.data?.product;
  const sizes = detail?.sizes ?? [];
  const variants = detail?.variants ?? [];
  // Pieces are counted per colour × size: a size is offered in the chosen colour only when that colour has it.
  // Until the owner picks one, a product shows its first colour with a piece left.
  const colour =
    detail && detail.colors.length > 0
      ? color ||
        firstColourWithPieces(
          variants,
          detail.colors.map((c) => c.key),
        )
      : '';
  const leftOf = (name: Size) => (detail ? variantLeft(variants, lines, detail.id, colour, name) : 0);
  const left = size ? leftOf(size) : 0;

  const add = () => {
    if (!detail || !size || quantity < 1 || quantity > left) return;
    const c = detail.colors.find((x) => x.key === colour);
    onAdd({
      productId: detail.id,
      name: detail.name,
      price: detail.price,
      color: c?.key ?? '',
      colorName: c?.name ?? null,
      size,
      quantity,
    });
    setQuantity(1);
  };

  return (
    <div className="adm-stack">
      <SearchField
        id="new-order-product-search"
        label={t('newOrder.productSearch')}
        value={q}
        onChange={setQ}
      />
      <div className="adm-field">
        <label htmlFor="new-order-product">{t('newOrder.product')}</label>
        <SelectBox
          id="new-order-product"
          value={chosen?.id ?? ''}
          onChange={(e) => {
            const next = products.data?.data.find((p) => p.id === Number(e.target.value));
            setChosen(next);
            setColor('');
            setSize('');
          }}
        >
          <option value="">—</option>
          {(products.data?.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {(p.name[lang] || p.name.en) + ' · ' + formatMoney(p.price, lang)}
            </option>
          ))}
        </SelectBox>
      </div>
      {detail && (
        <div className="adm-row">
          {detail.colors.length > 0 && (
            <div className="adm-field">
              <label htmlFor="new-order-colour">{t('newOrder.colour')}</label>
              <SelectBox
                id="new-order-colour"
                value={colour}
                onChange={(e) => {
                  setColor(e.target.value);
                  setSize('');
                }}
              >
                {detail.colors.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.name[lang] || c.name.en}
                  </option>
                ))}
              </SelectBox>
            </div>
          )}
          <div className="adm-field">
            <label htmlFor="new-order-size">{t('newOrder.size')}</label>
            <SelectBox id="new-order-size" value={size} onChange={(e) => setSize(e.target.value as Size)}>
              <option value="">—</option>
              {sizes.map((s) => {
                const n = leftOf(s.name);
                return (
                  <option key={s.name} value={s.name} disabled={n <= 0}>
                    {n > 0
                      ? t('newOrder.sizeLeft', { size: s.name, count: n })
                      : t('newOrder.soldOut', { size: s.name })}
                  </option>
                );
              })}
            </SelectBox>
          </div>
          <div className="adm-field">
            <label htmlFor="new-order-quantity">{t('newOrder.quantity')}</label>
            <input
              id="new-order-quantity"
              className={ltrInputClass}
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, left)}
              value={quantity}
              onChange={(e) => setQuantity(Math.max(1, Math.floor(Number(e.target.value) || 1)))}
            />
          </div>
          <Button
            variant="light"
            onClick={add}
            disabled={!size || (detail.colors.length > 0 && !colour) || quantity > left}
          >
            {t('newOrder.add')}
          </Button>
        </div>
      )}
    </div>
  );
}

function AddressCard({
  address,
  onChange,
  problem,
}: {
  address: AddressFields;
  onChange: (next: AddressFields) => void;
  problem: (field: string) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation('admin');
  const countryName = useCountryName(i18n.language);
  const fields = [
    ['name', 'newOrder.name', 'text', 'auto'],
    ['email', 'newOrder.email', 'email', 'ltr'],
    ['phone', 'newOrder.phone', 'tel', 'ltr'],
    ['address', 'newOrder.addressLine', 'text', 'auto'],
    ['city', 'newOrder.city', 'text', 'auto'],
    ['postalCode', 'newOrder.postalCode', 'text', 'ltr'],
  ] as const;
  return (
    <section className="adm-card" aria-labelledby="new-order-address">
      <h2 id="new-order-address">{t('newOrder.address')}</h2>
      {fields.map(([field, label, type, dir]) => (
        <div className="adm-field" key={field}>
          <label htmlFor={`new-order-address-${field}`}>{t(label)}</label>
          <input
            id={`new-order-address-${field}`}
            className={dir === 'ltr' ? ltrInputClass : inputClass}
            type={type}
            dir={dir}
            value={address[field]}
            aria-invalid={problem(`shipping_address.${field}`) ? true : undefined}
            onChange={(e) => onChange({ ...address, [field]: e.target.value })}
          />
          {problem(`shipping_address.${field}`)}
        </div>
      ))}
      <div className="adm-field">
        <label htmlFor="new-order-address-country">{t('newOrder.country')}</label>
        <SelectBox
          id="new-order-address-country"
          value={address.country}
          onChange={(e) => onChange({ ...address, country: e.target.value })}
        >
          {ADDRESS_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {countryName(c)}
            </option>
          ))}
        </SelectBox>
      </div>
    </section>
  );
}

/** A search box with its label (the customers and the pieces are found the same way). */
function SearchField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={inputClass}
        type="search"
        dir="auto"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
