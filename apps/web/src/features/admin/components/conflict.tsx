import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@boutique/contracts/constants';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

/**
 * The record as it is now, when a write was refused because it was based on an older version (409 `stale`,
 * decision 028); undefined for any other failure.
 */
export function staleRecord<T>(error: unknown): T | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const body = error.data as { error?: unknown; code?: unknown; current?: unknown } | undefined;
  if (body?.error !== 'stale' && body?.code !== ERROR_CODES.stale) return undefined;
  return (body.current ?? undefined) as T | undefined;
}

/** One field someone else changed: as the page was opened, as it is now, and the owner's own edit if any. */
export interface FieldChange {
  field: string;
  label: string;
  before: ReactNode;
  now: ReactNode;
  /** Set when the owner changed this field too: what re-applying will write. */
  yours?: ReactNode;
}

/**
 * What a refused save shows, where the owner pressed the button: what changed since the page was opened, field by
 * field in the owner's language, and the two ways on: re-apply their edit onto the record as it is now (one
 * click; where both changed a field, the owner's edit is written over the other, shown side by side), or drop it.
 */
export function ConflictNotice({
  what,
  changes,
  yourFields,
  onReapply,
  onDiscard,
  busy,
}: {
  /** "this product", "this caption"... */
  what: string;
  changes: FieldChange[];
  /** Labels of the fields the owner edited, which re-applying writes onto the current record. */
  yourFields: string[];
  onReapply?: () => void;
  onDiscard: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <section className="adm-conflict" role="alert" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('conflict.title', { what })}</h3>
      {changes.length > 0 ? (
        <>
          <p>{t('conflict.changed')}</p>
          <ul className="adm-conflict-list">
            {changes.map((change) => (
              <li key={change.field}>
                <strong>{change.label}</strong>
                <dl>
                  <dt>{t('conflict.before')}</dt>
                  <dd>
                    <bdi>{change.before}</bdi>
                  </dd>
                  <dt>{t('conflict.now')}</dt>
                  <dd data-now="true">
                    <bdi>{change.now}</bdi>
                  </dd>
                  {change.yours !== undefined && (
                    <>
                      <dt>{t('conflict.yours')}</dt>
                      <dd>
                        <bdi>{change.yours}</bdi>
                      </dd>
                    </>
                  )}
                </dl>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('conflict.nothingVisible')}</p>
      )}
      {onReapply && yourFields.length > 0 && (
        <p>{t('conflict.reapplyHint', { fields: yourFields.join(t('conflict.listSeparator')) })}</p>
      )}
      <div className="adm-actions">
        {onReapply && yourFields.length > 0 && (
          <Button onClick={onReapply} loading={busy}>
            {t('conflict.reapply')}
          </Button>
        )}
        <Button variant="outline" onClick={onDiscard} disabled={busy}>
          {yourFields.length > 0 ? t('conflict.discard') : t('conflict.showCurrent')}
        </Button>
      </div>
    </section>
  );
}
