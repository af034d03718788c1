import type { ProductSummary } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';
import { Carousel } from '@/components/ui/carousel';
import { ProductCard, ProductCardSkeleton } from '@/components/product-card/product-card';
import { SectionHeading } from './section-heading';
import { LoadError } from './load-error';
import section from './section.module.css';
import styles from './product-shelf.module.css';

export const CAROUSEL_SKELETONS = 5;

interface ProductShelfProps {
  id: string;
  eyebrow: string;
  title: string;
  subtitle: string;
  /** `undefined` while loading. */
  products: readonly ProductSummary[] | undefined;
  isError: boolean;
  retrying: boolean;
  errorMessage: string;
  onRetry: () => void;
  moreLabel: string;
}

/** A titled product carousel with its loading, failed and "see all" states. */
export function ProductShelf(props: ProductShelfProps) {
  const { id, eyebrow, title, subtitle, products, isError, retrying, errorMessage, onRetry, moreLabel } =
    props;
  // Nothing to offer is better left unsaid than shown as an empty frame.
  if (products?.length === 0) return null;
  const titleId = `${id}-title`;
  const loading = products === undefined;

  return (
    // Not labelled itself: the carousel inside is the named region, and naming both would announce it twice.
    <section id={id} className={section.section}>
      <div className="container">
        <SectionHeading id={titleId} eyebrow={eyebrow} title={title} subtitle={subtitle} />
        {loading && isError ? (
          <LoadError message={errorMessage} onRetry={onRetry} retrying={retrying} />
        ) : (
          <div aria-busy={loading}>
            <Carousel label={title} perGroup={3} arrows="hide" className={styles.carousel}>
              {loading
                ? Array.from({ length: CAROUSEL_SKELETONS }, (_, i) => <ProductCardSkeleton key={i} />)
                : products.map((product) => (
                    <ProductCard key={product.id} product={product} sizes="(max-width: 400px) 80vw, 298px" />
                  ))}
            </Carousel>
          </div>
        )}
        <div className={section.more}>
          <ButtonLink to={paths.collections.href()} variant="outline">
            {moreLabel}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
