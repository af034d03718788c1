import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@boutique/contracts/constants';
import type { StaffInvitationAcceptInput, StaffInvitationView } from '@boutique/contracts/admin-staff';
import type { User } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { ApiError, apiRequest } from '@/lib/api-client';
import { session, useSession } from '@/lib/session/session';
import type { LoginRedirectState } from '@/lib/session/redirect';
import { PageMeta } from '@/components/page-meta';
import { PageFallback } from '@/components/page-fallback';
import { Button } from '@/components/ui/button';
import {
  Field,
  FormMessage,
  FormMessages,
  fieldA11y,
  inputClass,
  PasswordInput,
} from '@/components/ui/field';
import { AuthLayout } from './components/auth-layout';
import styles from './components/auth.module.css';

const base = (token: string) => `/v1/staff-invitations/${encodeURIComponent(token)}`;
type FieldName = 'name' | 'current_password' | 'password' | 'password_confirmation';

/**
 * `/staff-invitation/{token}`: the owner's invitation to the staff, in the invitee's language. With no account,
 * a name and a password make one (the link proves the address); with an account, its password (or being signed
 * in to it) accepts. Then the invitee signs in and sets up an authenticator app before the back office opens.
 */
export default function StaffInvitationPage() {
  const { t } = useTranslation('staffInvitation');
  const token = useParams().token ?? '';
  const invitation = useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: { invitation: StaffInvitationView } }>(base(token), {
          signal,
          session: false,
        })
      ).data.invitation,
    retry: false,
    staleTime: 0,
  });
  if (invitation.isPending) return <PageFallback />;
  return (
    <>
      <PageMeta title={t('title')} />
      <meta name="robots" content="noindex" />
      {invitation.data ? (
        <Accept token={token} invitation={invitation.data} />
      ) : (
        <AuthLayout title={t('title')}>
          <div role="alert" data-testid="staff-invitation-invalid">
            <FormMessage tone="error">{t('invalid')}</FormMessage>
          </div>
        </AuthLayout>
      )}
    </>
  );
}

function Accept({ token, invitation }: { token: string; invitation: StaffInvitationView }) {
  const { t } = useTranslation('staffInvitation');
  const id = useId();
  const navigate = useNavigate();
  const current = useSession();
  const signedInHere = current.status === 'authenticated' && current.user.email === invitation.email;
  const signedInElsewhere = current.status === 'authenticated' && !signedInHere;
  const isNew = invitation.account === 'none';
  const [values, setValues] = useState<Record<FieldName, string>>({
    name: invitation.name,
    current_password: '',
    password: '',
    password_confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reveal = { showLabel: t('showPassword'), hideLabel: t('hidePassword') };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    const body: StaffInvitationAcceptInput = signedInHere
      ? {}
      : isNew
        ? {
            name: values.name,
            password: values.password,
            password_confirmation: values.password_confirmation,
          }
        : { current_password: values.current_password };
    setBusy(true);
    try {
      await apiRequest(`${base(token)}/accept`, { method: 'POST', body, session: signedInHere });
      if (signedInHere) {
        const me = await apiRequest<{ data: { user: User } }>('/v1/auth/user');
        session.updateUser(me.data.user);
        await navigate(paths.admin.href());
      } else {
        const state: LoginRedirectState = { from: { pathname: paths.admin.href(), search: '', hash: '' } };
        await navigate(paths.login.href(), { state });
      }
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 422) {
        const found: Partial<Record<FieldName, string>> = {};
        for (const name of ['name', 'current_password', 'password', 'password_confirmation'] as const) {
          const code = error.codes[name]?.[0];
          if (error.errors[name]?.[0])
            found[name] = t(`fieldErrors.${code ?? 'invalid'}`, { defaultValue: error.errors[name]?.[0] });
        }
        setErrors(found);
        if (Object.keys(found).length > 0) return;
      }
      const code =
        error instanceof ApiError ? (error.data as { code?: string } | undefined)?.code : undefined;
      setFailure(
        t(
          code === ERROR_CODES.staffInvitationInvalid
            ? 'invalid'
            : code === ERROR_CODES.staffInvitationOtherAccount
              ? 'otherAccount'
              : 'failed',
        ),
      );
    }
  }

  const field = (
    name: FieldName,
    label: string,
    control: (a11y: ReturnType<typeof fieldA11y>) => React.ReactNode,
  ) => {
    const ids = { control: `${id}-${name}`, error: `${id}-${name}-error` };
    return (
      <Field label={label} htmlFor={ids.control} errorId={ids.error} error={errors[name]}>
        {control(fieldA11y(ids, errors[name]))}
      </Field>
    );
  };
  const set = (name: FieldName) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  return (
    <AuthLayout
      title={t('title')}
      subtitle={
        <>
          {t('intro')}{' '}
          <bdi dir="ltr" data-testid="staff-invitation-email">
            {invitation.email}
          </bdi>
        </>
      }
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => void submit(e)}
        data-testid="staff-invitation-form"
      >
        {signedInElsewhere ? (
          <FormMessage tone="error">{t('otherAccount')}</FormMessage>
        ) : signedInHere ? (
          <p>{t('signedIn')}</p>
        ) : isNew ? (
          <>
            <p>{t('newAccount')}</p>
            {field('name', t('name'), (a) => (
              <input
                {...a}
                className={inputClass}
                dir="auto"
                autoComplete="name"
                value={values.name}
                onChange={set('name')}
              />
            ))}
            {field('password', t('password'), (a) => (
              <PasswordInput
                {...a}
                {...reveal}
                autoComplete="new-password"
                value={values.password}
                onChange={set('password')}
              />
            ))}
            {field('password_confirmation', t('passwordConfirmation'), (a) => (
              <PasswordInput
                {...a}
                {...reveal}
                autoComplete="new-password"
                value={values.password_confirmation}
                onChange={set('password_confirmation')}
              />
            ))}
          </>
        ) : (
          <>
            <p>{t('existingAccount')}</p>
            {field('current_password', t('currentPassword'), (a) => (
              <PasswordInput
                {...a}
                {...reveal}
                autoComplete="current-password"
                value={values.current_password}
                onChange={set('current_password')}
              />
            ))}
          </>
        )}
        <p>{t('secondFactor')}</p>
        <FormMessages error={failure && <span role="alert">{failure}</span>} />
        {!signedInElsewhere && (
          <Button
            type="submit"
            block
            loading={busy}
            className={styles.submit}
            data-testid="staff-invitation-accept"
          >
            {t('accept')}
          </Button>
        )}
      </form>
    </AuthLayout>
  );
}
