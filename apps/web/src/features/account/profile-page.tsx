import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { session, useSession } from '@/lib/session/session';
import { currentLanguage } from '@/lib/i18n';
import { firstFieldErrors, showServerFieldErrors } from '@/lib/server-field-errors';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Field, FormMessages, inputClass } from '@/components/ui/field';
import { NewPasswordFields, PasswordField } from '@/components/forms/fields';
import { useFormField } from '@/components/forms/use-form-field';
import { CameraIcon, UserIcon } from '@/components/ui/icons';
import { useUpdateProfile } from './api/update-profile';
import type { ProfileUpdate, User } from '@boutique/contracts';
import { AVATAR_MAX_BYTES, ERROR_CODES } from '@boutique/contracts/constants';
import { resendVerification } from './api/security';
import {
  passwordResolver,
  profileDetailsResolver,
  translateServerError,
  type PasswordFormValues,
  type ProfileDetailsFormValues,
} from './account-validation';
import { AccountLayout } from '@/components/account-layout/account-layout';
import styles from './components/account.module.css';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Name and picture, and the password; the e-mail address is the account's and is not changed here. */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  return (
    <AccountLayout title={t('profile.title')} subtitle={t('profile.subtitle')}>
      <PageMeta title={t('profile.title')} canonicalPath={paths.profile.href()} />
      <meta name="robots" content="noindex" />
      {user && (
        <>
          {!user.email_verified && <VerifyNotice />}
          <DetailsForm key={user.id} user={user} />
          <PasswordForm email={user.email} />
        </>
      )}
    </AccountLayout>
  );
}

