import { AddressFieldsSchema, type AddressFields } from '@boutique/contracts';
import { DEFAULT_COUNTRY } from '@boutique/contracts/constants';

/**
 * Step 1 checks the address with the server's own rules (AddressFieldsSchema from contracts): the order call
 * that follows the payment sends this address, and must never be refused for it once the money has moved.
 * Only this page loads the file, so zod comes with the checkout and not with the first load.
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

function issueKey(field: AddressField, code: string): AddressErrorKey {
  if (code === 'too_big') return 'tooLong';
  if (field === 'email') return 'emailInvalid';
  if (field === 'phone') return 'phoneInvalid';
  if (field === 'country') return 'countryInvalid';
  return 'invalid';
}

const isField = (value: unknown): value is AddressField =>
  (ADDRESS_FIELDS as readonly unknown[]).includes(value);

/** Every field is required; then each must pass the rule the API applies to it. */
export function validateAddress(values: AddressValues): AddressCheck {
  const errors: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) if (!values[field].trim()) errors[field] = 'required';
  const missing = Object.keys(errors).length > 0;

  const result = AddressFieldsSchema.safeParse(values);
  if (result.success && !missing) return { ok: true, address: result.data };
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (isField(field) && !errors[field]) errors[field] = issueKey(field, issue.code);
    }
  }
  return { ok: false, missing, errors };
}
