import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AddressInputSchema, LoginSchema, RegisterSchema } from '@boutique/contracts';
import { checkEmail, checkNewPassword, checkText, EMAIL_PATTERN } from './validation';

/**
 * The hand-written checks must accept exactly what the API's schemas accept, or a shopper would see a form
 * accept what the server then refuses (or the reverse).
 */
describe('client checks agree with the API schemas', () => {
  const emails = [
    'salma@example.ae',
    '  Salma.Bennani@Example.AE ',
    'a+b@shop.co.uk',
    "o'neil@mail.com",
    '',
    '   ',
    'salma',
    'salma@',
    '@example.ae',
    'salma@example',
    'sal ma@example.ae',
    '.salma@example.ae',
    'salma..b@example.ae',
    'salma@-example.ae',
    'سلمى@example.ae',
    `${'a'.repeat(250)}@example.ae`,
  ];

  it('uses the same e-mail pattern as zod', () => {
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
    for (const email of emails) expect(EMAIL_PATTERN.test(email), email).toBe(z.regexes.email.test(email));
  });

  it('accepts and refuses the same e-mail addresses as the login schema', () => {
    for (const email of emails) {
      const server = LoginSchema.safeParse({ email, password: 'x' }).success;
      expect(checkEmail(email) === null, JSON.stringify(email)).toBe(server);
    }
  });

  it('accepts and refuses the same names and passwords as the register schema', () => {
    const names = [
      'Salma',
      '  Salma  ',
      '',
      '  ',
      'سلمى بناني',
      'a'.repeat(100),
      'a'.repeat(101),
      'Sal\u0007ma',
    ];
    for (const name of names) {
      const server = RegisterSchema.safeParse({
        name,
        email: 'salma@example.ae',
        password: 'password1',
        password_confirmation: 'password1',
      }).success;
      expect(checkText(name, 100) === null, JSON.stringify(name)).toBe(server);
    }
    const passwords = ['', 'short', '1234567', '12345678', '        ', 'x'.repeat(128), 'x'.repeat(129)];
    for (const password of passwords) {
      const server = RegisterSchema.safeParse({
        name: 'Salma',
        email: 'salma@example.ae',
        password,
        password_confirmation: password,
      }).success;
      expect(checkNewPassword(password) === null, JSON.stringify(password)).toBe(server);
    }
  });

  it('accepts and refuses the same address lines as the address schema', () => {
    const base = {
      name: 'Salma',
      email: 'salma@example.ae',
      phone: '+971 50 123 4567',
      address: 'Villa 12, Street 5',
      city: 'Dubai',
      postalCode: '00000',
      country: 'AE',
    };
    const cases: [keyof typeof base, string, number][] = [
      ['address', 'a'.repeat(200), 200],
      ['address', 'a'.repeat(201), 200],
      ['city', '', 100],
      ['postalCode', 'x'.repeat(21), 20],
      ['postalCode', ' 12345 ', 20],
    ];
    for (const [field, value, max] of cases) {
      const server = AddressInputSchema.safeParse({ ...base, [field]: value }).success;
      expect(checkText(value, max) === null, `${field}=${value.length}`).toBe(server);
    }
  });
});
