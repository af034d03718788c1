import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { HERO_MEDIA, Hero } from './components/hero';
import { CollectionTiles } from './components/collection-tiles';
import { LatestProducts } from './components/latest-products';
import { BestSellers } from './components/best-sellers';
import { Banner } from './components/banner';
import { Gallery } from './components/gallery';
import { Testimonials } from './components/testimonials';

const COLLECTIONS_ID = 'collections';

export default function HomePage() {
  // Both namespaces are asked for together so that the frame's Suspense waits once, not twice in a row.
  const { t } = useTranslation(['home', 'testimonials']);
  return (
    <>
      <PageMeta
        title={t('home:meta.title')}
        description={t('home:meta.description')}
        keywords={t('home:meta.keywords')}
        canonicalPath={paths.home.href()}
        image={HERO_MEDIA.desktopPoster}
      />
      <Hero scrollTargetId={COLLECTIONS_ID} />
      <CollectionTiles id={COLLECTIONS_ID} />
      <LatestProducts />
      <BestSellers />
      <Banner />
      <Gallery />
      <Testimonials />
    </>
  );
}
