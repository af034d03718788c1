import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { useCountries } from '@/lib/countries';
import { shopPath } from '@/lib/i18n';
import { Button, ButtonLink } from '@/components/ui/button';
import {
  Field,
  FormMessage,
  inputClass,
  ltrInputClass,
  selectClass,
  selectIconClass,
  selectWrapClass,
} from '@/components/ui/field';
import { checkboxClass } from '@/components/ui/field-classes';
import { ChevronDownIcon, TruckIcon } from '@/components/ui/icons';
import { EmailField } from '@/components/forms/fields';
import { bindField } from '@/components/forms/use-form-field';
import {
  ADDRESS_FIELDS,
  validateAddress,
  type AddressErrors,
  type AddressField,
  type AddressFields,
  type AddressValues,
} from '@/lib/address-validation';
import styles from './checkout.module.css';

const LEGAL_LINKS = [
  ['terms', 'common:nav.terms'],
  ['returns', 'common:nav.returns'],
  ['privacy', 'common:nav.privacy'],
] as const;

const AUTOCOMPLETE: Record<AddressField, string> = {
  name: 'name',
  email: 'email',
  phone: 'tel',
  address: 'street-address',
  city: 'address-level2',
  postalCode: 'postal-code',
  country: 'country',
};

interface AddressStepProps {
  values: AddressValues;
  onChange: (values: AddressValues) => void;
  saved: Address[];
  selectedSavedId: number | null;
  onSelectSaved: (address: Address) => void;
  onContinue: (address: AddressFields) => void;
  /** Shown above the buttons (the reminder's choice). */
  after?: ReactNode;
  /** A signed-in customer's "Save this address to my address book" (guests have no book: absent). */
  saveToBook?: { checked: boolean; onChange: (checked: boolean) => void };
}

/** Step 1: where the order goes (also the billing address). Every field is required. */
export function AddressStep({
  values,
  onChange,
  saved,
  selectedSavedId,
  onSelectSaved,
  onContinue,
  after,
  saveToBook,
}: AddressStepProps) {
  const { t, i18n } = useTranslation('checkout');
  const base = useId();
  const [errors, setErrors] = useState<AddressErrors>({});
  const [missing, setMissing] = useState(false);
  const countries = useCountries(i18n.language, values.country);
  const bannerId = `${base}-banner`;

  /** An empty field is named by the banner above the form; other problems under the field itself. */
  const messageOf = (field: AddressField) => {
    const key = errors[field];
    return key && key !== 'required' ? t(`address.errors.${key}`) : undefined;
  };
  const bind = (field: AddressField) => {
    const binding = bindField(base, field, messageOf(field), {
      control: {
        required: true,
        value: values[field],
        onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(field)(e.target.value),
      },
    });
    if (errors[field] !== 'required') return binding;
    return {
      ...binding,
      control: { ...binding.control, 'aria-invalid': true as const, 'aria-describedby': bannerId },
    };
  };

  const set = (field: AddressField) => (value: string) => {
    onChange({ ...values, [field]: value });
    if (errors[field]) {
      const next = { ...errors, [field]: undefined };
      setErrors(next);
      if (!Object.values(next).includes('required')) setMissing(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = validateAddress(values);
    if (check.ok) {
      setErrors({});
      setMissing(false);
      onContinue(check.address);
      return;
    }
    setErrors(check.errors);
    setMissing(check.missing);
    const first = ADDRESS_FIELDS.find((f) => check.errors[f]);
    if (first) document.getElementById(bind(first).field.htmlFor)?.focus();
  };

  const input = (field: Exclude<AddressField, 'country' | 'email'>, type = 'text', wide = false) => (
    <div className={wide ? styles.wide : undefined}>
      <Field label={t(`address.${field}`)} {...bind(field).field}>
        <input
          type={type}
          autoComplete={AUTOCOMPLETE[field]}
          inputMode={type === 'tel' ? 'tel' : undefined}
          // Typed in any script: an address in Latin letters keeps its order on an Arabic page.
          dir={type === 'tel' ? 'ltr' : 'auto'}
          className={type === 'tel' ? ltrInputClass : inputClass}
          {...bind(field).control}
        />
      </Field>
    </div>
  );

  return (
    <form className={styles.step} noValidate onSubmit={submit} aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className={styles.stepTitle} tabIndex={-1}>
        {t('address.title')}
      </h2>
      <p className={styles.stepIntro}>{t('address.intro')}</p>

      {saved.length > 1 && (
        <fieldset className={styles.saved}>
          <legend className={styles.savedLegend}>{t('address.saved')}</legend>
          <div className={styles.savedList}>
            {saved.map((address) => (
              <label key={address.id} className={styles.savedOption}>
                <input
                  type="radio"
                  name={`${base}-saved`}
                  checked={selectedSavedId === address.id}
                  onChange={() => {
                    setErrors({});
                    setMissing(false);
                    onSelectSaved(address);
                  }}
                />
                <span>
                  <strong>
                    <bdi>{address.name}</bdi>
                    {address.is_default && (
                      <span className={styles.defaultBadge}>{t('address.default')}</span>
                    )}
                  </strong>
                  {/* Typed in any script: each part keeps its own direction inside the page's. */}
                  <span className={styles.savedLine}>
                    <bdi>{address.address}</bdi>
                  </span>
                  <span className={styles.savedLine}>
                    <bdi>{address.city}</bdi> <bdi>{address.postalCode}</bdi>
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <div role="alert" className={styles.alertSlot}>
        {missing && (
          <span id={bannerId}>
            <FormMessage tone="error">{t('errors.required')}</FormMessage>
          </span>
        )}
      </div>

      <div className={styles.fields}>
        {input('name', 'text', true)}
        <EmailField label={t('address.email')} binding={bind('email')} autoComplete={AUTOCOMPLETE.email} />
        {input('phone', 'tel')}
        {input('address', 'text', true)}
        {input('city')}
        {input('postalCode')}
        <div className={styles.wide}>
          <Field label={t('address.country')} {...bind('country').field}>
            <div className={selectWrapClass}>
              <select autoComplete="country" className={selectClass} {...bind('country').control}>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              <ChevronDownIcon size={18} className={selectIconClass} />
            </div>
          </Field>
        </div>
      </div>

      {saveToBook && (
        <div className={styles.reminder}>
          <label className={styles.reminderLabel}>
            <input
              type="checkbox"
              className={checkboxClass}
              checked={saveToBook.checked}
              onChange={(e) => saveToBook.onChange(e.target.checked)}
            />
            {t('address.saveToBook')}
          </label>
        </div>
      )}

      <p className={styles.freeShipping}>
        <TruckIcon size={20} />
        {t('address.freeShipping')}
      </p>
      {after}

      <div className={styles.actions}>
        <ButtonLink to={paths.cart.href()} variant="light">
          {t('back')}
        </ButtonLink>
        <Button type="submit">{t('address.continue')}</Button>
      </div>

      {/* In a new tab, so that reading them keeps what is typed here. */}
      <p className={styles.legal}>
        {t('legal.lead')}{' '}
        {LEGAL_LINKS.map(([page, label], index) => (
          <span key={page}>
            {index > 0 && ' · '}
            <a href={shopPath(paths[page].href())} target="_blank" rel="noopener">
              {t(label)}
            </a>
          </span>
        ))}
      </p>
    </form>
  );
}
