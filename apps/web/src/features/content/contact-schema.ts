import { z } from 'zod';
import { ContactMessageSchema } from '@boutique/contracts';

/** What the form holds: plain strings, the subject '' while the placeholder is chosen. */
export const ContactFormSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
});
export type ContactFormValues = z.infer<typeof ContactFormSchema>;
export type ContactField = keyof ContactFormValues;
export const CONTACT_FIELDS = Object.keys(ContactFormSchema.shape) as ContactField[];

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

/** Translates a key of the `contact` namespace; a plain function so the schema is testable without i18next. */
export type TranslateError = (key: `form.errors.${ContactErrorKey}`) => string;

const isMissing = (code: string) => code === 'too_small' || code === 'invalid_type';

/** Which translated message tells the visitor what the server rule that failed asks of them. */
export function contactErrorKey(field: string, code: string): ContactErrorKey {
  switch (field) {
    case 'name':
      return isMissing(code) ? 'nameRequired' : code === 'too_big' ? 'nameTooLong' : 'nameInvalid';
    case 'email':
      return isMissing(code) ? 'emailRequired' : 'emailInvalid';
    case 'phone':
      return 'phoneInvalid';
    case 'subject':
      return 'subjectInvalid';
    default:
      return isMissing(code) ? 'messageRequired' : code === 'too_big' ? 'messageTooLong' : 'messageInvalid';
  }
}

/**
 * The client's schema runs the server's own rules (ContactMessageSchema from contracts), so the two can never
 * disagree, and only swaps each failure's English message for a translated one. Its output is what the API
 * takes: trimmed fields, and no subject when the placeholder was left.
 */
export function createContactSchema(t: TranslateError) {
  return ContactFormSchema.transform((values, ctx) => {
    const result = ContactMessageSchema.safeParse({ ...values, subject: values.subject || undefined });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'message');
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: t(`form.errors.${contactErrorKey(field, issue.code)}`),
      });
    }
    return z.NEVER;
  });
}
