/**
 * The shop's staff (DESIGN section 10): the owner invites people by e-mail to run orders, returns, messages and
 * the catalogue (STAFF_AREAS), sees who holds the back office and who is invited, and withdraws either.
 * `GET /api/v1/admin/staff`, `POST /api/v1/admin/staff/invitations`, `DELETE /api/v1/admin/staff/invitations/{id}`,
 * `DELETE /api/v1/admin/staff/{userId}` (owner only); the invitee's side is `GET|POST
 * /api/v1/staff-invitations/{token}[/accept]`; the staff's dashboard reads `GET /api/v1/admin/workload`.
 */
import { z } from 'zod';
import { envelope } from './envelope.js';
import { LANGUAGES, SIZES } from './constants.js';
import { LocalizedTextSchema } from './common.js';
import { AddressFieldsSchema, RegisterSchema } from './forms.js';

export const StaffInvitationCreateSchema = z.object({
  email: AddressFieldsSchema.shape.email,
  name: AddressFieldsSchema.shape.name,
  /** The invitee's language: the e-mail and the invitation page speak it. */
  language: z.enum(LANGUAGES, { error: 'Choose the language of the invitation.' }).default('en'),
});
export type StaffInvitationCreate = z.infer<typeof StaffInvitationCreateSchema>;
export type StaffInvitationCreateInput = z.input<typeof StaffInvitationCreateSchema>;

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'staff']),
  /** An authenticator app is set up: the back office opens to them. */
  second_factor: z.boolean(),
  /** When they accepted their invitation (null for the owner, or staff made otherwise). */
  since: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  language: z.enum(LANGUAGES),
  created_at: z.string(),
  expires_at: z.string(),
  invited_by: z.string().nullable(),
  /** Past its STAFF_INVITE_HOURS without being accepted: the link no longer works. */
  expired: z.boolean(),
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

export const StaffListResponseSchema = envelope(
  z.object({ members: z.array(StaffMemberSchema), invitations: z.array(StaffInvitationSchema) }),
);
export type StaffListResponse = z.infer<typeof StaffListResponseSchema>;
export const StaffInvitationResponseSchema = envelope(z.object({ invitation: StaffInvitationSchema }));
export const StaffIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const StaffUserParamsSchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});

// ---------------------------------------------------------------- the invitee's side

export const StaffInvitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * What the invitation page needs to know: who is invited and whether an account holds the address already
 * (`existing`: sign in with its password, or accept while signed in to it; `none`: choose a name and password).
 */
export const StaffInvitationViewSchema = z.object({
  email: z.string(),
  name: z.string(),
  language: z.enum(LANGUAGES),
  account: z.enum(['none', 'existing']),
  expires_at: z.string(),
});
export type StaffInvitationView = z.infer<typeof StaffInvitationViewSchema>;
export const StaffInvitationViewResponseSchema = envelope(
  z.object({ invitation: StaffInvitationViewSchema }),
);

/**
 * Accepting: while signed in to the invited address's account, nothing; with the account's password
 * (`current_password`); or a new password (`password` twice, and `name` when no account exists), which, for an
 * account whose address was never confirmed, hands it over (decision 030: other sign-ins end, its app goes).
 */
export const StaffInvitationAcceptSchema = z
  .object({
    name: z.optional(RegisterSchema.shape.name),
    current_password: z.string().max(128).optional(),
    password: z.optional(RegisterSchema.shape.password),
    password_confirmation: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== undefined && v.password !== v.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'The password confirmation does not match.',
        params: { code: 'mismatch' },
      });
    }
    if (v.password !== undefined && v.current_password !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['current_password'],
        message: 'Enter the password of the account, or choose a new one, not both.',
      });
    }
  });
export type StaffInvitationAccept = z.infer<typeof StaffInvitationAcceptSchema>;
export type StaffInvitationAcceptInput = z.input<typeof StaffInvitationAcceptSchema>;
export const StaffInvitationAcceptedResponseSchema = envelope(
  z.object({ email: z.string(), role: z.literal('staff') }),
);

// ---------------------------------------------------------------- the staff's dashboard

/** What needs doing today, without a figure of money: orders to ship, unread messages, low sizes. */
export const AdminWorkloadSchema = z.object({
  awaiting_shipment: z.number().int(),
  unread_messages: z.number().int(),
  low_stock: z.array(
    z.object({
      product_id: z.number().int(),
      slug: z.string(),
      name: LocalizedTextSchema,
      color: z.string(),
      size: z.enum(SIZES),
      available: z.number().int(),
    }),
  ),
});
export type AdminWorkload = z.infer<typeof AdminWorkloadSchema>;
export const AdminWorkloadResponseSchema = envelope(z.object({ workload: AdminWorkloadSchema }));
export type AdminWorkloadResponse = z.infer<typeof AdminWorkloadResponseSchema>;
