import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_UPLOAD } from '@boutique/contracts/admin';
import { errorMessage } from './admin-ui';
import { problemText } from './problems';

interface Upload {
  key: number;
  name: string;
  /** 0 to 1 while it goes, then done or refused. */
  progress: number;
  state: 'sending' | 'done' | 'refused';
  message?: string;
}

let nextKey = 0;

/**
 * Photos dropped on the zone or chosen with the button, sent one request each so that each shows its own
 * progress; the server decides what a photo is (it sniffs the content) and its refusal is shown beside the file.
 */
export function PictureUploader({
  label,
  upload,
  disabled,
}: {
  label: string;
  upload: (file: File, onProgress: (share: number) => void) => Promise<unknown>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);

  const change = (key: number, patch: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const send = async (files: File[]) => {
    const batch = files.map((file) => ({ file, key: (nextKey += 1) }));
    setUploads((list) => [
      ...batch.map(({ file, key }) => ({ key, name: file.name, progress: 0, state: 'sending' as const })),
      ...list.filter((u) => u.state !== 'done'),
    ]);
    // One after the other: the pictures keep the order they were chosen in, and a phone's upload is not split.
    for (const { file, key } of batch) {
      if (file.size > ADMIN_UPLOAD.maxBytes) {
        change(key, {
          state: 'refused',
          message: t('pictures.tooBig', { mb: ADMIN_UPLOAD.maxBytes / 1048576 }),
        });
        continue;
      }
      try {
        await upload(file, (share) => change(key, { progress: share }));
        change(key, { state: 'done', progress: 1 });
      } catch (error) {
        change(key, {
          state: 'refused',
          message: problemText(errorMessage(error, t('pictures.failed')), t),
        });
      }
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) void send(files);
  };

  return (
    <div className="adm-stack">
      <div
        className="adm-drop"
        data-over={over}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>{t('pictures.drop')}</p>
        <button
          type="button"
          className="adm-small-btn"
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {label}
        </button>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          hidden
          aria-label={label}
          accept={ADMIN_UPLOAD.types.join(',')}
          disabled={disabled}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void send(files);
          }}
        />
        <p className="adm-muted">{t('pictures.rules', { mb: ADMIN_UPLOAD.maxBytes / 1048576 })}</p>
      </div>
      {uploads.length > 0 && (
        <ul className="adm-uploads" aria-label={t('pictures.uploads')}>
          {uploads.map((u) => (
            <li key={u.key}>
              <span>
                <bdi>{u.name}</bdi>
                {' — '}
                {u.state === 'sending' && t('pictures.sending', { percent: Math.round(u.progress * 100) })}
                {u.state === 'done' && t('pictures.done')}
                {u.state === 'refused' && (
                  <span className="adm-error" role="alert">
                    {u.message}
                  </span>
                )}
              </span>
              {u.state === 'sending' && (
                <progress
                  max={1}
                  value={u.progress}
                  aria-label={t('pictures.progressOf', { name: u.name })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
