import { describe, expect, it } from 'vitest';
import { createContactSchema } from './contact-schema';

// The identity "translation" shows which key each failure is given.
const schema = createContactSchema((key) => key);

const valid = { name: 'Salma Benali', email: 'salma@example.ae', phone: '', subject: '', message: 'Hello' };

function messages(values: typeof valid) {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) byField[issue.path.join('.')] ??= issue.message;
  return byField;
}

describe('contact form schema', () => {
  it('accepts a message without phone or subject and sends it trimmed, without a subject', () => {
    const result = schema.safeParse({ ...valid, name: '  Salma Benali ', message: ' Hello \n' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      name: 'Salma Benali',
      email: 'salma@example.ae',
      phone: '',
      message: 'Hello',
    });
  });

  it('keeps a chosen subject and a phone number', () => {
    const result = schema.safeParse({ ...valid, phone: '+971 50 123 4567', subject: 'orders' });
    expect(result.data).toMatchObject({ phone: '+971 50 123 4567', subject: 'orders' });
  });

  it('asks for the name, the email and the message when the form is sent empty', () => {
    expect(messages({ name: ' ', email: '', phone: '', subject: '', message: '   ' })).toEqual({
      name: 'form.errors.nameRequired',
      email: 'form.errors.emailRequired',
      message: 'form.errors.messageRequired',
    });
  });

  it('says when the email address is not valid', () => {
    expect(messages({ ...valid, email: 'salma@' })).toEqual({ email: 'form.errors.emailInvalid' });
    expect(messages({ ...valid, email: 'salma example.ae' })).toEqual({ email: 'form.errors.emailInvalid' });
  });

  it('accepts a message of 5000 characters and refuses one of 5001', () => {
    expect(messages({ ...valid, message: 'a'.repeat(5000) })).toEqual({});
    expect(messages({ ...valid, message: 'a'.repeat(5001) })).toEqual({
      message: 'form.errors.messageTooLong',
    });
  });

  it('applies the server rules to the other fields, with their own messages', () => {
    expect(
      messages({
        name: 'n'.repeat(101),
        email: valid.email,
        phone: 'call me',
        subject: 'wedding',
        message: 'bell\u0007',
      }),
    ).toEqual({
      name: 'form.errors.nameTooLong',
      phone: 'form.errors.phoneInvalid',
      subject: 'form.errors.subjectInvalid',
      message: 'form.errors.messageInvalid',
    });
    expect(messages({ ...valid, name: 'Sal\u0000ma' })).toEqual({ name: 'form.errors.nameInvalid' });
  });
});
