import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TOTP_DIGITS } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { returnPath } from '@/lib/session/redirect';
import { twoFactorStatusQuery, verifySecondFactor } from '@/lib/session/two-factor';
import { PageMeta } from '@/components/page-meta';
import { PageFallback } from '@/components/page-fallback';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field, FormMessages, fieldA11y, ltrInputClass } from '@/components/ui/field';
import { AuthLayout } from './components/auth-layout';
import { bannerMessage } from './server-errors';
import styles from './components/auth.module.css';

/**
 * The second step of a sign-in for accounts with an authenticator app (admins must have one): the app's
 * current code, or one of the recovery codes. Once this sign-in is confirmed, on to where the shopper was
 * going. Without an app yet, the way to set one up.
 */
export default function TwoFactorPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  // Never the cached answer of an earlier sign-in: this one's is asked for each time the page opens.
  const status = useQuery({ ...twoFactorStatusQuery(), refetchOnMount: 'always' });
  const fresh = status.isFetchedAfterMount;
  const target = returnPath(location.state);
  const base = useId();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (fresh && status.data?.verified) void navigate(target, { replace: true });
  }, [fresh, status.data?.verified, navigate, target]);

  if (status.isError) {
    return (
      <AuthLayout title={t('twoFactor.title')}>
        <FormMessages error={t('twoFactor.loadFailed')} />
      </AuthLayout>
    );
  }

  if (!fresh || !status.data || status.data.verified) return <PageFallback />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = recovery ? value.trim() : value.replace(/\s/g, '');
    if (!recovery && !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(entered))
      return setError(t('twoFactor.codeFormat'));
    if (recovery && entered.length < 8) return setError(t('twoFactor.recoveryFormat'));
    setBusy(true);
    setError(null);
    try {
      await verifySecondFactor(recovery ? { recovery_code: entered } : { code: entered });
      await client.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey });
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 422
          ? t(recovery ? 'twoFactor.recoveryWrong' : 'twoFactor.codeWrong')
          : bannerMessage(err, t('twoFactor.failed'), t),
      );
    } finally {
      setBusy(false);
    }
  };

  if (!status.data.enabled) {
    return (
      <AuthLayout title={t('twoFactor.setUpTitle')} subtitle={t('twoFactor.setUpText')}>
        <PageMeta title={t('meta.twoFactor')} />
        <meta name="robots" content="noindex" />
        <div className={styles.actions}>
          <ButtonLink to={paths.security.href()} state={{ from: { pathname: target } }} block>
            {t('twoFactor.setUp')}
          </ButtonLink>
          <ButtonLink to={target} variant="outline" block>
            {t('twoFactor.later')}
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  const ids = { control: `${base}-code`, error: `${base}-code-error` };
  return (
    <AuthLayout
      title={t('twoFactor.title')}
      subtitle={recovery ? t('twoFactor.recoverySubtitle') : t('twoFactor.subtitle')}
      footer={
        <p>
          <Link to={target} className={styles.textLink}>
            {t('twoFactor.later')}
          </Link>
        </p>
      }
    >
      <PageMeta title={t('meta.twoFactor')} />
      <meta name="robots" content="noindex" />
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <Field
          label={recovery ? t('twoFactor.recoveryLabel') : t('twoFactor.codeLabel')}
          htmlFor={ids.control}
          errorId={ids.error}
          error={error ?? undefined}
        >
          <input
            key={recovery ? 'recovery' : 'code'}
            dir="ltr"
            className={`${ltrInputClass} ${recovery ? '' : styles.code}`}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={recovery ? 64 : TOTP_DIGITS}
            spellCheck={false}
            aria-required="true"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            {...fieldA11y(ids, error ?? undefined)}
          />
        </Field>
        <Button type="submit" block loading={busy} className={styles.submit}>
          {busy ? t('twoFactor.checking') : t('twoFactor.submit')}
        </Button>
        <button
          type="button"
          className={styles.switch}
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setError(null);
          }}
        >
          {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
      </form>
    </AuthLayout>
  );
}
