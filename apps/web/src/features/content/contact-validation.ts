import type { ContactMessage } from '@boutique/contracts';
import { ContactMessageSchema } from '@boutique/contracts/forms';
import { resolverOf, validateWith, type Rule, type Validation } from '@/lib/validation';

/** What the form holds: plain strings, the subject '' while the placeholder is chosen. */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}
export type ContactField = keyof ContactFormValues;
export const CONTACT_FIELDS = [
  'name',
  'email',
  'phone',
  'subject',
  'message',
] as const satisfies ContactField[];

export type ContactErrorKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'nameInvalid'
  | 'emailRequired'
  | 'emailInvalid'
  | 'phoneInvalid'
  | 'subjectInvalid'
  | 'messageRequired'
  | 'messageTooLong'
  | 'messageInvalid';

/** Translates a key of the `contact` namespace; a plain function so the rules are testable without i18next. */
export type TranslateError = (key: `form.errors.${ContactErrorKey}`) => string;

/** Which translated message tells the visitor what the server rule that failed asks of them. */
export function contactErrorKey(field: string, rule: Rule): ContactErrorKey {
  switch (field) {
    case 'name':
      return rule === 'required' ? 'nameRequired' : rule === 'tooLong' ? 'nameTooLong' : 'nameInvalid';
    case 'email':
      return rule === 'required' ? 'emailRequired' : 'emailInvalid';
    case 'phone':
      return 'phoneInvalid';
    case 'subject':
      return 'subjectInvalid';
    default:
      return rule === 'required'
        ? 'messageRequired'
        : rule === 'tooLong'
          ? 'messageTooLong'
          : 'messageInvalid';
  }
}

/**
 * The server's own rules (ContactMessageSchema from contracts), so the two can never disagree, each failure in
 * the visitor's words. The values are what the API takes: trimmed fields, and no subject when the placeholder was
 * left.
 */
export const validateContact = (
  values: ContactFormValues,
  t: TranslateError,
): Validation<ContactFormValues, ContactMessage> =>
  validateWith(
    ContactMessageSchema,
    values,
    (field, rule) => t(`form.errors.${contactErrorKey(field, rule)}`),
    {
      input: { ...values, subject: values.subject || undefined },
    },
  );
export const contactResolver = (t: TranslateError) =>
  resolverOf((v: ContactFormValues) => validateContact(v, t));
