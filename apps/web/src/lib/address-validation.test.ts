import { describe, expect, it } from 'vitest';
import { expectWordedInEveryLanguage } from '@/testing/translated-errors';
import { emptyAddress, validateAddress, type AddressValues } from './address-validation';

const filled: AddressValues = {
  name: '  Salma Bennani ',
  email: 'Salma@Example.ae',
  phone: '+971 50 123 4567',
  address: '12 Al Wasl Road, Villa 4',
  city: 'Dubai',
  postalCode: '00000',
  country: 'AE',
};

describe('checkout step 1', () => {
  it('starts with the UAE chosen and everything else empty', () => {
    expect(emptyAddress()).toEqual({
      name: '',
      email: '',
      phone: '',
      address: '',
      city: '',
      postalCode: '',
      country: 'AE',
    });
  });

  it('refuses to go on while any field is empty, marking each empty one', () => {
    const check = validateAddress({ ...emptyAddress(), name: 'Salma', city: '   ' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.missing).toBe(true);
    expect(check.errors).toEqual({
      email: 'required',
      phone: 'required',
      address: 'required',
      city: 'required',
      postalCode: 'required',
    });
  });

  it('asks for every one of the seven fields', () => {
    for (const field of Object.keys(filled) as (keyof AddressValues)[]) {
      const check = validateAddress({ ...filled, [field]: '' });
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.errors).toEqual({ [field]: 'required' });
    }
  });

  it('applies the API rules: a real e-mail, a phone number, a country from the list', () => {
    const check = validateAddress({ ...filled, email: 'salma@', phone: 'call me', country: 'Dubai' });
    expect(check).toEqual({
      ok: false,
      missing: false,
      errors: { email: 'emailInvalid', phone: 'phoneInvalid', country: 'countryInvalid' },
    });
  });

  it('reports a field that is too long', () => {
    const check = validateAddress({ ...filled, postalCode: '1'.repeat(30) });
    expect(check.ok === false && check.errors.postalCode).toBe('tooLong');
  });

  it('hands on the address as the API will store it: trimmed, e-mail in lower case', () => {
    expect(validateAddress(filled)).toEqual({
      ok: true,
      address: { ...filled, name: 'Salma Bennani', email: 'salma@example.ae' },
    });
  });
});

describe('every message in English, French and Arabic (checkout namespace)', () => {
  /** The step's wording: `address.errors.<key>` of the checkout namespace. */
  const worded = (values: AddressValues) => (t: (key: string) => string) => {
    const check = validateAddress(values);
    if (check.ok) return { values: check.address };
    const errors: Record<string, string> = {};
    for (const [field, key] of Object.entries(check.errors)) errors[field] = t(`address.errors.${key}`);
    return { errors };
  };

  it('words the empty fields and each rule the API applies', async () => {
    expect(await expectWordedInEveryLanguage('checkout', worded({ ...emptyAddress(), country: '' }))).toEqual(
      {
        name: 'address.errors.required',
        email: 'address.errors.required',
        phone: 'address.errors.required',
        address: 'address.errors.required',
        city: 'address.errors.required',
        postalCode: 'address.errors.required',
        country: 'address.errors.required',
      },
    );
    const refused = {
      name: 'Sal\u0007ma',
      email: 'salma@example',
      phone: '+971 50 123 4567 ext 2',
      address: 'a'.repeat(201),
      city: 'Dubai',
      postalCode: '00000',
      country: 'UAE',
    };
    expect(await expectWordedInEveryLanguage('checkout', worded(refused))).toEqual({
      name: 'address.errors.invalid',
      email: 'address.errors.emailInvalid',
      phone: 'address.errors.phoneInvalid',
      address: 'address.errors.tooLong',
      country: 'address.errors.countryInvalid',
    });
  });
});
