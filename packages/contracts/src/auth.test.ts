import { describe, expect, it } from 'vitest';
import { LoginSchema, RegisterSchema } from './auth.js';

const form = {
  name: ' Mariam ',
  email: ' Mariam@Example.AE ',
  password: ' Jasmine-Eid ',
  password_confirmation: ' Jasmine-Eid ',
};

const firstMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

describe('RegisterSchema', () => {
  it('trims the name, trims and lower-cases the e-mail, keeps the password as typed', () => {
    expect(RegisterSchema.parse(form)).toEqual({
      ...form,
      name: 'Mariam',
      email: 'mariam@example.ae',
    });
  });

  it('names every invalid field, the confirmation included', () => {
    expect(
      firstMessages(RegisterSchema.safeParse({ email: 'x@', password: 'short', password_confirmation: '' })),
    ).toEqual({
      name: 'The name field is required.',
      email: 'The email must be a valid email address.',
      password: 'The password must be at least 8 characters.',
      password_confirmation: 'The password confirmation does not match.',
    });
    expect(firstMessages(RegisterSchema.safeParse({ ...form, password_confirmation: 'other-one' }))).toEqual({
      password_confirmation: 'The password confirmation does not match.',
    });
    expect(firstMessages(RegisterSchema.safeParse({ ...form, password_confirmation: undefined }))).toEqual({
      password_confirmation: 'The password confirmation does not match.',
    });
    const long = 'x'.repeat(129);
    expect(
      firstMessages(RegisterSchema.safeParse({ ...form, password: long, password_confirmation: long })),
    ).toEqual({
      password: 'The password may not be greater than 128 characters.',
    });
  });
});

describe('LoginSchema', () => {
  it('requires an e-mail and a password', () => {
    expect(firstMessages(LoginSchema.safeParse({}))).toEqual({
      email: 'The email field is required.',
      password: 'The password field is required.',
    });
    expect(LoginSchema.parse({ email: 'A@B.CO', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });
});
