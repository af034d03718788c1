import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductSummary } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { isNew, localized } from '@/lib/product';
import { ButtonLink } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { Skeleton } from '@/components/ui/skeleton';
import { ProductImage } from '@/components/product-image';
import styles from './product-card.module.css';

interface ProductCardProps {
  product: ProductSummary;
  mode?: 'grid' | 'list';
  /** `sizes` of the image for the layout the card sits in. */
  sizes?: string;
}

export function ProductCard({
  product,
  mode = 'grid',
  sizes = '(max-width: 700px) 50vw, 25vw',
}: ProductCardProps) {
  const { t, i18n } = useTranslation();
  const name = localized(product.name, i18n.language);
  const href = paths.product.href(product.slug);
  const inactive = product.status === 'inactive';
  const soldOut = !inactive && !product.sizes.some((s) => s.in_stock);
  return (
    <article className={`${styles.card} ${mode === 'list' ? styles.list : ''}`} data-testid="product-card">
      <div className={styles.media}>
        <ProductImage image={product.images[0]} alt={name} sizes={sizes} />
        <div className={styles.badges}>
          {inactive || soldOut ? (
            <span className={`${styles.badge} ${styles.badgeOut}`}>
              {inactive ? t('product.outOfStock') : t('product.soldOut')}
            </span>
          ) : (
            isNew(product) && <span className={`${styles.badge} ${styles.badgeNew}`}>{t('product.new')}</span>
          )}
        </div>
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link to={href}>{name}</Link>
        </h3>
        <Price price={product.price} oldPrice={product.old_price} className={styles.price} />
        {product.colors.length > 0 && (
          <ul className={styles.swatches} aria-label={t('product.colors')}>
            {product.colors.map((c) => (
              <li
                key={c.id}
                className={styles.swatch}
                style={{ background: c.value }}
                title={localized(c.name, i18n.language)}
              >
                <span className="visually-hidden">{localized(c.name, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
        {mode === 'list' && (
          <>
            <ul className={styles.sizes} aria-label={t('product.sizes')}>
              {product.sizes.map((s) => (
                <li key={s.name} data-sold-out={!s.in_stock || undefined}>
                  {s.name}
                  {!s.in_stock && <span className="visually-hidden"> ({t('product.soldOut')})</span>}
                </li>
              ))}
            </ul>
            <ButtonLink to={href} variant="outline" className={styles.view} tabIndex={-1}>
              {t('product.view')}
            </ButtonLink>
          </>
        )}
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className={styles.skeleton} aria-hidden="true" data-testid="product-skeleton">
      <Skeleton style={{ aspectRatio: '3 / 4', inlineSize: '100%' }} />
      <Skeleton width="70%" height="2rem" />
      <Skeleton width="35%" height="1.6rem" />
    </div>
  );
}
