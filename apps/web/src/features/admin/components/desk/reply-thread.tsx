import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMessage } from '@boutique/contracts/admin';
import { DESK_LIMITS } from '@boutique/contracts/admin-desk';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { useSendReply, useThread } from '../../api/desk';
import { errorMessage } from '../admin-ui';
import { TimelineEntry } from './timeline-entry';
import { staleRecord } from '../conflict';

const TONE = { queued: 'warn', sent: 'good', failed: 'bad' } as const;

/** A message's replies (each with its e-mail's state) and the form that sends one by e-mail. */
export function ReplyThread({ message }: { message: AdminMessage }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const thread = useThread(message.id, open || message.answered_at !== null);
  const send = useSendReply(message.id);
  const [body, setBody] = useState('');
  const formId = `reply-${message.id}`;
  const replies = thread.data?.replies ?? [];
  return (
    <div className="adm-desk-thread">
      {replies.length > 0 && (
        <ol className="adm-desk-timeline" aria-label={t('desk.replies')}>
          {replies.map((reply) => (
            <TimelineEntry
              key={reply.id}
              testId="desk-reply"
              author={reply.author}
              at={reply.sent_at}
              body={reply.body}
              badge={
                <span className="adm-badge" data-tone={TONE[reply.delivery]}>
                  {t(`desk.delivery.${reply.delivery}`)}
                </span>
              }
            />
          ))}
        </ol>
      )}
      {open ? (
        <form
          className="adm-field"
          onSubmit={(e) => {
            e.preventDefault();
            if (!body.trim()) return;
            send.mutate(
              { body, version: message.version },
              {
                onSuccess: () => {
                  setBody('');
                  setOpen(false);
                },
              },
            );
          }}
        >
          <label htmlFor={formId}>{t('desk.replyTo', { email: message.email })}</label>
          <textarea
            id={formId}
            dir="auto"
            rows={5}
            maxLength={DESK_LIMITS.reply}
            className={inputClass}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          <p className="adm-muted">{t('desk.replyHint')}</p>
          <div className="adm-actions">
            <Button type="submit" variant="dark" loading={send.isPending} disabled={!body.trim()}>
              {t('desk.sendReply')}
            </Button>
            <button type="button" className="adm-small-btn" onClick={() => setOpen(false)}>
              {t('desk.cancel')}
            </button>
          </div>
          {send.error && (
            <p className="adm-error" role="alert">
              {staleRecord(send.error)
                ? t('conflict.messageStale')
                : errorMessage(send.error, t('errors.save'))}
            </p>
          )}
        </form>
      ) : (
        <div className="adm-actions">
          <button type="button" className="adm-small-btn" onClick={() => setOpen(true)}>
            {t('messages.reply')}
          </button>
        </div>
      )}
    </div>
  );
}
