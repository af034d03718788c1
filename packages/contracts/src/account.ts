import { z } from 'zod';
import { PLAIN_TEXT } from './common.js';
import { envelope } from './envelope.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { UserSchema } from './auth.js';

const required = (field: string) => `The ${field} field is required.`;

const text = (field: string, max: number) =>
  z
    .string({ error: required(field) })
    .trim()
    .min(1, required(field))
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    .regex(PLAIN_TEXT, `The ${field} contains characters that are not allowed.`);

const email = z
  .string({ error: required('email') })
  .trim()
  .toLowerCase()
  .min(1, required('email'))
  .max(254, 'The email may not be greater than 254 characters.')
  .pipe(z.email('The email must be a valid email address.'));

const newPassword = z
  .string({ error: required('password') })
  .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`);

const confirmed = <T extends { password?: unknown; password_confirmation?: unknown }>(form: T) =>
  form.password === undefined || form.password === form.password_confirmation;

/**
 * Lets the confirmation be checked even when another field is wrong, so a form shows every error at once (by
 * default zod skips an object's refinements while any of its fields has an issue).
 */
const withPassword = ({ value }: { value: unknown }) =>
  typeof (value as { password?: unknown } | null)?.password === 'string';
const withBothPasswords = ({ value }: { value: unknown }) =>
  withPassword({ value }) &&
  typeof (value as { password_confirmation?: unknown }).password_confirmation === 'string';

// ---------------------------------------------------------------- forgot / reset password

export const ForgotPasswordSchema = z.object({
  email,
  /**
   * Language of the e-mail: `en`, `fr` or `ar`; a regional tag counts as its language (`fr-FR` is `fr`), and
   * anything else, or nothing, gets English.
   */
  lang: z.string().trim().max(35).optional(),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    /** The token of the e-mailed link (`/account/reset-password?token=...`). */
    token: z.string({ error: 'This password reset link is invalid.' }).min(1).max(200),
    password: newPassword,
    password_confirmation: z.string({ error: 'The password confirmation does not match.' }),
  })
  .refine(confirmed, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
    when: withBothPasswords,
  });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** The same answer whether or not the e-mail has an account: nothing to learn from it. */
export const MessageResponseSchema = envelope(z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

// ---------------------------------------------------------------- profile

export const ProfileUpdateSchema = z
  .object({
    name: text('name', 100).optional(),
    /**
     * A new picture as a data URL (`data:image/png;base64,...`, jpeg/png/webp, at most 2 MB decoded), or null to
     * remove it. The server re-encodes it to a square WebP and answers with its URL.
     */
    avatar: z.string().max(3_000_000, 'The avatar may not be greater than 2 MB.').nullable().optional(),
    /** Required with `password`. */
    current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    password: newPassword.optional(),
    password_confirmation: z.string().optional(),
  })
  .refine(confirmed, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
    when: withPassword,
  });
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

export const ProfileResponseSchema = envelope(z.object({ user: UserSchema }));

// ---------------------------------------------------------------- addresses

export const AddressFieldsSchema = z.object({
  name: text('name', 100),
  email,
  phone: z
    .string({ error: required('phone') })
    .trim()
    .min(1, required('phone'))
    .max(40, 'The phone may not be greater than 40 characters.')
    .regex(/^[+\d\s().-]+$/, 'The phone may only contain digits, spaces and + ( ) . -'),
  address: text('address', 200),
  city: text('city', 100),
  postalCode: text('postal code', 20),
  country: z
    .string({ error: required('country') })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a country from the list.'),
});
export type AddressFields = z.infer<typeof AddressFieldsSchema>;
export type AddressFieldsInput = z.input<typeof AddressFieldsSchema>;

export const AddressInputSchema = AddressFieldsSchema.extend({ is_default: z.boolean().optional() });
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const AddressSchema = AddressFieldsSchema.extend({
  id: z.number().int(),
  is_default: z.boolean(),
  created_at: z.iso.datetime(),
});
export type Address = z.infer<typeof AddressSchema>;

export const AddressIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const AddressListResponseSchema = envelope(z.object({ addresses: z.array(AddressSchema) }));
export type AddressListResponse = z.infer<typeof AddressListResponseSchema>;
export const AddressResponseSchema = envelope(z.object({ address: AddressSchema }));
export type AddressResponse = z.infer<typeof AddressResponseSchema>;
