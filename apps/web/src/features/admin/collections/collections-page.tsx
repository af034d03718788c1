import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { useAdminCategories } from '../api/products';
import { AdminPageHeader, QueryState } from '../components/admin-ui';

/** The shop's collections, each with the way to its products here and to its page in the shop. */
export default function CollectionsPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const categories = useAdminCategories();
  return (
    <>
      <AdminPageHeader title={t('collections.title')} subtitle={t('collections.subtitle')} />
      {!categories.data ? (
        <QueryState error={categories.error} retry={() => void categories.refetch()} />
      ) : (
        <div className="adm-grid">
          {categories.data.map((c) => (
            <section key={c.slug} className="adm-card" aria-labelledby={`collection-${c.slug}`}>
              <h2 id={`collection-${c.slug}`}>{c.name[lang] || c.name.en}</h2>
              <p className="adm-muted" dir="ltr">
                /collection/{c.slug}
              </p>
              <div className="adm-actions">
                <Link className="adm-small-btn" to={`${paths.adminProducts.href()}?category=${c.slug}`}>
                  {t('collections.products')}
                </Link>
                <Link className="adm-small-btn" to={paths.collection.href(c.slug)}>
                  {t('collections.inShop')}
                </Link>
              </div>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
