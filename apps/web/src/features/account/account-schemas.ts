import { z } from 'zod';
import {
  ADDRESSES_MAX,
  AVATAR_MAX_BYTES,
  AddressInputSchema,
  ProfileUpdateSchema,
  type AddressInput,
  type ProfileUpdate,
} from '@boutique/contracts';
import { accountErrorKey, issueKind, type TranslateAccountError } from './account-validation';

/**
 * The account forms check with the server's own schemas (contracts) and only swap each failure's English
 * message for a translated key of the `account` namespace. These pages load on their own, so zod comes with
 * them, not with the first load.
 */
function localized<Form extends z.ZodObject, Out>(
  form: Form,
  api: z.ZodType<Out>,
  t: TranslateAccountError,
  extra: (values: z.infer<Form>) => { field: string; kind: 'required' }[] = () => [],
) {
  return form.transform((values, ctx) => {
    const seen = new Set<string>();
    const report = (field: string, key: Parameters<TranslateAccountError>[0]) => {
      // The first failure of each field is the one shown.
      if (seen.has(field)) return;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message: t(key) });
    };
    for (const { field, kind } of extra(values)) report(field, `validation.${accountErrorKey(field, kind)}`);
    const result = api.safeParse(values);
    if (result.success && seen.size === 0) return result.data;
    if (!result.success)
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        report(field, `validation.${accountErrorKey(field, issueKind(issue))}`);
      }
    return z.NEVER;
  });
}

export const ProfileDetailsFormSchema = z.object({ name: z.string() });
export type ProfileDetailsFormValues = z.infer<typeof ProfileDetailsFormSchema>;
export const createProfileDetailsSchema = (t: TranslateAccountError) =>
  localized(ProfileDetailsFormSchema, ProfileUpdateSchema, t, ({ name }) =>
    name.trim() ? [] : [{ field: 'name', kind: 'required' }],
  );

export const PasswordFormSchema = z.object({
  current_password: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
});
export type PasswordFormValues = z.infer<typeof PasswordFormSchema>;
/** The server asks for the current password with a new one; here both are needed, the form is only for that. */
export const createPasswordSchema = (t: TranslateAccountError) =>
  localized(PasswordFormSchema, ProfileUpdateSchema, t, (values) => [
    ...(values.current_password ? [] : [{ field: 'current_password', kind: 'required' as const }]),
    ...(values.password ? [] : [{ field: 'password', kind: 'required' as const }]),
  ]);
export type { ProfileUpdate };

export const AddressFormSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  is_default: z.boolean(),
});
export type AddressFormValues = z.infer<typeof AddressFormSchema>;
export const ADDRESS_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'postalCode', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export const createAddressSchema = (t: TranslateAccountError) =>
  localized(AddressFormSchema, AddressInputSchema, t);
export type { AddressInput };

/** The API's limits, for the pages (which may not import the schemas' module themselves). */
export { ADDRESSES_MAX, AVATAR_MAX_BYTES };
