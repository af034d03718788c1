import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import type { LoginRedirectState } from '@/lib/session/redirect';
import { session } from '@/lib/session/session';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { PageMeta } from '@/components/page-meta';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field, FormMessages, PasswordInput, fieldA11y } from '@/components/ui/field';
import { useResetPassword } from './api/password-reset';
import type { ResetPassword } from '@boutique/contracts';
import { resetPasswordResolver, type ResetPasswordFormValues } from './auth-validation';
import { AuthLayout } from './components/auth-layout';
import { bannerMessage, translateServerFieldError } from './server-errors';
import styles from './components/auth.module.css';

const FIELDS = ['password', 'password_confirmation'] as const;
type ResetField = (typeof FIELDS)[number];

/** The e-mailed link's page: a new password twice, then to login with a word that it worked. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const base = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const resolver = useMemo(() => resetPasswordResolver((key) => t(key), token), [t, token]);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    getFieldState,
    formState: { errors },
  } = useForm<ResetPasswordFormValues, unknown, ResetPassword>({
    resolver,
    defaultValues: { password: '', password_confirmation: '' },
    reValidateMode: 'onSubmit',
  });
  const mutation = useResetPassword();
  // The server renders this page without its query string (the token is private): the form first, everywhere.
  const [linkInvalid, setLinkInvalid] = useState(false);
  useEffect(() => {
    if (!token) setLinkInvalid(true);
  }, [token]);
  const [banner, setBanner] = useState<string | null>(null);

  const ids = (name: ResetField) => ({ control: `${base}-${name}`, error: `${base}-${name}-error` });
  const field = (name: ResetField) => ({
    ...fieldA11y(ids(name), errors[name]?.message, name === 'password'),
    ...register(name, {
      onChange: () => {
        if (getFieldState(name).error) clearErrors(name);
      },
    }),
  });

  const onSubmit = handleSubmit((input) => {
    setBanner(null);
    mutation.mutate(input, {
      onSuccess: () => {
        // The server has ended every sign-in of the account, this browser's included.
        const state: LoginRedirectState = { notice: 'passwordReset' };
        void session.signOut().then(() => navigate(paths.login.href(), { replace: true, state }));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422 && error.errors.token)
          return setLinkInvalid(true);
        if (
          showServerFieldErrors(error, FIELDS, setError, (name, text) =>
            translateServerFieldError(name, text, t),
          )
        )
          return;
        setBanner(bannerMessage(error, t('reset.failed'), t));
      },
    });
  });

  return (
    <AuthLayout
      title={t('reset.title')}
      subtitle={linkInvalid ? undefined : t('reset.subtitle')}
      footer={
        <p>
          <Link to={paths.login.href()}>{t('forgot.back')}</Link>
        </p>
      }
    >
      <PageMeta title={t('meta.reset')} />
      <meta name="robots" content="noindex" />
      <FormMessages error={linkInvalid ? t('reset.invalidLink') : banner} />
      {linkInvalid ? (
        <ButtonLink to={paths.forgotPassword.href()} block>
          {t('reset.requestNew')}
        </ButtonLink>
      ) : (
        <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
          <Field
            label={t('fields.newPassword')}
            note={t('fields.passwordHint')}
            htmlFor={ids('password').control}
            errorId={ids('password').error}
            error={errors.password?.message}
          >
            <PasswordInput
              autoComplete="new-password"
              aria-required="true"
              showLabel={t('fields.showPassword')}
              hideLabel={t('fields.hidePassword')}
              {...field('password')}
            />
          </Field>
          <Field
            label={t('fields.passwordConfirmation')}
            htmlFor={ids('password_confirmation').control}
            errorId={ids('password_confirmation').error}
            error={errors.password_confirmation?.message}
          >
            <PasswordInput
              autoComplete="new-password"
              aria-required="true"
              showLabel={t('fields.showPassword')}
              hideLabel={t('fields.hidePassword')}
              {...field('password_confirmation')}
            />
          </Field>
          <Button type="submit" block loading={mutation.isPending} className={styles.submit}>
            {mutation.isPending ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
