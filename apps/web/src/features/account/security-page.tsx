import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { SignInSession, TwoFactorProof, TwoFactorSetup } from '@boutique/contracts';
import { TOTP_DIGITS } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { returnPath } from '@/lib/session/redirect';
import { twoFactorStatusQuery } from '@/lib/session/two-factor';
import { AccountLayout } from '@/components/account-layout/account-layout';
import { PageMeta } from '@/components/page-meta';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, FormMessages, fieldA11y, ltrInputClass } from '@/components/ui/field';
import {
  sessionsQuery,
  startTwoFactorSetup,
  twoFactorProof,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useEndAllSessions,
  useEndSession,
  useNewRecoveryCodes,
} from './api/security';
import { deviceName } from './device';
import styles from './components/account.module.css';

/** The devices signed in to the account, and the authenticator app that confirms each sign-in. */
export default function SecurityPage() {
  const { t } = useTranslation('account');
  return (
    <AccountLayout title={t('security.title')} subtitle={t('security.subtitle')}>
      <PageMeta title={t('security.title')} canonicalPath={paths.security.href()} />
      <meta name="robots" content="noindex" />
      <TwoFactorCard />
      <SessionsCard />
    </AccountLayout>
  );
}

function SessionsCard() {
  const { t, i18n } = useTranslation('account');
  const base = useId();
  const sessions = useQuery(sessionsQuery());
  const endOne = useEndSession();
  const endAll = useEndAllSessions();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const label = (s: SignInSession) => deviceName(s.user_agent) ?? t('security.unknownDevice');
  return (
    <section className={styles.card} aria-labelledby={`${base}-title`}>
      <div className={styles.cardHeader}>
        <h2 id={`${base}-title`} className={styles.cardTitle}>
          {t('security.devices')}
        </h2>
        <p className={styles.cardText}>{t('security.devicesText')}</p>
      </div>
      {sessions.isPending && <p className={styles.loading}>{t('security.loading')}</p>}
      {sessions.isError && <FormMessages error={t('security.loadFailed')} />}
      {sessions.data && (
        <ul className={styles.sessions}>
          {sessions.data.map((s) => (
            <li key={s.id} className={styles.session}>
              <div className={styles.sessionHead}>
                <span className={styles.sessionName}>
                  <bdi>{label(s)}</bdi>
                </span>
                {s.current && <span className={styles.badge}>{t('security.thisDevice')}</span>}
              </div>
              <p className={styles.sessionDates}>
                {t('security.since', { date: formatDate(s.started_at, i18n.language) })}
                <br />
                {t('security.lastUsed', { date: formatDate(s.last_used_at, i18n.language) })}
              </p>
              {!s.current && (
                <button
                  type="button"
                  className={`${styles.linkButton} ${styles.danger}`}
                  aria-label={t('security.signOutOf', { device: label(s) })}
                  disabled={endOne.isPending}
                  onClick={() =>
                    endOne.mutate(s.id, {
                      onSuccess: () => setMessage({ tone: 'success', text: t('security.signedOut') }),
                      onError: () => setMessage({ tone: 'error', text: t('security.failed') }),
                    })
                  }
                >
                  {t('security.signOut')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <FormMessages
        success={message?.tone === 'success' && message.text}
        error={message?.tone === 'error' && message.text}
      />
      <div className={styles.actions}>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          {t('security.signOutEverywhere')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('security.everywhereTitle')}
        confirmLabel={t('security.signOutEverywhere')}
        cancelLabel={t('addresses.cancel')}
        busy={endAll.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          endAll.mutate(undefined, {
            onSuccess: () => void navigate(paths.login.href(), { replace: true }),
            onError: () => {
              setConfirming(false);
              setMessage({ tone: 'error', text: t('security.failed') });
            },
          })
        }
      >
        <p>{t('security.everywhereText')}</p>
      </ConfirmDialog>
    </section>
  );
}

function TwoFactorCard() {
  const { t } = useTranslation('account');
  const base = useId();
  const location = useLocation();
  const status = useQuery(twoFactorStatusQuery());
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const newCodes = useNewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const [asking, setAsking] = useState<'codes' | 'remove' | null>(null);

  if (!status.data || (!status.data.required && !status.data.enabled)) return null;
  const { enabled, verified, required, recovery_codes_left: left } = status.data;

  const begin = async () => {
    setStarting(true);
    setError(null);
    try {
      setSetup(await startTwoFactorSetup());
    } catch {
      setError(t('security.twoFactor.failed'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`${base}-title`}>
      <div className={styles.cardHeader}>
        <h2 id={`${base}-title`} className={styles.cardTitle}>
          {t('security.twoFactor.title')}
        </h2>
        <p className={styles.cardText}>
          {required ? t('security.twoFactor.required') : t('security.twoFactor.text')}
        </p>
      </div>
      {codes ? (
        <RecoveryCodesList
          codes={codes}
          onDone={() => setCodes(null)}
          continueTo={location.state ? returnPath(location.state) : undefined}
        />
      ) : setup ? (
        <Enrolment setup={setup} onEnabled={(list) => (setSetup(null), setCodes(list))} />
      ) : enabled ? (
        <>
          <p className={styles.statusLine}>
            <span className={styles.badge}>{t('security.twoFactor.on')}</span>{' '}
            {t('security.twoFactor.codesLeft', { count: left })}
          </p>
          {verified ? (
            asking ? (
              <ProofForm
                action={asking}
                pending={newCodes.isPending || disable.isPending}
                onCancel={() => setAsking(null)}
                onProof={(proof, fail) => {
                  const done = { onSuccess: () => setAsking(null), onError: fail };
                  if (asking === 'codes')
                    newCodes.mutate(proof, {
                      ...done,
                      onSuccess: (list) => (setAsking(null), setCodes(list)),
                    });
                  else disable.mutate(proof, done);
                }}
              />
            ) : (
              <div className={styles.actions}>
                <Button variant="outline" onClick={() => (setError(null), setAsking('codes'))}>
                  {t('security.twoFactor.newCodes')}
                </Button>
                <Button variant="ghost" onClick={() => (setError(null), setAsking('remove'))}>
                  {t('security.twoFactor.remove')}
                </Button>
              </div>
            )
          ) : (
            <ButtonLink to={paths.twoFactor.href()} state={{ from: location }}>
              {t('security.twoFactor.confirmSignIn')}
            </ButtonLink>
          )}
        </>
      ) : (
        <div className={styles.actions}>
          <Button loading={starting} onClick={() => void begin()}>
            {t('security.twoFactor.setUp')}
          </Button>
        </div>
      )}
      <FormMessages error={error} />
    </section>
  );
}

/**
 * Before new recovery codes or removing the app: the password, or a code of the app (an access token alone
 * must not be enough to change the second factor).
 */
function ProofForm({
  action,
  pending,
  onProof,
  onCancel,
}: {
  action: 'codes' | 'remove';
  pending: boolean;
  onProof: (proof: TwoFactorProof, fail: (err: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const base = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { control: `${base}-proof`, error: `${base}-proof-error` };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) return setError(t('security.twoFactor.proofRequired'));
    onProof(twoFactorProof(value), (err) =>
      setError(
        err instanceof ApiError && err.status === 422
          ? t('security.twoFactor.proofWrong')
          : err instanceof ApiError && err.status === 429
            ? t('security.twoFactor.tooMany')
            : t('security.twoFactor.failed'),
      ),
    );
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <div className={styles.codeField}>
        <Field
          label={t('security.twoFactor.proofLabel')}
          htmlFor={ids.control}
          errorId={ids.error}
          error={error ?? undefined}
        >
          <input
            type="password"
            className={ltrInputClass}
            autoComplete="current-password"
            aria-required="true"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            {...fieldA11y(ids, error ?? undefined)}
          />
        </Field>
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant={action === 'remove' ? 'outline' : 'dark'} loading={pending}>
          {action === 'remove'
            ? t('security.twoFactor.confirmRemove')
            : t('security.twoFactor.confirmNewCodes')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('security.twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Scan the code (or type the key), then prove it with the app's first code. */
function Enrolment({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const base = useId();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { control: `${base}-code`, error: `${base}-code-error` };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const entered = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(entered))
      return setError(t('security.twoFactor.codeFormat'));
    enable.mutate(entered, {
      onSuccess: onEnabled,
      onError: (err) =>
        setError(
          err instanceof ApiError && err.status === 422
            ? t('security.twoFactor.codeWrong')
            : err instanceof ApiError && err.status === 429
              ? t('security.twoFactor.tooMany')
              : t('security.twoFactor.failed'),
        ),
    });
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <ol className={styles.steps}>
        <li>{t('security.twoFactor.step1')}</li>
        <li>{t('security.twoFactor.step2')}</li>
      </ol>
      <div className={styles.enrol}>
        <img
          className={styles.qr}
          src={setup.qr}
          alt={t('security.twoFactor.qrAlt')}
          width={180}
          height={180}
        />
        <div className={styles.secret}>
          <span className={styles.label}>{t('security.twoFactor.key')}</span>
          <code dir="ltr" className={styles.secretValue}>
            {setup.secret.match(/.{1,4}/g)?.join(' ')}
          </code>
        </div>
      </div>
      <div className={styles.codeField}>
        <Field
          label={t('security.twoFactor.codeLabel')}
          htmlFor={ids.control}
          errorId={ids.error}
          error={error ?? undefined}
        >
          <input
            dir="ltr"
            className={ltrInputClass}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={TOTP_DIGITS}
            aria-required="true"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            {...fieldA11y(ids, error ?? undefined)}
          />
        </Field>
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={enable.isPending}>
          {t('security.twoFactor.confirm')}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodesList({
  codes,
  onDone,
  continueTo,
}: {
  codes: string[];
  onDone: () => void;
  continueTo: string | undefined;
}) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.form}>
      <FormMessages success={t('security.twoFactor.enabled')} />
      <p>{t('security.twoFactor.codesText')}</p>
      <ul className={styles.codes} dir="ltr" aria-label={t('security.twoFactor.codesLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        {continueTo ? (
          <ButtonLink to={continueTo}>{t('security.twoFactor.saved')}</ButtonLink>
        ) : (
          <Button onClick={onDone}>{t('security.twoFactor.saved')}</Button>
        )}
      </div>
    </div>
  );
}
