import type { AddressFields } from '@boutique/contracts';
import { DEFAULT_COUNTRY } from '@boutique/contracts/constants';
import { AddressFieldsSchema } from '@boutique/contracts/forms';
import { safeParse } from 'zod/v4/core';
import { fieldRules, type Rule } from '@/lib/validation';

/**
 * Checkout's first step and the address book check an address with the server's own schema
 * (AddressFieldsSchema in contracts, see lib/validation.ts): the order call that follows the payment sends this
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

function errorKey(field: AddressField, rule: Rule): AddressErrorKey {
  if (rule === 'required') return 'required';
  if (rule === 'tooLong') return 'tooLong';
  if (field === 'email') return 'emailInvalid';
  if (field === 'phone') return 'phoneInvalid';
  if (field === 'country') return 'countryInvalid';
  return 'invalid';
}

/** Every field is required; then each must pass the rule the API applies to it. */
export function validateAddress(values: AddressValues): AddressCheck {
  const result = safeParse(AddressFieldsSchema, values);
  if (result.success) return { ok: true, address: result.data };
  const rules = fieldRules(result.error.issues, values);
  const errors: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const rule = rules[field];
    if (rule) errors[field] = errorKey(field, rule);
  }
  return { ok: false, missing: Object.values(errors).includes('required'), errors };
}
