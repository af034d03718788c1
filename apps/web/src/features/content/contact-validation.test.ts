import { describe, expect, it } from 'vitest';
import { expectWordedInEveryLanguage } from '@/testing/translated-errors';
import { validateContact, type TranslateError } from './contact-validation';

// The identity "translation" shows which key each failure is given.
const t: TranslateError = (key) => key;

const valid = { name: 'Salma Benali', email: 'salma@example.ae', phone: '', subject: '', message: 'Hello' };

function messages(values: typeof valid) {
  const result = validateContact(values, t);
  return 'errors' in result ? result.errors : {};
}

describe('contact form rules', () => {
  it('accepts a message without phone or subject and sends it trimmed, without a subject', () => {
    const result = validateContact({ ...valid, name: '  Salma Benali ', message: ' Hello \n' }, t);
    expect(result).toEqual({
      values: {
        name: 'Salma Benali',
        email: 'salma@example.ae',
        phone: '',
        message: 'Hello',
      },
    });
  });

  it('keeps a chosen subject and a phone number', () => {
    const result = validateContact({ ...valid, phone: '+971 50 123 4567', subject: 'orders' }, t);
    expect('values' in result && result.values).toMatchObject({
      phone: '+971 50 123 4567',
      subject: 'orders',
    });
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

describe('every message in English, French and Arabic', () => {
  it('words each field the rules refuse', async () => {
    const empty = { name: ' ', email: '', phone: '', subject: '', message: '   ' };
    expect(await expectWordedInEveryLanguage('contact', (tr) => validateContact(empty, tr))).toEqual({
      name: 'form.errors.nameRequired',
      email: 'form.errors.emailRequired',
      message: 'form.errors.messageRequired',
    });
    const refused = {
      name: 'n'.repeat(101),
      email: 'salma@',
      phone: 'call me',
      subject: 'wedding',
      message: 'a'.repeat(5001),
    };
    expect(await expectWordedInEveryLanguage('contact', (tr) => validateContact(refused, tr))).toEqual({
      name: 'form.errors.nameTooLong',
      email: 'form.errors.emailInvalid',
      phone: 'form.errors.phoneInvalid',
      subject: 'form.errors.subjectInvalid',
      message: 'form.errors.messageTooLong',
    });
    const invalid = {
      ...refused,
      name: 'Sal\u0000ma',
      email: 'salma@example.ae',
      phone: '',
      subject: '',
      message: 'bell\u0007',
    };
    expect(await expectWordedInEveryLanguage('contact', (tr) => validateContact(invalid, tr))).toEqual({
      name: 'form.errors.nameInvalid',
      message: 'form.errors.messageInvalid',
    });
  });
});
