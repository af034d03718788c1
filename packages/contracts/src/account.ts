import { z } from 'zod';
import { envelope } from './envelope.js';
import { AddressFieldsSchema } from './forms.js';
import { UserSchema } from './auth.js';

export {
  AddressFieldsSchema,
  ForgotPasswordSchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
} from './forms.js';
export type {
  AddressFields,
  AddressFieldsInput,
  ForgotPassword,
  ProfileUpdate,
  ProfileUpdateInput,
  ResetPassword,
} from './forms.js';

/** The same answer whether or not the e-mail has an account: nothing to learn from it. */
export const MessageResponseSchema = envelope(z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

// ---------------------------------------------------------------- profile

export const ProfileResponseSchema = envelope(z.object({ user: UserSchema }));

// ---------------------------------------------------------------- addresses

export const AddressInputSchema = z.object({
  ...AddressFieldsSchema.shape,
  is_default: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const AddressSchema = z.object({
  ...AddressFieldsSchema.shape,
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
