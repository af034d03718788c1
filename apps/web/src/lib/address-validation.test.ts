import { describe, expect, it } from 'vitest';
import { AddressFieldsSchema } from '@boutique/contracts';
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

describe('the same rules as the API', () => {
  const cases: Partial<AddressValues>[] = [
    {},
    { name: 'x'.repeat(100) },
    { name: 'x'.repeat(101) },
    { name: 'Salma\tBennani' },
    { email: 'salma@example' },
    { email: 'salma.bennani+caftan@example.co.ae' },
    { email: ` ${'a'.repeat(250)}@x.ae` },
    { phone: '(+971) 50-123.4567' },
    { phone: '+971 50 123 4567 ext 2' },
    { phone: '1'.repeat(41) },
    { address: 'a'.repeat(200) },
    { address: 'a'.repeat(201) },
    { city: 'a'.repeat(101) },
    { postalCode: 'a'.repeat(20) },
    { postalCode: 'a'.repeat(21) },
    { country: 'ae' },
    { country: ' ma ' },
    { country: 'UAE' },
    { country: '12' },
  ];

  it.each(cases)('accepts and normalises exactly what AddressFieldsSchema does: %o', (patch) => {
    const values = { ...filled, ...patch };
    const ours = validateAddress(values);
    const theirs = AddressFieldsSchema.safeParse(values);
    expect(ours.ok).toBe(theirs.success);
    if (ours.ok && theirs.success) expect(ours.address).toEqual(theirs.data);
  });
});
