import { useTranslation } from 'react-i18next';
import type { AdminFailedMail, AdminMessage } from '@boutique/contracts/admin';
import { useAdminMessages, useFailedMails, useResendMail, useUpdateMessage } from '../api/messages';
import { staleRecord } from '../components/conflict';
import { ReplyThread } from '../components/desk/reply-thread';
import {
  AdminPageHeader,
  Pager,
  QueryState,
  Tabs,
  formatDateTime,
  useListParams,
} from '../components/admin-ui';

const PER_PAGE = 20;
const BOXES = ['inbox', 'archived', 'failed'] as const;
type Box = (typeof BOXES)[number];

/** The contact form's messages: unread first; read, archive, reply (e-mailed from the shop, kept in the thread). */
export default function MessagesPage() {
  const { t } = useTranslation('admin');
  const { values, page, set } = useListParams(['box'] as const);
  const box: Box = values.box === 'archived' || values.box === 'failed' ? values.box : 'inbox';
  const list = useAdminMessages({ box: box === 'failed' ? 'inbox' : box, page, per_page: PER_PAGE });

  return (
    <>
      <AdminPageHeader
        title={t('messages.title')}
        subtitle={list.data ? t('messages.unreadCount', { count: list.data.unread }) : undefined}
      />
      <Tabs
        label={t('messages.boxes')}
        tabs={BOXES.map((b) => ({ key: b, label: t(`messages.${b}`) }))}
        current={box}
        onPick={(b) => set({ box: b === 'inbox' ? '' : b })}
      />
      {box === 'failed' ? (
        <FailedMails />
      ) : list.data ? (
        <>
          {list.data.messages.data.length === 0 ? (
            <p className="adm-muted">{t('messages.empty')}</p>
          ) : (
            <ul className="adm-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.data.messages.data.map((message) => (
                <li key={message.id}>
                  <MessageCard message={message} />
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={list.data.messages.current_page}
            lastPage={list.data.messages.last_page}
            total={list.data.messages.total}
            onPage={(next) => set({ page: next })}
          />
        </>
      ) : (
        <QueryState error={list.error} retry={() => void list.refetch()} />
      )}
    </>
  );
}

function MessageCard({ message }: { message: AdminMessage }) {
  const { t, i18n } = useTranslation('admin');
  const update = useUpdateMessage();
  const unread = !message.read_at;
  const subject = message.subject
    ? t(`messages.subjects.${message.subject}`, { defaultValue: message.subject })
    : '';
  const headingId = `message-${message.id}`;
  return (
    <article className="adm-card adm-message" data-unread={unread} aria-labelledby={headingId}>
      <h2 id={headingId} style={{ fontSize: 'var(--text-lg)', margin: 0 }}>
        {unread && (
          <span className="adm-badge" data-tone="warn">
            {t('messages.new')}
          </span>
        )}{' '}
        {message.answered_at && (
          <>
            <span className="adm-badge" data-tone="good">
              {t('desk.answered')}
            </span>{' '}
          </>
        )}
        <bdi>{message.name}</bdi>
        {subject && <span className="adm-muted"> · {subject}</span>}
      </h2>
      <p className="adm-muted">
        <bdi dir="ltr">{message.email}</bdi>
        {message.phone && (
          <>
            {' · '}
            <bdi dir="ltr">{message.phone}</bdi>
          </>
        )}
        {' · '}
        <span className="adm-num">{formatDateTime(message.created_at, i18n.language)}</span>
      </p>
      <p className="adm-message-text" dir="auto">
        {message.message}
      </p>
      <ReplyThread message={message} />
      <div className="adm-actions">
        <button
          type="button"
          className="adm-small-btn"
          disabled={update.isPending}
          onClick={() =>
            update.mutate({ id: message.id, change: { read: unread, version: message.version } })
          }
        >
          {unread ? t('messages.markRead') : t('messages.markUnread')}
        </button>
        <button
          type="button"
          className="adm-small-btn"
          disabled={update.isPending}
          onClick={() =>
            update.mutate({
              id: message.id,
              change: { archived: !message.archived_at, version: message.version },
            })
          }
        >
          {message.archived_at ? t('messages.unarchive') : t('messages.archive')}
        </button>
      </div>
      {update.error && (
        <p className="adm-error" role="alert">
          {staleRecord(update.error) ? t('conflict.messageStale') : t('errors.save')}
        </p>
      )}
    </article>
  );
}

/** E-mails not delivered after every try (a long mail server outage), each with "Send again". */
function FailedMails() {
  const { t, i18n } = useTranslation('admin');
  const mails = useFailedMails();
  const resend = useResendMail();
  if (!mails.data) return <QueryState error={mails.error} retry={() => void mails.refetch()} />;
  return (
    <>
      <p className="adm-muted">{t('messages.failedIntro')}</p>
      {mails.data.length === 0 ? (
        <p className="adm-muted">{t('messages.failedEmpty')}</p>
      ) : (
        <ul className="adm-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {mails.data.map((mail) => (
            <li key={mail.id}>
              <FailedMailCard
                mail={mail}
                language={i18n.language}
                busy={resend.isPending}
                onResend={() => resend.mutate(mail.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {resend.isSuccess && (
        <p className="adm-muted" role="status">
          {t('messages.resent')}
        </p>
      )}
      {resend.error && (
        <p className="adm-error" role="alert">
          {t('errors.save')}
        </p>
      )}
    </>
  );
}

function FailedMailCard(props: {
  mail: AdminFailedMail;
  language: string;
  busy: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation('admin');
  const { mail } = props;
  const headingId = `failed-mail-${mail.id}`;
  return (
    <article className="adm-card adm-message" aria-labelledby={headingId}>
      <h2 id={headingId} style={{ fontSize: 'var(--text-lg)', margin: 0 }}>
        <bdi>{mail.subject}</bdi>
      </h2>
      <p className="adm-muted">
        <bdi dir="ltr">{mail.to}</bdi>
        {' · '}
        <span className="adm-num">{formatDateTime(mail.created_at, props.language)}</span>
        {' · '}
        {t('messages.attempts', { count: mail.attempts })}
      </p>
      {mail.last_error && (
        <p className="adm-muted" dir="ltr">
          {mail.last_error}
        </p>
      )}
      <div className="adm-actions">
        <button type="button" className="adm-small-btn" disabled={props.busy} onClick={props.onResend}>
          {t('messages.resend')}
        </button>
      </div>
    </article>
  );
}
