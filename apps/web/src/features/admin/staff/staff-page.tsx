import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, STAFF_AREAS, type Language } from '@boutique/contracts/constants';
import { Button } from '@/components/ui/button';
import { inputClass, ltrInputClass, SelectBox } from '@/components/ui/field';
import { useAdminStaff, useInviteStaff, useRemoveStaff } from '../api/staff';
import { AdminField, fieldErrorsOf, type FieldA11y } from '../components/admin-field';
import { AdminPageHeader, QueryState, errorMessage, formatDateTime } from '../components/admin-ui';

const FIELDS = ['email', 'name', 'language'] as const;

/** An address or a name typed in Latin letters keeps its own direction inside an Arabic sentence. */
const isolated = (text: string) => `\u2068${text}\u2069`;
type FieldName = (typeof FIELDS)[number];

/**
 * The owner's staff: who holds the back office (owner and staff, with their second factor), the invitations
 * waiting, and a form to invite someone by e-mail in their language. Staff run STAFF_AREAS only.
 */
export default function StaffPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const list = useAdminStaff();
  const remove = useRemoveStaff();
  const [notice, setNotice] = useState<string | null>(null);

  const withdraw = (kind: 'invitation' | 'member', id: number, confirm: string, done: string) => {
    if (!window.confirm(confirm)) return;
    remove.mutate(
      { kind, id },
      {
        onSuccess: () => setNotice(done),
        onError: (error) => setNotice(errorMessage(error, t('staff.failed'))),
      },
    );
  };

  return (
    <>
      <AdminPageHeader
        title={t('staff.title')}
        subtitle={t('staff.subtitle', {
          areas: STAFF_AREAS.map((a) => t(`staff.areas.${a}`)).join(t('staff.listSeparator')),
        })}
      />
      <div className="adm-stack">
        {notice && (
          <p className="adm-card" role="status">
            {notice}
          </p>
        )}
        <InviteForm onDone={setNotice} />
        {!list.data ? (
          <QueryState error={list.error} retry={() => void list.refetch()} />
        ) : (
          <>
            <section className="adm-card" aria-labelledby="staff-members">
              <h2 id="staff-members">{t('staff.members')}</h2>
              <ul className="adm-list" data-testid="staff-members">
                {list.data.members.map((m) => (
                  <li key={m.id}>
                    <span>
                      <bdi>
                        <strong>{m.name}</strong>
                      </bdi>{' '}
                      <bdi dir="ltr" className="adm-muted">
                        {m.email}
                      </bdi>
                    </span>
                    <span className="adm-actions">
                      <span className="adm-badge" data-tone={m.role === 'admin' ? 'good' : undefined}>
                        {t(`staff.roles.${m.role}`)}
                      </span>
                      {!m.second_factor && (
                        <span className="adm-badge" data-tone="warn">
                          {t('staff.noSecondFactor')}
                        </span>
                      )}
                      {m.role === 'staff' && (
                        <button
                          type="button"
                          className="adm-small-btn"
                          disabled={remove.isPending}
                          onClick={() =>
                            withdraw(
                              'member',
                              m.id,
                              t('staff.confirmRemove', { name: isolated(m.name) }),
                              t('staff.removed', { name: isolated(m.name) }),
                            )
                          }
                        >
                          {t('staff.remove')}
                        </button>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <section className="adm-card" aria-labelledby="staff-invitations">
              <h2 id="staff-invitations">{t('staff.invitations')}</h2>
              {list.data.invitations.length === 0 ? (
                <p className="adm-muted">{t('staff.noInvitations')}</p>
              ) : (
                <ul className="adm-list" data-testid="staff-invitations">
                  {list.data.invitations.map((inv) => (
                    <li key={inv.id}>
                      <span>
                        <bdi>
                          <strong>{inv.name}</strong>
                        </bdi>{' '}
                        <bdi dir="ltr" className="adm-muted">
                          {inv.email}
                        </bdi>
                        <br />
                        <small className="adm-muted">
                          {t(inv.expired ? 'staff.expired' : 'staff.expires', {
                            date: formatDateTime(inv.expires_at, lang),
                          })}{' '}
                          · {t(`languages.${inv.language}`)}
                        </small>
                      </span>
                      <button
                        type="button"
                        className="adm-small-btn"
                        disabled={remove.isPending}
                        onClick={() =>
                          withdraw(
                            'invitation',
                            inv.id,
                            t('staff.confirmRevoke', { email: isolated(inv.email) }),
                            t('staff.revoked', { email: isolated(inv.email) }),
                          )
                        }
                      >
                        {t('staff.revoke')}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </>
  );
}

function InviteForm({ onDone }: { onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const invite = useInviteStaff();
  const [draft, setDraft] = useState({ email: '', name: '', language: i18n.language as Language });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    invite.mutate(draft, {
      onSuccess: () => {
        onDone(t('staff.invited', { email: isolated(draft.email.trim()) }));
        setDraft((d) => ({ ...d, email: '', name: '' }));
      },
      onError: (error) => {
        const found = fieldErrorsOf(error, FIELDS, (code) =>
          t(`staff.fieldErrors.${code}`, { defaultValue: t('staff.fieldErrors.invalid') }),
        );
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        setFailure(errorMessage(error, t('staff.failed')));
      },
    });
  }

  const field = (name: FieldName, label: string, control: (a11y: FieldA11y) => React.ReactNode) => (
    <AdminField formId={id} name={name} label={label} error={errors[name]} control={control} />
  );

  return (
    <form className="adm-form adm-card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staff.invite')}</h2>
      {field('name', t('staff.fields.name'), (a) => (
        <input
          {...a}
          className={inputClass}
          dir="auto"
          autoComplete="off"
          value={draft.name}
          onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
        />
      ))}
      {field('email', t('staff.fields.email'), (a) => (
        <input
          {...a}
          type="email"
          className={ltrInputClass}
          dir="ltr"
          autoComplete="off"
          value={draft.email}
          onChange={(e) => setDraft((d) => ({ ...d, email: e.target.value }))}
        />
      ))}
      {field('language', t('staff.fields.language'), (a) => (
        <SelectBox
          {...a}
          value={draft.language}
          onChange={(e) => setDraft((d) => ({ ...d, language: e.target.value as Language }))}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </SelectBox>
      ))}
      {failure && (
        <p className="adm-error" role="alert">
          {failure}
        </p>
      )}
      <div className="adm-actions">
        <Button type="submit" disabled={invite.isPending} data-testid="staff-invite">
          {t('staff.send')}
        </Button>
      </div>
    </form>
  );
}
