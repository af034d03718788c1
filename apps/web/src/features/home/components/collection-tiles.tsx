import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Category } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { ProductImage } from '@/components/product-image';
import { useCategories } from '@/lib/queries/get-categories';
import styles from './collection-tiles.module.css';

const TILES = [
  { slug: 'caftan', titleKey: 'collections.kaftan' },
  { slug: 'jellaba', titleKey: 'collections.jelaba' },
] as const;

/**
 * The two collections side by side. A failed or slow categories request only costs the pictures: the tiles
 * still name and link their collection.
 */
export function CollectionTiles({ id }: { id: string }) {
  const { t } = useTranslation('home');
  const { data: categories } = useCategories();
  const imageOf = (slug: string): Category['image'] =>
    categories?.find((c) => c.slug.toLowerCase() === slug)?.image ?? null;

  return (
    // Focusable so that the hero's scroll button can hand keyboard focus over to it.
    <section id={id} className={styles.block} aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('collections.title')}
      </h2>
      <ul className={styles.grid}>
        {TILES.map(({ slug, titleKey }) => {
          const name = t(titleKey);
          const image = imageOf(slug);
          return (
            // Always over a photograph: the dark palette keeps the words legible in both themes.
            <li key={slug} className={styles.tile} data-theme="dark">
              {image && (
                <ProductImage
                  image={image}
                  alt=""
                  sizes="(max-width: 768px) 100vw, 50vw"
                  className={styles.image}
                />
              )}
              <div className={styles.caption}>
                <h3 className={styles.name}>{name}</h3>
                <Link
                  to={paths.collection.href(slug)}
                  className={styles.link}
                  aria-label={t('collections.browseLabel', { name })}
                >
                  {t('collections.browse')}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
