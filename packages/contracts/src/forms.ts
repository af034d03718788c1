import * as z from 'zod/mini';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_SUBJECTS,
  LANGUAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PLAIN_TEXT,
  SIZES,
} from './constants.js';

/**
 * The bodies of the shop's forms (sign-in, registration, password, profile, address, contact), the one set of
 * rules the API applies and the storefront checks before sending. They are written with `zod/mini`, whose
 * functions tree-shake: the storefront's form pages validate with them for about a fifth of what the classic
 * API would cost (decision 024). The API takes them as they are (fastify-type-provider-zod works on zod's core
 * types), and the classic schemas compose them. The messages are the API's, in English; the storefront words
 * each failure itself from the code (`fieldErrorCodeOf`); a refinement names its code in `params`.
 */

const required = (field: string) => `The ${field} field is required.`;

const text = (field: string, max: number) =>
  z
    .string({ error: required(field) })
    .check(
      z.trim(),
      z.minLength(1, required(field)),
      z.maxLength(max, `The ${field} may not be greater than ${max} characters.`),
      z.regex(PLAIN_TEXT, `The ${field} contains characters that are not allowed.`),
    );

const emailChecks = [
  z.minLength(1, required('email')),
  z.maxLength(254, 'The email may not be greater than 254 characters.'),
] as const;
const validEmail = z.email('The email must be a valid email address.');

/** Trimmed and lower-cased, so `Salma@Example.AE ` and `salma@example.ae` are one account. */
const email = z.pipe(
  z.string({ error: required('email') }).check(z.trim(), z.toLowerCase(), ...emailChecks),
  validEmail,
);

/** Never trimmed: spaces are part of a password. */
const password = z
  .string({ error: required('password') })
  .check(
    z.minLength(1, required('password')),
    z.maxLength(
      PASSWORD_MAX_LENGTH,
      `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`,
    ),
  );

/** A password being chosen. */
const newPassword = z
  .string({ error: required('password') })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
    z.maxLength(
      PASSWORD_MAX_LENGTH,
      `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`,
    ),
  );

const MISMATCH = 'The password confirmation does not match.';
const confirmation = z.string({ error: MISMATCH });

type Passwords = { password?: unknown; password_confirmation?: unknown };

/**
 * The confirmation must repeat the password. Checked even when another field is wrong, so a form shows every
 * error at once (by default zod skips an object's refinements while any of its fields has an issue); `both`
 * asks for both passwords to be strings, else only for the password.
 */
const confirmed = (both: boolean) =>
  z.refine<Passwords>((form) => form.password === undefined || form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    message: MISMATCH,
    params: { code: 'mismatch' },
    when: ({ value }) => {
      const form = value as Passwords | null;
      return typeof form?.password === 'string' && (!both || typeof form.password_confirmation === 'string');
    },
  });

/** Language of the e-mail that follows (`en`, `fr`, `ar`; a regional tag counts as its language). */
const lang = z.optional(z.string().check(z.trim(), z.maxLength(35)));

// ---------------------------------------------------------------- sign-in and registration

export const RegisterSchema = z
  .object({
    name: text('name', 100),
    email,
    password: password.check(
      z.minLength(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
    ),
    password_confirmation: confirmation,
    lang,
  })
  .check(confirmed(true));
export type RegisterInput = z.input<typeof RegisterSchema>;
export type Register = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({ email, password });
export type LoginInput = z.input<typeof LoginSchema>;
export type Login = z.infer<typeof LoginSchema>;

// ---------------------------------------------------------------- forgot / reset password

export const ForgotPasswordSchema = z.object({
  email,
  /**
   * Language of the e-mail: `en`, `fr` or `ar`; a regional tag counts as its language (`fr-FR` is `fr`), and
   * anything else, or nothing, gets English.
   */
  lang,
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    /** The token of the e-mailed link (`/account/reset-password?token=...`). */
    token: z
      .string({ error: 'This password reset link is invalid.' })
      .check(z.minLength(1), z.maxLength(200)),
    password: newPassword,
    password_confirmation: confirmation,
  })
  .check(confirmed(true));
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

// ---------------------------------------------------------------- confirming an address

const CONFIRMATION_PROOF_REQUIRED = 'Enter the password of the account, or choose a new one.';

/**
 * `POST /v1/auth/verify-email`: the token of the e-mailed link and the mailbox owner's proof, either the
 * account's password (`current_password`) or a new one (`password` with its confirmation), which hands the
 * account over: every other sign-in ends and any second factor set up before is removed. A link opened by a
 * mail scanner proves nothing.
 */
export const VerifyEmailSchema = z
  .object({
    token: z
      .string({ error: 'This confirmation link is invalid or has expired.' })
      .check(z.minLength(1), z.maxLength(200)),
    current_password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH))),
    password: z.optional(newPassword),
    password_confirmation: z.optional(z.string()),
  })
  .check(
    confirmed(false),
    z.refine((v) => (v.current_password === undefined) !== (v.password === undefined), {
      path: ['current_password'],
      message: CONFIRMATION_PROOF_REQUIRED,
      params: { code: 'required' },
    }),
  );
