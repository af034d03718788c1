import { describe, expect, it } from 'vitest';
import {
  AddressFieldsSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from '@boutique/contracts/forms';
import { resolverOf, validateWith, type Rule } from './validation';

/** The rule each field breaks, as `validateWith` reports it (the identity wording: `field:rule`). */
function rules(schema: Parameters<typeof validateWith>[0], values: Record<string, string>) {
  const result = validateWith(schema, values, (field, rule) => `${field}:${rule}`);
  return 'errors' in result ? result.errors : {};
}

describe('the rules read from the API schemas', () => {
  const emails: [string, Rule | null][] = [
    ['salma@example.ae', null],
    ['  Salma.Bennani@Example.AE ', null],
    ['a+b@shop.co.uk', null],
    ["o'neil@mail.com", null],
    ['', 'required'],
    ['   ', 'required'],
    ['salma', 'invalid'],
    ['salma@', 'invalid'],
    ['@example.ae', 'invalid'],
    ['salma@example', 'invalid'],
    ['sal ma@example.ae', 'invalid'],
    ['.salma@example.ae', 'invalid'],
    ['salma..b@example.ae', 'invalid'],
    ['salma@-example.ae', 'invalid'],
    ['سلمى@example.ae', 'invalid'],
    [`${'a'.repeat(250)}@example.ae`, 'tooLong'],
  ];

  it.each(emails)('e-mail %j: %s', (email, rule) => {
    expect(rules(LoginSchema, { email, password: 'x' })).toEqual(rule ? { email: `email:${rule}` } : {});
  });

  const register = { name: 'Salma', email: 'salma@example.ae', password: 'password1' };
  const names: [string, Rule | null][] = [
    ['Salma', null],
    ['  Salma  ', null],
    ['سلمى بناني', null],
    ['a'.repeat(100), null],
    ['', 'required'],
    ['  ', 'required'],
    ['a'.repeat(101), 'tooLong'],
    ['Sal\u0007ma', 'invalid'],
  ];

  it.each(names)('name %j: %s', (name, rule) => {
    const values = { ...register, name, password_confirmation: register.password };
    expect(rules(RegisterSchema, values)).toEqual(rule ? { name: `name:${rule}` } : {});
  });

  const passwords: [string, Rule | null][] = [
    ['12345678', null],
    ['        ', null],
    ['x'.repeat(128), null],
    ['', 'required'],
    ['short', 'tooShort'],
    ['1234567', 'tooShort'],
    ['x'.repeat(129), 'tooLong'],
  ];

  it.each(passwords)('new password %j: %s', (password, rule) => {
    const expected = rule ? { password: `password:${rule}` } : {};
    expect(rules(RegisterSchema, { ...register, password, password_confirmation: password })).toEqual(
      expected,
    );
    expect(rules(ResetPasswordSchema, { password, password_confirmation: password, token: 't' })).toEqual(
      expected,
    );
  });

  it('asks for the password of a sign-in, and takes any other, spaces and all', () => {
    expect(rules(LoginSchema, { email: 'salma@example.ae', password: '' })).toEqual({
      password: 'password:required',
    });
    expect(rules(LoginSchema, { email: 'salma@example.ae', password: ' 1 ' })).toEqual({});
  });

  it('reports the confirmation that differs, even beside other failures', () => {
    expect(rules(RegisterSchema, { ...register, name: '', password_confirmation: 'other' })).toEqual({
      name: 'name:required',
      password_confirmation: 'password_confirmation:mismatch',
    });
  });

  const address = {
    name: 'Salma',
    email: 'salma@example.ae',
    phone: '+971 50 123 4567',
    address: 'Villa 12, Street 5',
    city: 'Dubai',
    postalCode: '00000',
    country: 'AE',
  };
  const lines: [keyof typeof address, string, Rule | null][] = [
    ['address', 'a'.repeat(200), null],
    ['address', 'a'.repeat(201), 'tooLong'],
    ['city', '', 'required'],
    ['postalCode', 'x'.repeat(21), 'tooLong'],
    ['postalCode', ' 12345 ', null],
    ['phone', '', 'required'],
    ['phone', '050-CALL-ME', 'invalid'],
    ['phone', '1'.repeat(41), 'tooLong'],
    ['country', '', 'required'],
    ['country', '  ', 'required'],
    ['country', 'ae', null],
    ['country', 'Dubai', 'invalid'],
  ];

  it.each(lines)('address %s %j: %s', (field, value, rule) => {
    expect(rules(AddressFieldsSchema, { ...address, [field]: value })).toEqual(
      rule ? { [field]: `${field}:${rule}` } : {},
    );
  });
});

describe('validateWith', () => {
  it('hands over what the schema outputs: trimmed, the e-mail in lower case', () => {
    expect(
      validateWith(LoginSchema, { email: ' Salma@Example.AE ', password: ' pass ' }, () => 'wrong'),
    ).toEqual({ values: { email: 'salma@example.ae', password: ' pass ' } });
  });

  it("adds the form's own rules after the schema's", () => {
    const values = { email: 'salma@', password: 'secret' };
    expect(
      validateWith(LoginSchema, values, (field, rule) => `${field}:${rule}`, {
        extra: { email: 'required', password: 'required' },
      }),
    ).toEqual({ errors: { email: 'email:invalid', password: 'password:required' } });
  });

  it('leaves a field the form does not show to the API (a link without a token is sent, and refused there)', () => {
    const values = { password: 'caftan-2025', password_confirmation: 'caftan-2025' };
    expect(
      validateWith(ResetPasswordSchema, values, () => 'wrong', { input: { ...values, token: '' } }),
    ).toEqual({
      values: { ...values, token: '' },
    });
  });
});

describe('resolverOf', () => {
  it("gives react-hook-form each field's message, or the values to send", async () => {
    const resolver = resolverOf((v: { email: string; password: string }) =>
      validateWith(LoginSchema, v, (field, rule) => `${field}:${rule}`),
    );
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    expect(await resolver({ email: '', password: 'x' }, undefined, options)).toEqual({
      values: {},
      errors: { email: { type: 'validate', message: 'email:required' } },
    });
    expect(await resolver({ email: 'A@B.CO', password: 'x' }, undefined, options)).toEqual({
      values: { email: 'a@b.co', password: 'x' },
      errors: {},
    });
  });
});
