import { describe, expect, it } from 'vitest';
import { ContactMessageSchema } from './contact.js';

const valid = { name: 'Salma', email: 'salma@example.ae', message: 'Hello' };

describe('ContactMessageSchema', () => {
  it('accepts a minimal message and trims its fields', () => {
    expect(ContactMessageSchema.parse({ ...valid, name: '  Salma ' })).toEqual({ ...valid, phone: '' });
  });

  it('keeps line breaks in the message but refuses other control characters', () => {
    expect(ContactMessageSchema.safeParse({ ...valid, message: 'Line 1\r\nLine 2\tend' }).success).toBe(true);
    expect(ContactMessageSchema.safeParse({ ...valid, message: 'bell\u0007' }).success).toBe(false);
  });

  it('names every invalid field with a human message', () => {
    const result = ContactMessageSchema.safeParse({ email: 'x@', phone: 'call me', subject: 'love' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(messages).toEqual({
      name: 'The name field is required.',
      email: 'The email must be a valid email address.',
      phone: 'The phone may only contain digits, spaces and + ( ) . -',
      subject: 'Choose one of the listed subjects.',
      message: 'The message field is required.',
    });
  });
});
