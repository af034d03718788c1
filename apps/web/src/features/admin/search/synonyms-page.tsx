import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_SYNONYM_MAX_WORDS, type Language } from '@boutique/contracts/constants';
import type { SearchSynonym } from '@boutique/contracts';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { formatMoney } from '@boutique/contracts/constants';
import {
  addSynonyms,
  deleteSynonyms,
  useAdminSynonyms,
  useRefreshSynonyms,
  useTrySearch,
} from '../api/collections';
import { AdminPageHeader, QueryState, SearchBox, errorMessage } from '../components/admin-ui';
import { staleRecord } from '../components/conflict';

/** Words typed by the owner, split on spaces, commas and Arabic commas. */
const wordsOf = (text: string) => text.split(/[\s,،]+/u).filter(Boolean);

/**
 * `/admin/search`: groups of words the shop's search treats as one (caftan, kaftan, قفطان): add, delete after
 * a confirmation, each at the version the page shows; and a search box answering as the shop does, so the
 * owner sees a group take effect.
 */
export default function SynonymsPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const list = useAdminSynonyms();
  const refresh = useRefreshSynonyms();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<SearchSynonym>();
  const [q, setQ] = useState('');
  const tried = useTrySearch(q);
  const words = wordsOf(typed);

  const run = async (work: () => Promise<unknown>) => {
    setProblem(undefined);
    setBusy(true);
    try {
      await work();
      return true;
    } catch (error) {
      setProblem(staleRecord(error) ? t('synonyms.stale') : errorMessage(error, t('errors.save')));
      return false;
    } finally {
      setBusy(false);
      // The shop's search answers after the database has told every instance of the change: asked again once
      // the list is back, and again with each search sent from the box below.
      await refresh();
      if (q) await tried.refetch();
    }
  };

  return (
    <>
      <AdminPageHeader title={t('synonyms.title')} subtitle={t('synonyms.subtitle')} />
      <form
        className="adm-card adm-stack"
        aria-labelledby="synonyms-add"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => addSynonyms(words)).then((ok) => ok && setTyped(''));
        }}
      >
        <h2 id="synonyms-add">{t('synonyms.add')}</h2>
        <div className="adm-field">
          <label htmlFor="synonyms-words">{t('synonyms.words')}</label>
          <input
            id="synonyms-words"
            dir="auto"
            className={inputClass}
            value={typed}
            placeholder={t('synonyms.wordsHint')}
            onChange={(e) => setTyped(e.target.value)}
          />
          <p className="adm-muted">
            {t('synonyms.count', { count: words.length, max: SEARCH_SYNONYM_MAX_WORDS })}
          </p>
        </div>
        <div>
          <Button type="submit" loading={busy} disabled={words.length < 2}>
            {t('synonyms.save')}
          </Button>
        </div>
      </form>
      {problem && (
        <p className="adm-error" role="alert">
          {problem}
        </p>
      )}
      <section className="adm-card adm-stack" aria-labelledby="synonyms-groups">
        <h2 id="synonyms-groups">{t('synonyms.groups')}</h2>
        {!list.data ? (
          <QueryState error={list.error} retry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="adm-muted">{t('synonyms.empty')}</p>
        ) : (
          <ul className="adm-stack adm-synonyms">
            {list.data.map((group) => (
              <li key={group.id} className="adm-piece">
                <span className="adm-piece-name adm-chips">
                  {group.words.map((w) => (
                    <bdi key={w} className="adm-chip">
                      {w}
                    </bdi>
                  ))}
                </span>
                <button
                  type="button"
                  className="adm-small-btn"
                  data-danger="true"
                  disabled={busy}
                  aria-label={t('synonyms.delete', { words: group.words.join(', ') })}
                  onClick={() => setDeleting(group)}
                >
                  {t('synonyms.deleteShort')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="adm-card adm-stack" aria-labelledby="synonyms-try">
        <h2 id="synonyms-try">{t('synonyms.try')}</h2>
        <SearchBox
          id="synonyms-try-q"
          label={t('synonyms.tryLabel')}
          value={q}
          onSearch={(next) => (next === q ? void tried.refetch() : setQ(next))}
        />
        {q && tried.data && (
          <>
            <p className="adm-muted" role="status">
              {t('synonyms.results', { count: tried.data.total })}
            </p>
            <ol className="adm-pieces" aria-label={t('synonyms.top')}>
              {tried.data.products.slice(0, 5).map((p) => (
                <li key={p.id} className="adm-piece">
                  {p.images[0] ? (
                    <img src={p.images[0].url} alt="" width={40} height={53} />
                  ) : (
                    <span className="adm-piece-blank" />
                  )}
                  <span className="adm-piece-name">
                    <Link to={paths.product.href(p.slug)}>
                      <bdi>{p.name[lang] || p.name.en}</bdi>
                    </Link>
                  </span>
                  <bdi className="adm-muted">{formatMoney(p.price, lang)}</bdi>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('synonyms.deleteTitle')}
        confirmLabel={t('synonyms.deleteShort')}
        cancelLabel={t('cancel')}
        busy={busy}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const group = deleting;
          if (!group) return;
          void run(() => deleteSynonyms(group.id, group.version)).then(() => setDeleting(undefined));
        }}
      >
        <p>
          <bdi>{deleting?.words.join(', ')}</bdi>
        </p>
      </ConfirmDialog>
    </>
  );
}
