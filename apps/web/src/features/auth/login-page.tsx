import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { returnPath, type LoginRedirectState } from '@/lib/session/redirect';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { FormMessages } from '@/components/ui/field';
import { EmailField, PasswordField } from '@/components/forms/fields';
import { useFormField } from '@/components/forms/use-form-field';
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
  const location = useLocation();
  const state = location.state as LoginRedirectState | null;
  const resolver = useMemo(() => loginResolver((key) => t(key)), [t]);
  const form = useForm<LoginFormValues, unknown, Login>({
    resolver,
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const { handleSubmit, setError } = form;
  const bind = useFormField(form);
  const mutation = useLogin();
  const [banner, setBanner] = useState<string | null>(null);

  const onSubmit = handleSubmit((input) => {
    setBanner(null);
    mutation.mutate(input, {
      onError: (error) => {
        if (
          showServerFieldErrors(error, FIELDS, setError, (name, code) =>
            translateServerFieldError(name, code, t),
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

  const reveal = { show: t('fields.showPassword'), hide: t('fields.hidePassword') };
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
        <EmailField label={t('fields.email')} binding={bind('email')} />
        <PasswordField
          label={t('fields.password')}
          binding={bind('password')}
          autoComplete="current-password"
          reveal={reveal}
          aside={
            <Link to={paths.forgotPassword.href()} className={styles.forgot}>
              {t('login.forgot')}
            </Link>
          }
        />
        <Button type="submit" block loading={mutation.isPending} className={styles.submit}>
          {mutation.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <SocialButtons returnTo={returnPath(state)} />
    </AuthLayout>
  );
}
