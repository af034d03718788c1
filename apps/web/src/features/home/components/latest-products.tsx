import { useTranslation } from 'react-i18next';
import { useLatestProducts } from '../api/get-latest-products';
import { ProductShelf } from './product-shelf';

export function LatestProducts() {
  const { t } = useTranslation('home');
  const query = useLatestProducts();
  return (
    <ProductShelf
      id="latest"
      eyebrow={t('latest.eyebrow')}
      title={t('latest.title')}
      subtitle={t('latest.subtitle')}
      products={query.data?.data}
      isError={query.isError}
      retrying={query.isFetching}
      errorMessage={t('latest.error')}
      onRetry={() => void query.refetch()}
      moreLabel={t('latest.more')}
    />
  );
}
