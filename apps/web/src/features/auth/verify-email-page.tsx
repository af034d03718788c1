import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/session';
import { PageMeta } from '@/components/page-meta';
import { ButtonLink } from '@/components/ui/button';
import { FormMessages } from '@/components/ui/field';
import { useVerifyEmail } from './api/verify-email';
import { AuthLayout } from './components/auth-layout';
import styles from './components/auth.module.css';

type Outcome = 'pending' | 'verified' | 'invalid' | 'failed';

/**
 * The e-mailed link's page: the address is confirmed as soon as it opens (the link is single use; the server
 * renders the page without its token), then the way on: the account when signed in, else the login.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status, user } = useSession();
  const mutation = useVerifyEmail();
  const [outcome, setOutcome] = useState<Outcome>('pending');
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) return setOutcome('invalid');
    mutation.mutate(
      { token },
      {
        onSuccess: () => setOutcome('verified'),
        onError: (error) =>
          setOutcome(error instanceof ApiError && error.status === 422 ? 'invalid' : 'failed'),
      },
    );
  }, [token, mutation]);

  const signedIn = status === 'authenticated';
  const title =
    outcome === 'verified'
      ? t('verify.doneTitle')
      : outcome === 'pending'
        ? t('verify.title')
        : t('verify.failedTitle');
  return (
    <AuthLayout title={title}>
      <PageMeta title={t('meta.verify')} />
      <meta name="robots" content="noindex" />
      {outcome === 'pending' && (
        <p className={styles.lead} role="status">
          {t('verify.wait')}
        </p>
      )}
      <FormMessages
        success={outcome === 'verified' && t('verify.done')}
        error={outcome === 'invalid' ? t('verify.invalid') : outcome === 'failed' ? t('verify.failed') : null}
      />
      {outcome !== 'pending' && (
        <div className={styles.actions}>
          {signedIn ? (
            <ButtonLink to={paths.profile.href()} block>
              {outcome === 'verified' ? t('verify.toAccount') : t('verify.askAgain')}
            </ButtonLink>
          ) : (
            <ButtonLink to={paths.login.href()} block>
              {t('verify.toLogin')}
            </ButtonLink>
          )}
          {signedIn && user.role === 'admin' && outcome === 'verified' && (
            <ButtonLink to={paths.security.href()} variant="outline" block>
              {t('verify.toSecurity')}
            </ButtonLink>
          )}
        </div>
      )}
    </AuthLayout>
  );
}
