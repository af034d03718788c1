import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { ActionButton } from './components/action-button';
import { Ornament } from '@/components/ui/ornament';
import { ProductCard, ProductCardSkeleton } from '@/components/product-card/product-card';
import { useBestSellers } from '@/lib/queries/get-best-sellers';
import styles from './not-found-page.module.css';

/** Best sellers shown under the apology: one row on a wide screen, two on a phone. */
const PICKS = 4;

/** Any unknown path; catalogue pages render it too for an unknown product or collection. */
export default function NotFoundPage() {
  const { t } = useTranslation('notFound');
  const navigate = useNavigate();
  const { choice } = useBestSellers();
  const picks = choice?.products.slice(0, PICKS);

  // A visitor who opened the link in a new tab has nowhere to go back to: take them home instead.
  const goBack = () => void (window.history.length > 1 ? navigate(-1) : navigate(paths.home.href()));

  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <meta name="robots" content="noindex" />
      <section className={styles.page}>
        <div className={`container ${styles.inner}`}>
          <Ornament />
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.text}>{t('text')}</p>
          <div className={styles.actions}>
            <ActionButton onClick={goBack}>{t('back')}</ActionButton>
            <ActionButton to={paths.home.href()} variant="light">
              {t('home')}
            </ActionButton>
          </div>
        </div>
      </section>
      {/* The promise of the text above: the catalogue's best sellers (or featured pieces in a young shop). */}
      {choice?.products.length !== 0 && (
        <section className={`container ${styles.picks}`} aria-labelledby="not-found-picks">
          <h2 id="not-found-picks" className={styles.picksTitle}>
            {t('picks')}
          </h2>
          <div className={styles.picksGrid}>
            {picks
              ? picks.map((product) => (
                  <ProductCard key={product.id} product={product} sizes="(max-width: 700px) 50vw, 25vw" />
                ))
              : Array.from({ length: PICKS }, (_, i) => <ProductCardSkeleton key={i} />)}
          </div>
        </section>
      )}
    </>
  );
}
