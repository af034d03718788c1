import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESK_LIMITS } from '@boutique/contracts/admin-desk';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { useAddNote, useDeleteNote, useNotes, type NoteSubject } from '../../api/desk';
import { errorMessage } from '../admin-ui';
import { TimelineEntry } from './timeline-entry';

/** The staff's internal notes on an order or a customer: a timeline, newest first, with a small form. */
export function NotesCard({ subject }: { subject: NoteSubject }) {
  const { t } = useTranslation('admin');
  const notes = useNotes(subject);
  const add = useAddNote(subject);
  const remove = useDeleteNote(subject);
  const [body, setBody] = useState('');
  const id = `notes-${subject.kind}-${subject.id}`;
  const submit = () => {
    if (!body.trim()) return;
    add.mutate(body, { onSuccess: () => setBody('') });
  };
  return (
    <section className="adm-card" aria-labelledby={id}>
      <h2 id={id}>{t('desk.notes')}</h2>
      <p className="adm-muted">{t('desk.notesPrivate')}</p>
      <form
        className="adm-field"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${id}-body`}>{t('desk.newNote')}</label>
        <textarea
          id={`${id}-body`}
          dir="auto"
          rows={3}
          maxLength={DESK_LIMITS.note}
          className={inputClass}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <div className="adm-actions">
          <Button type="submit" variant="dark" loading={add.isPending} disabled={!body.trim()}>
            {t('desk.addNote')}
          </Button>
        </div>
        {add.error && (
          <p className="adm-error" role="alert">
            {errorMessage(add.error, t('errors.save'))}
          </p>
        )}
      </form>
      {notes.data && notes.data.length === 0 && <p className="adm-muted">{t('desk.noNotes')}</p>}
      {notes.data && notes.data.length > 0 && (
        <ol className="adm-desk-timeline" aria-label={t('desk.notes')}>
          {notes.data.map((note) => (
            <TimelineEntry key={note.id} author={note.author} at={note.created_at} body={note.body}>
              {note.deletable && (
                <button
                  type="button"
                  className="adm-small-btn"
                  data-danger="true"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(note.id)}
                >
                  {t('desk.deleteNote')}
                </button>
              )}
            </TimelineEntry>
          ))}
        </ol>
      )}
      {remove.error && (
        <p className="adm-error" role="alert">
          {errorMessage(remove.error, t('errors.save'))}
        </p>
      )}
    </section>
  );
}
