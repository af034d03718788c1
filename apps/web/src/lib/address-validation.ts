import type { AddressFields } from '@boutique/contracts';
import { DEFAULT_COUNTRY } from '@boutique/contracts/constants';
import { checkEmail, checkText, normalizeEmail, type Rule } from '@/lib/validation';

/**
 * Checkout's first step and the address book check an address with the server's own rules
 * (AddressFieldsSchema in contracts, written out without zod as lib/validation.ts does;
 * address-validation.test.ts holds the two side by side): the order call that follows the payment sends this
 * address, and must never be refused for it once the money has moved.
 */

export const ADDRESS_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'postalCode', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;
export type { AddressFields };

/** Keys of the `checkout` namespace under `address.errors`. */
export type AddressErrorKey =
  'required' | 'emailInvalid' | 'phoneInvalid' | 'tooLong' | 'invalid' | 'countryInvalid';

export type AddressErrors = Partial<Record<AddressField, AddressErrorKey>>;

export type AddressCheck =
  | { ok: true; address: AddressFields }
  | {
      ok: false;
      /** Some field is empty: the spec's 'Please fill in all required fields.' */
      missing: boolean;
      errors: AddressErrors;
    };

export const emptyAddress = (): AddressValues => ({
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  country: DEFAULT_COUNTRY,
});

const PHONE_PATTERN = /^[+\d\s().-]+$/;
const COUNTRY_PATTERN = /^[A-Z]{2}$/;

function checkPhone(value: string): Rule | null {
  const phone = value.trim();
  if (!phone) return 'required';
  if (phone.length > 40) return 'tooLong';
  if (!PHONE_PATTERN.test(phone)) return 'invalid';
  return null;
}

function checkCountry(value: string): Rule | null {
  const country = value.trim().toUpperCase();
  if (!country) return 'required';
  return COUNTRY_PATTERN.test(country) ? null : 'invalid';
}

const RULES: Record<AddressField, (value: string) => Rule | null> = {
  name: (v) => checkText(v, 100),
  email: checkEmail,
  phone: checkPhone,
  address: (v) => checkText(v, 200),
  city: (v) => checkText(v, 100),
  postalCode: (v) => checkText(v, 20),
  country: checkCountry,
};

function errorKey(field: AddressField, rule: Rule): AddressErrorKey {
  if (rule === 'required') return 'required';
  if (rule === 'tooLong') return 'tooLong';
  if (field === 'email') return 'emailInvalid';
  if (field === 'phone') return 'phoneInvalid';
  if (field === 'country') return 'countryInvalid';
  return 'invalid';
}

/** An address as the API takes it: trimmed, the e-mail in lower case, the country code in capitals. */
export const normalizeAddress = (values: AddressValues): AddressValues => ({
  name: values.name.trim(),
  email: normalizeEmail(values.email),
  phone: values.phone.trim(),
  address: values.address.trim(),
  city: values.city.trim(),
  postalCode: values.postalCode.trim(),
  country: values.country.trim().toUpperCase(),
});

/** Every field is required; then each must pass the rule the API applies to it. */
export function validateAddress(values: AddressValues): AddressCheck {
  const errors: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const rule = RULES[field](values[field]);
    if (rule) errors[field] = errorKey(field, rule);
  }
  if (Object.keys(errors).length > 0)
    return { ok: false, missing: Object.values(errors).includes('required'), errors };
  return { ok: true, address: normalizeAddress(values) };
}
