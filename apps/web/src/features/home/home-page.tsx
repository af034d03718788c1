import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { onServer } from '@/config/env';
import { PageMeta } from '@/components/page-meta';
import { HERO_MEDIA, Hero } from './components/hero';
import { CollectionTiles } from './components/collection-tiles';
import { LatestProducts } from './components/latest-products';
import { BestSellers } from './components/best-sellers';
import { Banner } from './components/banner';
import { Gallery } from './components/gallery';
import { Testimonials } from './components/testimonials';
import type { LoadContext, PageData } from '@/lib/page';
import { SHELF_SIZE, productsOf, productsQuery } from '@/lib/queries/get-products';
import { categoriesOf, categoriesQuery } from '@/lib/queries/get-categories';
import { galleriesOf, galleriesQuery } from './api/get-galleries';

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

/** On the server only (left out of the browser's bundle): the shelves, tiles and gallery inlined, the hero's poster preloaded. */
export const load = onServer
  ? async ({ catalog, shop, t }: LoadContext): Promise<PageData> => {
      const [latest, best, categories, galleries] = await Promise.all([
        catalog.products(1, SHELF_SIZE),
        catalog.products(1, SHELF_SIZE, 'best_seller'),
        catalog.categories(),
        catalog.galleries(),
      ]);
      const queries: PageData['queries'] = [];
      if (latest) queries.push({ key: productsQuery(1, SHELF_SIZE).queryKey, data: productsOf(latest) });
      if (best)
        queries.push({ key: productsQuery(1, SHELF_SIZE, 'best_seller').queryKey, data: productsOf(best) });
      if (categories) queries.push({ key: categoriesQuery().queryKey, data: categoriesOf(categories) });
      if (galleries) queries.push({ key: galleriesQuery().queryKey, data: galleriesOf(galleries) });
      return {
        queries,
        head: {
          title: t('home:meta.title', { defaultValue: shop.name }),
          description: t('home:meta.description'),
          canonicalPath: paths.home.href(),
          image: HERO_MEDIA.desktopPoster,
          // The hero's AVIF posters: a browser that cannot read AVIF skips these and finds its WebP poster in the page.
          preload: [
            { href: HERO_MEDIA.mobilePosterAvif, type: 'image/avif', media: '(max-width: 768px)' },
            { href: HERO_MEDIA.desktopPosterAvif, type: 'image/avif', media: '(min-width: 769px)' },
          ],
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'ClothingStore',
            name: shop.name,
            currenciesAccepted: 'AED',
            areaServed: 'AE',
          },
        },
      };
    }
  : undefined;
