import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/lib/i18n';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { PageMeta } from '@/components/page-meta';
import { Button, ButtonLink } from '@/components/ui/button';
import { FormMessages } from '@/components/ui/field';
import { EmailField } from '@/components/forms/fields';
import { useFormField } from '@/components/forms/use-form-field';
import { useRequestPasswordReset } from './api/password-reset';
import type { ForgotPassword } from '@boutique/contracts';
import { forgotPasswordResolver, type ForgotPasswordFormValues } from './auth-validation';
import { AuthLayout } from './components/auth-layout';
import { bannerMessage, translateServerFieldError } from './server-errors';
import styles from './components/auth.module.css';

/** Asks for a single-use link by e-mail; the answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  const resolver = useMemo(() => forgotPasswordResolver((key) => t(key)), [t]);
  const form = useForm<ForgotPasswordFormValues, unknown, ForgotPassword>({
    resolver,
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  const { handleSubmit, setError } = form;
  const bind = useFormField(form);
  const mutation = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  const onSubmit = handleSubmit(({ email }) => {
    setBanner(null);
    const lang = isLanguage(i18n.language) ? i18n.language : 'en';
    mutation.mutate(
      { email, lang },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => {
          const message = error instanceof ApiError ? error.errors.email?.[0] : undefined;
          if (message)
            setError('email', { type: 'server', message: translateServerFieldError('email', message, t) });
          else setBanner(bannerMessage(error, t('forgot.failed'), t));
        },
      },
    );
  });

  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={sentTo ? undefined : t('forgot.subtitle')}
      footer={
        <p>
          <Link to={paths.login.href()}>{t('forgot.back')}</Link>
        </p>
      }
    >
      <PageMeta title={t('meta.forgot')} canonicalPath={paths.forgotPassword.href()} />
      <meta name="robots" content="noindex" />
      <FormMessages success={sentTo && t('forgot.sent', { email: sentTo })} error={banner} />
      {sentTo ? (
        <ButtonLink to={paths.login.href()} block variant="outline">
          {t('forgot.back')}
        </ButtonLink>
      ) : (
        <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
          <EmailField label={t('fields.email')} binding={bind('email')} />
          <Button type="submit" block loading={mutation.isPending} className={styles.submit}>
            {mutation.isPending ? t('forgot.submitting') : t('forgot.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
