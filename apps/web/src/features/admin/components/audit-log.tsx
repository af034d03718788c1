import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@boutique/contracts/admin';
import { formatDateTime } from './admin-ui';

/** Every admin write on the record: who, what, when, and what it was before and after. */
export function AuditLog({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <section className="adm-card adm-audit" aria-labelledby="audit-title">
      <h2 id="audit-title">{t('audit.title')}</h2>
      {entries.length === 0 ? (
        <p className="adm-muted">{t('audit.empty')}</p>
      ) : (
        <ol className="adm-timeline">
          {entries.map((entry) => (
            <li key={entry.id}>
              <p>
                <strong>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</strong>
                {' · '}
                <span className="adm-num">{formatDateTime(entry.at, i18n.language)}</span>
                {' · '}
                <bdi>{entry.actor ? entry.actor.name || entry.actor.email : t('audit.system')}</bdi>
              </p>
              {(entry.before != null || entry.after != null) && (
                <details>
                  <summary>{t('audit.changes')}</summary>
                  <pre>{JSON.stringify(changes(entry.before, entry.after), null, 2)}</pre>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The fields that differ between before and after, each as {before, after}; whole records when one is null. */
function changes(before: unknown, after: unknown): unknown {
  if (!isRecord(before) || !isRecord(after)) return { before, after };
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      out[key] = { before: before[key], after: after[key] };
  }
  return out;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
