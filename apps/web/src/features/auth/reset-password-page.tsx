import { useEffect, useMemo, useState } from 'react';
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
import { FormMessages } from '@/components/ui/field';
import { NewPasswordFields } from '@/components/forms/fields';
import { useFormField } from '@/components/forms/use-form-field';
import { useResetPassword } from './api/password-reset';
import type { ResetPassword } from '@boutique/contracts';
import { resetPasswordResolver, type ResetPasswordFormValues } from './auth-validation';
import { AuthLayout } from './components/auth-layout';
import { bannerMessage, translateServerFieldError } from './server-errors';
import styles from './components/auth.module.css';

const FIELDS = ['password', 'password_confirmation'] as const;

/** The e-mailed link's page: a new password twice, then to login with a word that it worked. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const resolver = useMemo(() => resetPasswordResolver((key) => t(key), token), [t, token]);
  const form = useForm<ResetPasswordFormValues, unknown, ResetPassword>({
    resolver,
    defaultValues: { password: '', password_confirmation: '' },
    reValidateMode: 'onSubmit',
  });
  const { handleSubmit, setError } = form;
  const bind = useFormField(form);
  const mutation = useResetPassword();
  // The server renders this page without its query string (the token is private): the form first, everywhere.
  const [linkInvalid, setLinkInvalid] = useState(false);
  useEffect(() => {
    if (!token) setLinkInvalid(true);
  }, [token]);
  const [banner, setBanner] = useState<string | null>(null);

  const reveal = { show: t('fields.showPassword'), hide: t('fields.hidePassword') };

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
          showServerFieldErrors(error, FIELDS, setError, (name, code) =>
            translateServerFieldError(name, code, t),
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
          <NewPasswordFields
            password={{
              label: t('fields.newPassword'),
              binding: bind('password', { note: t('fields.passwordHint') }),
            }}
            confirmation={{ label: t('fields.passwordConfirmation'), binding: bind('password_confirmation') }}
            reveal={reveal}
          />
          <Button type="submit" block loading={mutation.isPending} className={styles.submit}>
            {mutation.isPending ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
