import { z } from 'zod';
import {
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  type ForgotPassword,
  type Login,
  type Register,
  type ResetPassword,
} from '@boutique/contracts';
import { authErrorKey, type TranslateError } from './auth-validation';

/**
 * A form schema whose output is what the API takes. The auth forms check with the server's own schemas
 * (contracts), so the two can never disagree, and only swap each failure's English message for a translated
 * key of the `auth` namespace. These pages load on their own, so zod comes with them, not with the first load.
 */
function localized<Form extends z.ZodObject, Out>(
  form: Form,
  api: z.ZodType<Out>,
  t: TranslateError,
  prepare: (values: z.infer<Form>) => unknown = (v) => v,
) {
  return form.transform((values, ctx) => {
    const result = api.safeParse(prepare(values));
    if (result.success) return result.data;
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      // The first failure of each field is the one shown (spec section 5).
      if (seen.has(field)) continue;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message: t(`validation.${authErrorKey(field, issue)}`) });
    }
    return z.NEVER;
  });
}

export const LoginFormSchema = z.object({ email: z.string(), password: z.string() });
export type LoginFormValues = z.infer<typeof LoginFormSchema>;
export const createLoginSchema = (t: TranslateError) => localized(LoginFormSchema, LoginSchema, t);
export type { Login };

export const RegisterFormSchema = z.object({
  name: z.string(),
  email: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
});
export type RegisterFormValues = z.infer<typeof RegisterFormSchema>;
export const createRegisterSchema = (t: TranslateError) => localized(RegisterFormSchema, RegisterSchema, t);
export type { Register };

export const ForgotPasswordFormSchema = z.object({ email: z.string() });
export type ForgotPasswordFormValues = z.infer<typeof ForgotPasswordFormSchema>;
export const createForgotPasswordSchema = (t: TranslateError) =>
  localized(ForgotPasswordFormSchema, ForgotPasswordSchema, t);
export type { ForgotPassword };

export const ResetPasswordFormSchema = z.object({ password: z.string(), password_confirmation: z.string() });
export type ResetPasswordFormValues = z.infer<typeof ResetPasswordFormSchema>;
/** The token comes from the link, not from a field. */
export const createResetPasswordSchema = (t: TranslateError, token: string) =>
  localized(ResetPasswordFormSchema, ResetPasswordSchema, t, (values) => ({ ...values, token }));
export type { ResetPassword };
