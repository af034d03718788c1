import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESK_LIMITS, TagSchema } from '@boutique/contracts/admin-desk';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { useSetTags } from '../../api/desk';
import { errorMessage } from '../admin-ui';
import { staleRecord } from '../conflict';

/** A customer's tags as chips: add one, remove one; each change names the version the page showed. */
export function TagsCard({
  customerId,
  tags,
  version,
}: {
  customerId: number;
  tags: string[];
  version: number;
}) {
  const { t } = useTranslation('admin');
  const save = useSetTags(customerId);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const write = (next: string[]) => save.mutate({ tags: next, version });
  const add = () => {
    const parsed = TagSchema.safeParse(draft);
    if (!parsed.success || tags.length >= DESK_LIMITS.tags) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (!tags.includes(parsed.data)) write([...tags, parsed.data]);
    setDraft('');
  };
  return (
    <section className="adm-card" aria-labelledby="customer-tags">
      <h2 id="customer-tags">{t('desk.tags')}</h2>
      {tags.length === 0 ? (
        <p className="adm-muted">{t('desk.noTags')}</p>
      ) : (
        <ul className="adm-chips" aria-label={t('desk.tags')}>
          {tags.map((tag) => (
            <li key={tag} className="adm-chip">
              <bdi>{tag}</bdi>
              <button
                type="button"
                aria-label={t('desk.removeTag', { tag })}
                disabled={save.isPending}
                onClick={() => write(tags.filter((x) => x !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="adm-field"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label htmlFor="customer-tag-new">{t('desk.newTag')}</label>
        <div className="adm-desk-inline">
          <input
            id="customer-tag-new"
            dir="auto"
            className={inputClass}
            maxLength={DESK_LIMITS.tag}
            value={draft}
            aria-invalid={invalid || undefined}
            aria-describedby="customer-tag-hint"
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit" variant="outline" loading={save.isPending} disabled={!draft.trim()}>
            {t('desk.addTag')}
          </Button>
        </div>
        <p id="customer-tag-hint" className={invalid ? 'adm-error' : 'adm-muted'}>
          {t('desk.tagRule', { max: DESK_LIMITS.tag, count: DESK_LIMITS.tags })}
        </p>
      </form>
      {save.error && (
        <p className="adm-error" role="alert">
          {staleRecord(save.error) ? t('desk.tagsStale') : errorMessage(save.error, t('errors.save'))}
        </p>
      )}
    </section>
  );
}
