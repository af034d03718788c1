import { useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { returnPath, type LoginRedirectState } from '@/lib/session/redirect';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Field, FormMessages, PasswordInput, fieldA11y, ltrInputClass } from '@/components/ui/field';
import { useLogin } from './api/sign-in';
import type { Login } from '@boutique/contracts';
import { loginResolver, type LoginFormValues } from './auth-validation';
import { AuthLayout } from './components/auth-layout';
import { SocialButtons } from './components/social-buttons';
import { bannerMessage, translateServerFieldError } from './server-errors';
import styles from './components/auth.module.css';

const FIELDS = ['email', 'password'] as const;

/**
 * Email and password. On success the guest guard around this page sends the customer back where they came
 * from (router state `from`) or home; the guest cart is handed to the server cart by the frame.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const base = useId();
  const location = useLocation();
  const state = location.state as LoginRedirectState | null;
  const resolver = useMemo(() => loginResolver((key) => t(key)), [t]);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    getFieldState,
    formState: { errors },
  } = useForm<LoginFormValues, unknown, Login>({
    resolver,
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const mutation = useLogin();
  const [banner, setBanner] = useState<string | null>(null);

  const ids = (name: (typeof FIELDS)[number]) => ({
    control: `${base}-${name}`,
    error: `${base}-${name}-error`,
  });
  const field = (name: (typeof FIELDS)[number]) => ({
    ...fieldA11y(ids(name), errors[name]?.message),
    ...register(name, {
      onChange: () => {
        if (getFieldState(name).error) clearErrors(name);
      },
    }),
  });

  const onSubmit = handleSubmit((input) => {
    setBanner(null);
    mutation.mutate(input, {
      onError: (error) => {
        if (
          showServerFieldErrors(error, FIELDS, setError, (name, text) =>
            translateServerFieldError(name, text, t),
          )
        )
          return;
        setBanner(
          error instanceof ApiError && error.status === 401
            ? t('login.badCredentials')
            : bannerMessage(error, t('login.failed'), t),
        );
      },
    });
  });

  const registerState: LoginRedirectState | null = state?.from ? { from: state.from } : null;

  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <p>
          {t('login.noAccount')}{' '}
          <Link to={paths.register.href()} state={registerState}>
            {t('login.register')}
          </Link>
        </p>
      }
    >
      <PageMeta title={t('meta.login')} canonicalPath={paths.login.href()} />
      <meta name="robots" content="noindex" />
      <FormMessages
        error={banner}
        success={state?.notice === 'passwordReset' && !banner ? t('login.passwordReset') : null}
      />
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field
          label={t('fields.email')}
          htmlFor={ids('email').control}
          errorId={ids('email').error}
          error={errors.email?.message}
        >
          <input
            type="email"
            autoComplete="email"
            inputMode="email"
            dir="ltr"
            aria-required="true"
            className={ltrInputClass}
            {...field('email')}
          />
        </Field>
        <Field
          label={t('fields.password')}
          htmlFor={ids('password').control}
          errorId={ids('password').error}
          error={errors.password?.message}
          aside={
            <Link to={paths.forgotPassword.href()} className={styles.forgot}>
              {t('login.forgot')}
            </Link>
          }
        >
          <PasswordInput
            autoComplete="current-password"
            aria-required="true"
            showLabel={t('fields.showPassword')}
            hideLabel={t('fields.hidePassword')}
            {...field('password')}
          />
        </Field>
        <Button type="submit" block loading={mutation.isPending} className={styles.submit}>
          {mutation.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <SocialButtons returnTo={returnPath(state)} />
    </AuthLayout>
  );
}