export type VerifyEmail = z.infer<typeof VerifyEmailSchema>;
export type VerifyEmailInput = z.input<typeof VerifyEmailSchema>;

// ---------------------------------------------------------------- profile

export const ProfileUpdateSchema = z
  .object({
    name: z.optional(text('name', 100)),
    /**
     * A new picture as a data URL (`data:image/png;base64,...`, jpeg/png/webp, at most 2 MB decoded), or null to
     * remove it. The server re-encodes it to a square WebP and answers with its URL.
     */
    avatar: z.optional(
      z.nullable(z.string().check(z.maxLength(3_000_000, 'The avatar may not be greater than 2 MB.'))),
    ),
    /** Required with `password`, unless the account has none yet (see the API's profile service). */
    current_password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH))),
    password: z.optional(newPassword),
    password_confirmation: z.optional(z.string()),
  })
  .check(confirmed(false));
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

// ---------------------------------------------------------------- addresses

const PHONE = /^[+\d\s().-]+$/;
const PHONE_MESSAGE = 'The phone may only contain digits, spaces and + ( ) . -';
const PHONE_TOO_LONG = 'The phone may not be greater than 40 characters.';

export const AddressFieldsSchema = z.object({
  name: text('name', 100),
  email,
  phone: z
    .string({ error: required('phone') })
    .check(
      z.trim(),
      z.minLength(1, required('phone')),
      z.maxLength(40, PHONE_TOO_LONG),
      z.regex(PHONE, PHONE_MESSAGE),
    ),
  address: text('address', 200),
  city: text('city', 100),
  postalCode: text('postal code', 20),
  country: z
    .string({ error: required('country') })
    .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, 'Choose a country from the list.')),
});
export type AddressFields = z.infer<typeof AddressFieldsSchema>;
export type AddressFieldsInput = z.input<typeof AddressFieldsSchema>;

// ---------------------------------------------------------------- contact

/** Multi-line text: control characters other than line breaks and tabs are refused. */
const MULTILINE_TEXT = /^[^\p{Cc}]*$/u;
const multiline = (s: string) => MULTILINE_TEXT.test(s.replace(/[\r\n\t]/g, ' '));

export const ContactMessageSchema = z.object({
  name: text('name', 100),
  /** As the visitor typed it (trimmed): a reply goes to the address they wrote. */
  email: z.pipe(z.string({ error: required('email') }).check(z.trim(), ...emailChecks), validEmail),
  phone: z._default(
    z.optional(
      z.string().check(z.trim(), z.maxLength(40, PHONE_TOO_LONG), z.regex(/^[+\d\s().-]*$/, PHONE_MESSAGE)),
    ),
    '',
  ),
  subject: z.optional(z.enum(CONTACT_SUBJECTS, { error: 'Choose one of the listed subjects.' })),
  /** The language of the page it is sent from: the shop's replies are written in it. */
  lang,
  message: z
    .string({ error: required('message') })
    .check(
      z.trim(),
      z.minLength(1, required('message')),
      z.maxLength(
        CONTACT_MESSAGE_MAX_LENGTH,
        `The message may not be greater than ${CONTACT_MESSAGE_MAX_LENGTH} characters.`,
      ),
      z.refine(multiline, 'The message contains characters that are not allowed.'),
    ),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

// ---------------------------------------------------------------- shop alerts

/**
 * "Tell me when it is back" on a product page: the address to tell, the variant (colour key, '' for a product
 * without colours; size) and the language of the e-mail.
 */
export const StockRequestSchema = z.object({
  email,
  color: z._default(z.string().check(z.trim(), z.maxLength(64)), ''),
  size: z.enum(SIZES, 'Choose a size.'),
  language: z._default(z.enum(LANGUAGES), 'en'),
});
export type StockRequest = z.infer<typeof StockRequestSchema>;
export type StockRequestInput = z.input<typeof StockRequestSchema>;

/** "E-mail me my bag if I don't finish" at checkout (on the account). */
export const CheckoutReminderSchema = z.object({ enabled: z.boolean() });
export type CheckoutReminder = z.infer<typeof CheckoutReminderSchema>;
