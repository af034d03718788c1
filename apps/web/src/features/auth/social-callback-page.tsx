import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  SOCIAL_PROVIDERS,
  SOCIAL_SIGN_IN_ERRORS,
  type SocialProviderName,
  type SocialSignInError,
} from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { afterSignIn, authRedirect } from '@/lib/session/redirect';
import { PageMeta } from '@/components/page-meta';
import { ButtonLink, Spinner } from '@/components/ui/button';
import { exchangeSocialCode } from './api/sign-in';
import { bannerMessage } from './server-errors';
import { AuthLayout } from './components/auth-layout';
import styles from './components/auth.module.css';

const isProvider = (value: string): value is SocialProviderName =>
  (SOCIAL_PROVIDERS as readonly string[]).includes(value);
const isReason = (value: string | null): value is SocialSignInError =>
  (SOCIAL_SIGN_IN_ERRORS as readonly string[]).includes(value ?? '');

/** One-time codes already sent: a code is spent once, even if the effect runs twice (StrictMode, remounts). */
const spentCodes = new Set<string>();

/**
 * The provider sent the shopper back through the API with a one-time code (`token`) or an `error`. The code is
 * traded for a session, then the shopper goes to the page remembered before leaving (`auth_redirect`). An
 * `error` is a reason's key, said here in the shopper's language; no other text from the address is shown.
 */
export default function SocialCallbackPage() {
  const { t } = useTranslation('auth');
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('token');
  const returnedError = params.get('error');
  const minutes = Number(params.get('minutes')) || 15;
  const name = isProvider(provider) ? t(`social.providers.${provider}`) : provider;
  // The server renders this page without its query string: the spinner first, the outcome once here.
  const [failure, setFailure] = useState<{ detail?: string } | null>(null);

  useEffect(() => {
    if (returnedError) {
      setFailure({
        detail:
          returnedError === 'too_many'
            ? t('errors.tooManyAttempts', { count: minutes })
            : isReason(returnedError)
              ? t(`callback.errors.${returnedError}`, { provider: name })
              : undefined,
      });
      return;
    }
    if (!code || !isProvider(provider)) {
      setFailure({});
      return;
    }
    if (spentCodes.has(code)) return;
    spentCodes.add(code);
    exchangeSocialCode({ token: code, provider })
      .then(({ user }) => {
        const next = afterSignIn(user.role, authRedirect.take());
        void navigate(next.pathname, { replace: true, state: next.state });
      })
      .catch((error: unknown) => {
        // A code refused (401) was used already or waited too long: the shopper's way out is the same.
        const expired = error instanceof ApiError && error.status === 401;
        const detail = expired ? t('callback.errors.expired', { provider: name }) : undefined;
        setFailure({ detail: bannerMessage(error, detail ?? '', t) || undefined });
      });
  }, [code, provider, returnedError, navigate, t, name, minutes]);

  return (
    <AuthLayout title={failure ? t('callback.failedTitle') : t('callback.title', { provider: name })}>
      <PageMeta title={t('meta.callback')} />
      <meta name="robots" content="noindex" />
      {failure ? (
        <div className={styles.status} role="alert">
          <p>{t('callback.errorProcessing', { provider: name })}</p>
          {failure.detail && <p className={styles.detail}>{failure.detail}</p>}
          <ButtonLink to={paths.login.href()} block>
            {t('callback.backToLogin')}
          </ButtonLink>
        </div>
      ) : (
        <div className={styles.status}>
          <Spinner label={t('callback.title', { provider: name })} />
          <p>{t('callback.wait')}</p>
        </div>
      )}
    </AuthLayout>
  );
}
