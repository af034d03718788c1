import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/lib/i18n';
import { returnPath, type LoginRedirectState } from '@/lib/session/redirect';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Field, FormMessages, inputClass } from '@/components/ui/field';
import { EmailField, NewPasswordFields } from '@/components/forms/fields';
import { useFormField } from '@/components/forms/use-form-field';
import { useRegister } from './api/sign-in';
import type { Register } from '@boutique/contracts';
import { registerResolver, type RegisterFormValues } from './auth-validation';
import { AuthLayout } from './components/auth-layout';
import { SocialButtons } from './components/social-buttons';
import { bannerMessage, translateServerFieldError } from './server-errors';
import styles from './components/auth.module.css';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

/** A new customer account; signed in at once, then home (or back where login was asked from). */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const state = location.state as LoginRedirectState | null;
  const resolver = useMemo(() => registerResolver((key) => t(key)), [t]);
  const form = useForm<RegisterFormValues, unknown, Register>({
    resolver,
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
    reValidateMode: 'onSubmit',
  });
  const { handleSubmit, setError } = form;
  const bind = useFormField(form);
  const mutation = useRegister();
  const [banner, setBanner] = useState<string | null>(null);

  const reveal = { show: t('fields.showPassword'), hide: t('fields.hidePassword') };

  const onSubmit = handleSubmit((input) => {
    setBanner(null);
    mutation.mutate(
      { ...input, lang: currentLanguage() },
      {
        onError: (error) => {
          if (
            showServerFieldErrors(error, FIELDS, setError, (name, code) =>
              translateServerFieldError(name, code, t),
            )
          )
            return;
          setBanner(bannerMessage(error, t('register.failed'), t));
        },
      },
    );
  });

  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <p>
          {t('register.haveAccount')}{' '}
          <Link to={paths.login.href()} state={state?.from ? { from: state.from } : null}>
            {t('register.login')}
          </Link>
        </p>
      }
    >
      <PageMeta title={t('meta.register')} canonicalPath={paths.register.href()} />
      <meta name="robots" content="noindex" />
      <FormMessages error={banner} />
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field label={t('fields.name')} {...bind('name').field}>
          <input
            type="text"
            autoComplete="name"
            aria-required="true"
            className={inputClass}
            {...bind('name').control}
          />
        </Field>
        <EmailField label={t('fields.email')} binding={bind('email')} />
        <NewPasswordFields
          password={{
            label: t('fields.password'),
            binding: bind('password', { note: t('fields.passwordHint') }),
          }}
          confirmation={{ label: t('fields.passwordConfirmation'), binding: bind('password_confirmation') }}
          reveal={reveal}
        />
        <Button type="submit" block loading={mutation.isPending} className={styles.submit}>
          {mutation.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
      <SocialButtons returnTo={returnPath(state)} />
    </AuthLayout>
  );
}
