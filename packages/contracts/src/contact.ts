import { z } from 'zod';
import { PLAIN_TEXT } from './common.js';
import { envelope } from './envelope.js';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SUBJECTS } from './constants.js';

/** Multi-line text: control characters other than line breaks and tabs are refused. */
const MULTILINE_TEXT = /^[^\p{Cc}]*$/u;
const multiline = (s: string) => MULTILINE_TEXT.test(s.replace(/[\r\n\t]/g, ' '));

export const ContactMessageSchema = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(100, 'The name may not be greater than 100 characters.')
    .regex(PLAIN_TEXT, 'The name contains characters that are not allowed.'),
  email: z
    .string({ error: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(254, 'The email may not be greater than 254 characters.')
    .pipe(z.email('The email must be a valid email address.')),
  phone: z
    .string()
    .trim()
    .max(40, 'The phone may not be greater than 40 characters.')
    .regex(/^[+\d\s().-]*$/, 'The phone may only contain digits, spaces and + ( ) . -')
    .optional()
    .default(''),
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Choose one of the listed subjects.' }).optional(),
  message: z
    .string({ error: 'The message field is required.' })
    .trim()
    .min(1, 'The message field is required.')
    .max(
      CONTACT_MESSAGE_MAX_LENGTH,
      `The message may not be greater than ${CONTACT_MESSAGE_MAX_LENGTH} characters.`,
    )
    .refine(multiline, 'The message contains characters that are not allowed.'),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

export const ContactResponseSchema = envelope(z.object({ id: z.number().int(), message: z.string() }));
export type ContactResponse = z.infer<typeof ContactResponseSchema>;
