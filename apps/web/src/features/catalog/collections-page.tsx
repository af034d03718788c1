import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { onServer } from '@/config/env';
import { localized } from '@/lib/product';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { ChevronRightIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { ProductImage } from '@/components/product-image';
import { categoriesOf, categoriesQuery } from '@/lib/queries/get-categories';
import type { LoadContext, PageData } from '@/lib/page';
import styles from './components/collections.module.css';

export default function CollectionsPage() {
  const { t, i18n } = useTranslation('collections');
  const query = useQuery(categoriesQuery());
  return (
    <>
      <PageMeta
        title={t('meta.title')}
        description={t('meta.description')}
        canonicalPath={paths.collections.href()}
      />
      <header className={styles.hero}>
        <p className={styles.eyebrow}>{t('eyebrow')}</p>
        <h1>{t('title')}</h1>
        <p>{t('subtitle')}</p>
      </header>
      <div className={`container ${styles.grid}`}>
        {query.isPending &&
          [0, 1].map((i) => <Skeleton key={i} style={{ aspectRatio: '4 / 5', inlineSize: '100%' }} />)}
        {query.isError && (
          <div className={styles.error} role="alert">
            <p>{t('common:errors.loadingError')}</p>
            <Button onClick={() => void query.refetch()}>{t('common:errors.retry')}</Button>
          </div>
        )}
        {query.data?.map((category, index) => (
          <Link key={category.slug} to={paths.collection.href(category.slug)} className={styles.card}>
            <ProductImage
              image={category.image}
              alt=""
              sizes="(max-width: 768px) 100vw, 50vw"
              load={index === 0 ? 'main' : 'lazy'}
              className={styles.image}
            />
            <div className={styles.body}>
              <p className={styles.count}>{t('count', { count: category.product_count })}</p>
              <h2>{localized(category.name, i18n.language)}</h2>
              <p>{localized(category.description, i18n.language)}</p>
              <span className={styles.cta}>
                {t('discover')} <ChevronRightIcon size={18} className="flip-rtl" />
              </span>
            </div>
          </Link>
        ))}
      </div>
    </>
  );
}

/** On the server only (left out of the browser's bundle): the collections inlined, the first one's picture preloaded. */
export const load = onServer
  ? async ({ catalog, t, preload }: LoadContext): Promise<PageData> => {
      const body = await catalog.categories();
      const categories = body ? categoriesOf(body) : [];
      return {
        queries: [{ key: categoriesQuery().queryKey, data: categories }],
        head: {
          title: t('collections:meta.title'),
          description: t('collections:meta.description'),
          canonicalPath: paths.collections.href(),
          preload: preload(categories[0]?.image, '(max-width: 768px) 100vw, 50vw'),
        },
      };
    }
  : undefined;