/** The address is not confirmed yet: the link went out at registration, and can be sent again. */
function VerifyNotice() {
  const { t } = useTranslation('account');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const send = async () => {
    setState('sending');
    try {
      await resendVerification(currentLanguage());
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  return (
    <section className={styles.notice} aria-live="polite">
      <p>{t('profile.unverified')}</p>
      {state === 'sent' ? (
        <p className={styles.hint}>{t('profile.verificationSent')}</p>
      ) : (
        <Button variant="outline" loading={state === 'sending'} onClick={() => void send()}>
          {t('profile.sendVerification')}
        </Button>
      )}
      {state === 'failed' && (
        <p className={styles.error} role="alert">
          {t('profile.verificationFailed')}
        </p>
      )}
    </section>
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

function DetailsForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation('account');
  const base = useId();
  const resolver = useMemo(() => profileDetailsResolver((key) => t(key)), [t]);
  const form = useForm<ProfileDetailsFormValues, unknown, ProfileUpdate>({
    resolver,
    defaultValues: { name: user.name },
    reValidateMode: 'onSubmit',
  });
  const {
    handleSubmit,
    setError,
    formState: { isDirty },
    reset,
  } = form;
  const mutation = useUpdateProfile();
  /** undefined: unchanged; null: to be removed; text: the new picture as a data URL. */
  const [avatar, setAvatar] = useState<string | null | undefined>(undefined);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const shown = avatar === undefined ? user.avatar : avatar;
  const bind = useFormField(form, () => setMessage(null));

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setMessage(null);
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) return setAvatarError(t('profile.photoType'));
    if (file.size > AVATAR_MAX_BYTES) return setAvatarError(t('profile.photoTooLarge'));
    setAvatarError(null);
    try {
      setAvatar(await readAsDataUrl(file));
    } catch {
      setAvatarError(t('profile.photoType'));
    }
  };

  const onSubmit = handleSubmit(({ name }) => {
    setMessage(null);
    mutation.mutate(
      { name, ...(avatar !== undefined && { avatar }) },
      {
        onSuccess: (saved) => {
          reset({ name: saved.name });
          setAvatar(undefined);
          setMessage({ tone: 'success', text: t('profile.saved') });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const refused = firstFieldErrors(error, ['name', 'avatar'] as const);
            for (const { field, code } of refused) {
              if (field === 'avatar') setAvatarError(t('profile.photoRefused'));
              else setError('name', { type: 'server', message: translateServerError('name', code, t) });
            }
            if (refused.length > 0) return;
          }
          if (error instanceof ApiError && error.status === 429 && avatar) {
            setAvatarError(t('profile.photoTooOften'));
            return;
          }
          setMessage({ tone: 'error', text: t('profile.failed') });
        },
      },
    );
  });

  return (
    <section className={styles.card} aria-labelledby={`${base}-title`}>
      <div className={styles.cardHeader}>
        <h2 id={`${base}-title`} className={styles.cardTitle}>
          {t('profile.details')}
        </h2>
        <p className={styles.cardText}>
          {t('profile.memberSince', { date: formatDate(user.created_at, i18n.language) })}
        </p>
      </div>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className={styles.avatarRow}>
          <span className={styles.avatar}>
            {shown ? (
              <img src={shown} alt={t('profile.photoAlt')} />
            ) : (
              <UserIcon size={40} aria-hidden="true" />
            )}
          </span>
          <div className={styles.avatarControls}>
            <div className={styles.avatarButtons}>
              <label className={`${styles.fileButton} ${styles.linkButton}`}>
                <CameraIcon size={18} />
                {shown ? t('profile.changePhoto') : t('profile.choosePhoto')}
                <input
                  type="file"
                  accept={AVATAR_TYPES.join(',')}
                  className={styles.fileInput}
                  onChange={(event) => void choose(event)}
                />
              </label>
              {shown && (
                <button
                  type="button"
                  className={`${styles.linkButton} ${styles.danger}`}
                  onClick={() => {
                    setAvatar(user.avatar ? null : undefined);
                    setAvatarError(null);
                    setMessage(null);
                  }}
                >
                  {t('profile.removePhoto')}
                </button>
              )}
            </div>
            <p className={styles.hint}>{t('profile.photoHint')}</p>
            {avatarError && (
              <p className={styles.error} role="alert">
                {avatarError}
              </p>
            )}
          </div>
        </div>
        <div className={styles.row}>
          <Field label={t('fields.name')} {...bind('name').field}>
            <input
              type="text"
              autoComplete="name"
              aria-required="true"
              dir="auto"
              className={inputClass}
              {...bind('name').control}
            />
          </Field>
          <div className={styles.readonly}>
            <span className={styles.label}>{t('fields.email')}</span>
            <span className={styles.readonlyValue}>
              <bdi dir="ltr">{user.email}</bdi>
            </span>
          </div>
        </div>
        <FormMessages
          success={message?.tone === 'success' && message.text}
          error={message?.tone === 'error' && message.text}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={mutation.isPending} disabled={!isDirty && avatar === undefined}>
            {mutation.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY_PASSWORDS: PasswordFormValues = { current_password: '', password: '', password_confirmation: '' };

function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const base = useId();
  const resolver = useMemo(() => passwordResolver((key) => t(key)), [t]);
  const form = useForm<PasswordFormValues, unknown, ProfileUpdate>({
    resolver,
    defaultValues: EMPTY_PASSWORDS,
    reValidateMode: 'onSubmit',
  });
  const { handleSubmit, setError, reset } = form;
  const mutation = useUpdateProfile();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [signInAgain, setSignInAgain] = useState(false);
  const navigate = useNavigate();

  const bind = useFormField(form, () => setMessage(null));
  const reveal = { show: t('password.show'), hide: t('password.hide') };

  const onSubmit = handleSubmit((input) => {
    setMessage(null);
    mutation.mutate(
      {
        current_password: input.current_password,
        password: input.password,
        password_confirmation: input.password_confirmation,
      },
      {
        onSuccess: () => {
          reset(EMPTY_PASSWORDS);
          setMessage({ tone: 'success', text: t('password.saved') });
        },
        onError: (error) => {
          if (
            showServerFieldErrors(error, PASSWORD_FIELDS, setError, (name, code) =>
              translateServerError(name, code, t),
            )
          )
            return;
          // An account made by social sign-in, signed in a while ago: a fresh sign-in proves it is the owner.
          if (
            error instanceof ApiError &&
            error.data &&
            (error.data as { code?: string }).code === ERROR_CODES.freshSignInRequired
          ) {
            setSignInAgain(true);
            return setMessage({ tone: 'error', text: t('password.freshSignIn') });
          }
          setMessage({ tone: 'error', text: t('password.failed') });
        },
      },
    );
  });

  return (
    <section className={styles.card} aria-labelledby={`${base}-title`}>
      <div className={styles.cardHeader}>
        <h2 id={`${base}-title`} className={styles.cardTitle}>
          {t('password.title')}
        </h2>
        <p className={styles.cardText}>{t('password.text')}</p>
      </div>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        {/* Tells password managers whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label={t('password.current')}
          binding={bind('current_password')}
          autoComplete="current-password"
          reveal={reveal}
        />
        <div className={styles.row}>
          <NewPasswordFields
            password={{ label: t('password.new'), binding: bind('password', { note: t('password.note') }) }}
            confirmation={{ label: t('password.confirm'), binding: bind('password_confirmation') }}
            reveal={reveal}
          />
        </div>
        <FormMessages
          success={message?.tone === 'success' && message.text}
          error={message?.tone === 'error' && message.text}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={mutation.isPending}>
            {mutation.isPending ? t('profile.saving') : t('password.submit')}
          </Button>
          {signInAgain && (
            <Button
              variant="outline"
              onClick={() =>
                void session
                  .signOut()
                  .then(() =>
                    navigate(paths.login.href(), { state: { from: { pathname: paths.profile.href() } } }),
                  )
              }
            >
              {t('password.signInAgain')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
