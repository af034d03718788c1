import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { updateCollection, useAdminCollections, useRefreshCollections } from '../api/collections';
import { AdminPageHeader, QueryState, errorMessage } from '../components/admin-ui';
import { staleRecord } from '../components/conflict';

/**
 * The shop's collections in the order the shop lists them: the categories every product belongs to and the
 * owner's curated ones, each with its editor, its products here and its page in the shop; moved up or down.
 */
export default function CollectionsPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const list = useAdminCollections();
  const refresh = useRefreshCollections();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const move = async (id: number, version: number, position: number) => {
    setProblem(undefined);
    setBusy(true);
    try {
      await updateCollection(id, { position, version });
    } catch (error) {
      setProblem(staleRecord(error) ? t('collectionsEdit.listStale') : errorMessage(error, t('errors.save')));
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <>
      <AdminPageHeader
        title={t('collections.title')}
        subtitle={t('collections.subtitle')}
        actions={
          <Link className="adm-small-btn" to={paths.adminNewCollection.href()}>
            {t('collectionsEdit.new')}
          </Link>
        }
      />
      {problem && (
        <p className="adm-error" role="alert">
          {problem}
        </p>
      )}
      {!list.data ? (
        <QueryState error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ol className="adm-grid" aria-label={t('collectionsEdit.order')}>
          {list.data.map((c, index) => {
            const name = c.name[lang] || c.name.en;
            return (
              <li key={c.id} className="adm-card adm-stack" aria-labelledby={`collection-${c.id}`}>
                {c.image && <img className="adm-collection-tile" src={c.image.url} alt="" loading="lazy" />}
                <h2 id={`collection-${c.id}`}>
                  <bdi>{name}</bdi>
                </h2>
                <p className="adm-muted">
                  {t(`collectionsEdit.kind.${c.kind}`)} ·{' '}
                  {t('collectionsEdit.pieces', { count: c.product_count })}
                </p>
                <p className="adm-muted" dir="ltr">
                  /collection/{c.slug}
                </p>
                <div className="adm-actions">
                  <Link className="adm-small-btn" to={paths.adminCollection.href(c.id)}>
                    {t('collectionsEdit.edit', { name })}
                  </Link>
                  {c.kind === 'category' && (
                    <Link className="adm-small-btn" to={`${paths.adminProducts.href()}?category=${c.slug}`}>
                      {t('collections.products')}
                    </Link>
                  )}
                  <Link className="adm-small-btn" to={paths.collection.href(c.slug)}>
                    {t('collections.inShop')}
                  </Link>
                  <button
                    type="button"
                    className="adm-small-btn"
                    disabled={busy || index === 0}
                    aria-label={t('collectionsEdit.moveUp', { name })}
                    onClick={() => void move(c.id, c.version, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="adm-small-btn"
                    disabled={busy || index === list.data.length - 1}
                    aria-label={t('collectionsEdit.moveDown', { name })}
                    onClick={() => void move(c.id, c.version, index + 1)}
                  >
                    ↓
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
