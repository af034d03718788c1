import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isBackOfficeRole } from '@boutique/contracts/constants';
import type { VerifyEmail } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { session, useSession } from '@/lib/session/session';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { PageMeta } from '@/components/page-meta';
import { Button, ButtonLink } from '@/components/ui/button';
import { FormMessages } from '@/components/ui/field';
import { NewPasswordFields, PasswordField } from '@/components/forms/fields';
import { useFormField } from '@/components/forms/use-form-field';
import { useVerifyEmail } from './api/verify-email';
import {
  confirmAddressResolver,
  type ConfirmAddressFormValues,
  type ConfirmAddressMode,
} from './auth-validation';
import { AuthLayout } from './components/auth-layout';
import { bannerMessage, translateServerFieldError } from './server-errors';
import styles from './components/auth.module.css';

type Outcome = 'asking' | 'verified' | 'handedOver' | 'invalid';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/**
 * The e-mailed link's page. Opening it changes nothing (a mail scanner follows links too): the mailbox's owner
 * confirms by typing the account's password, or by choosing a new one, which hands the account to them (every
 * other sign-in ends, any authenticator app set up before is removed: whoever registered the address first
 * keeps nothing).
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status, user } = useSession();
  const [mode, setMode] = useState<ConfirmAddressMode>('password');
  const [outcome, setOutcome] = useState<Outcome>(token ? 'asking' : 'invalid');
  const [banner, setBanner] = useState<string | null>(null);
  const resolver = useMemo(() => confirmAddressResolver((key) => t(key), token, mode), [t, token, mode]);
  const form = useForm<ConfirmAddressFormValues, unknown, VerifyEmail>({
    resolver,
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
    reValidateMode: 'onSubmit',
  });
  const { handleSubmit, setError, clearErrors } = form;
  const bind = useFormField(form);
  const mutation = useVerifyEmail();
  const reveal = { show: t('fields.showPassword'), hide: t('fields.hidePassword') };

  const switchMode = (next: ConfirmAddressMode) => {
    clearErrors();
    setBanner(null);
    setMode(next);
  };

  const onSubmit = handleSubmit((input) => {
    setBanner(null);
    mutation.mutate(input, {
      onSuccess: () => {
        if (mode === 'password') return setOutcome('verified');
        // A new password ended every sign-in of the account, this browser's too.
        void session.signOut().then(() => setOutcome('handedOver'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422 && error.errors.token)
          return setOutcome('invalid');
        if (error instanceof ApiError && error.status === 422 && error.errors.current_password) {
          return setError(
            'current_password',
            { type: 'server', message: t('verify.wrongPassword') },
            { shouldFocus: true },
          );
        }
        if (
          showServerFieldErrors(error, FIELDS, setError, (name, code) =>
            translateServerFieldError(name, code, t),
          )
        )
          return;
        setBanner(bannerMessage(error, t('verify.failed'), t));
      },
    });
  });

  const signedIn = status === 'authenticated';
  const title =
    outcome === 'asking'
      ? t('verify.title')
      : outcome === 'invalid'
        ? t('verify.failedTitle')
        : t('verify.doneTitle');
  return (
    <AuthLayout
      title={title}
      subtitle={
        outcome === 'asking'
          ? mode === 'password'
            ? t('verify.subtitle')
            : t('verify.newSubtitle')
          : undefined
      }
    >
      <PageMeta title={t('meta.verify')} />
      <meta name="robots" content="noindex" />
      <FormMessages
        success={
          outcome === 'verified' ? t('verify.done') : outcome === 'handedOver' ? t('verify.handedOver') : null
        }
        error={outcome === 'invalid' ? t('verify.invalid') : banner}
      />
      {outcome === 'asking' && (
        <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
          {mode === 'password' ? (
            <PasswordField
              label={t('fields.password')}
              binding={bind('current_password')}
              autoComplete="current-password"
              reveal={reveal}
            />
          ) : (
            <NewPasswordFields
              password={{
                label: t('fields.newPassword'),
                binding: bind('password', { note: t('fields.passwordHint') }),
              }}
              confirmation={{
                label: t('fields.passwordConfirmation'),
                binding: bind('password_confirmation'),
              }}
              reveal={reveal}
            />
          )}
          <Button type="submit" block loading={mutation.isPending} className={styles.submit}>
            {mutation.isPending
              ? t('verify.submitting')
              : mode === 'password'
                ? t('verify.submit')
                : t('verify.submitNew')}
          </Button>
          <button
            type="button"
            className={styles.switch}
            onClick={() => switchMode(mode === 'password' ? 'new' : 'password')}
          >
            {mode === 'password' ? t('verify.chooseNew') : t('verify.useCurrent')}
          </button>
        </form>
      )}
      {outcome !== 'asking' && (
        <div className={styles.actions}>
          {signedIn && outcome !== 'handedOver' ? (
            <ButtonLink to={paths.profile.href()} block>
              {outcome === 'verified' ? t('verify.toAccount') : t('verify.askAgain')}
            </ButtonLink>
          ) : (
            <ButtonLink to={paths.login.href()} block>
              {t('verify.toLogin')}
            </ButtonLink>
          )}
          {signedIn && isBackOfficeRole(user.role) && outcome === 'verified' && (
            <ButtonLink to={paths.security.href()} variant="outline" block>
              {t('verify.toSecurity')}
            </ButtonLink>
          )}
        </div>
      )}
      {outcome === 'invalid' && !signedIn && (
        <p>
          <Link to={paths.forgotPassword.href()}>{t('login.forgot')}</Link>
        </p>
      )}
    </AuthLayout>
  );
}
