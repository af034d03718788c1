import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Address, AddressInput } from '@boutique/contracts';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { Button } from '@/components/ui/button';
import {
  Field,
  FormMessages,
  inputClass,
  ltrInputClass,
  selectClass,
  selectIconClass,
  selectWrapClass,
} from '@/components/ui/field';
import { ChevronDownIcon } from '@/components/ui/icons';
import { EmailField } from '@/components/forms/fields';
import { useFormField } from '@/components/forms/use-form-field';
import { useCreateAddress, useUpdateAddress } from '../api/addresses';
import {
  ADDRESS_FIELDS,
  addressResolver,
  translateServerError,
  type AddressField,
  type AddressFormValues,
} from '../account-validation';
import { emptyAddress } from '@/lib/address-validation';
import { useCountries } from '@/lib/countries';
import styles from './account.module.css';

interface AddressFormProps {
  /** The address to edit; a new one otherwise. */
  address?: Address;
  /** A first address becomes the default. */
  firstAddress: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

const AUTOCOMPLETE: Record<AddressField, string> = {
  name: 'name',
  email: 'email',
  phone: 'tel',
  address: 'street-address',
  city: 'address-level2',
  postalCode: 'postal-code',
  country: 'country',
};

/** Every field is required (spec: checkout addresses), the country from the list, the UAE by default. */
export function AddressForm({ address, firstAddress, onSaved, onCancel }: AddressFormProps) {
  const { t, i18n } = useTranslation('account');
  const base = useId();
  const countries = useCountries(i18n.language, address?.country);
  const resolver = useMemo(() => addressResolver((key) => t(key)), [t]);
  const form = useForm<AddressFormValues, unknown, AddressInput>({
    resolver,
    defaultValues: address
      ? {
          name: address.name,
          email: address.email,
          phone: address.phone,
          address: address.address,
          city: address.city,
          postalCode: address.postalCode,
          country: address.country,
          is_default: address.is_default,
        }
      : { ...emptyAddress(), is_default: firstAddress },
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, setError } = form;
  const bind = useFormField(form);
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const pending = create.isPending || update.isPending;
  const [failed, setFailed] = useState(false);

  const props = (name: AddressField) => ({ label: t(`fields.${name}`), ...bind(name).field });
  const field = (name: AddressField) => ({
    'aria-required': true,
    autoComplete: AUTOCOMPLETE[name],
    ...bind(name).control,
  });

  const onError = (error: unknown) => {
    if (
      showServerFieldErrors(error, ADDRESS_FIELDS, setError, (name, code) =>
        translateServerError(name, code, t),
      )
    )
      return;
    setFailed(true);
  };

  const onSubmit = handleSubmit((input) => {
    setFailed(false);
    if (address) update.mutate({ id: address.id, input }, { onSuccess: onSaved, onError });
    else create.mutate(input, { onSuccess: onSaved, onError });
  });

  const titleId = `${base}-title`;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {address ? t('addresses.editTitle') : t('addresses.addTitle')}
      </h2>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className={styles.row}>
          <Field {...props('name')}>
            <input type="text" dir="auto" className={inputClass} {...field('name')} />
          </Field>
          <EmailField label={t('fields.email')} binding={bind('email')} autoComplete={AUTOCOMPLETE.email} />
        </div>
        <div className={styles.row}>
          <Field {...props('phone')}>
            <input type="tel" dir="ltr" className={ltrInputClass} {...field('phone')} />
          </Field>
          <Field {...props('country')}>
            <div className={selectWrapClass}>
              <select className={selectClass} {...field('country')}>
                {countries.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
              <ChevronDownIcon size={18} className={selectIconClass} />
            </div>
          </Field>
        </div>
        <Field {...props('address')}>
          <input type="text" dir="auto" className={inputClass} {...field('address')} />
        </Field>
        <div className={styles.row}>
          <Field {...props('city')}>
            <input type="text" dir="auto" className={inputClass} {...field('city')} />
          </Field>
          <Field {...props('postalCode')}>
            <input type="text" dir="auto" className={inputClass} {...field('postalCode')} />
          </Field>
        </div>
        <label className={styles.checkbox}>
          <input type="checkbox" {...register('is_default')} disabled={address?.is_default} />
          {t('addresses.useAsDefault')}
        </label>
        <FormMessages error={failed && t('addresses.saveFailed')} />
        <div className={styles.actions}>
          <Button type="submit" loading={pending}>
            {pending ? t('addresses.saving') : t('addresses.save')}
          </Button>
          <Button variant="light" onClick={onCancel} disabled={pending}>
            {t('addresses.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
