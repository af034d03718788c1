import { useTranslation } from 'react-i18next';
import { useBestSellers } from '@/lib/queries/get-best-sellers';
import { ProductShelf } from './product-shelf';

export function BestSellers() {
  const { t } = useTranslation('home');
  const { choice, isError, retrying, retry } = useBestSellers();
  // Featured pieces are not best sellers: the heading says which of the two the shelf shows.
  const copy = choice?.source === 'featured' ? 'featured' : 'bestSellers';
  return (
    <ProductShelf
      id="best-sellers"
      eyebrow={t(`${copy}.eyebrow`)}
      title={t(`${copy}.title`)}
      subtitle={t(`${copy}.subtitle`)}
      products={choice?.products}
      isError={isError}
      retrying={retrying}
      errorMessage={t('bestSellers.error')}
      onRetry={retry}
      moreLabel={t('bestSellers.more')}
    />
  );
}
