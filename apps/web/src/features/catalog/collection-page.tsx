import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { onServer } from '@/config/env';
import { localized, seoText } from '@/lib/product';
import { formatMoney } from '@/lib/format';
import { ApiError } from '@/lib/api-client';
import { PageMeta } from '@/components/page-meta';
import { Button, ButtonLink } from '@/components/ui/button';
import { ChevronDownIcon, GridIcon, ListIcon } from '@/components/ui/icons';
import { ActiveFilters, FilterButton, FilterDrawer } from '@/components/filter-drawer/filter-drawer';
import { selectClass, selectIconClass, selectWrapClass } from '@/components/ui/field-classes';
import { ProductCard, ProductCardSkeleton } from '@/components/product-card/product-card';
import { ProductImage } from '@/components/product-image';
import type { LoadContext, PageData } from '@/lib/page';
import { categoryProductsOf, categoryProductsQuery } from './api/get-category-products';
import { FilterPanel } from './components/filter-panel';
import {
  SORTS,
  applyFilters,
  hasActiveFilters,
  priceBound,
  readListingParams,
  sortProducts,
  writeListingParams,
  type Filters,
} from './filters';
import styles from './components/listing.module.css';

export default function CollectionPage() {
  const { slug = '' } = useParams();
  if (slug !== slug.toLowerCase()) return <Navigate replace to={paths.collection.href(slug.toLowerCase())} />;
  return <Collection slug={slug} />;
}

function Collection({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('collection');
  const [params, setParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sidebar = useStickyFit<HTMLElement>();
  const query = useQuery(categoryProductsQuery(slug));
  const products = query.data?.products;
  const bound = useMemo(() => priceBound(products ?? []), [products]);
  const { filters, sort, view } = readListingParams(params, bound);
  const shown = useMemo(
    () => sortProducts(applyFilters(products ?? [], filters), sort),
    [products, filters, sort],
  );
  const colors = useMemo(() => {
    const seen = new Map((products ?? []).flatMap((p) => p.colors).map((c) => [c.key, c]));
    return [...seen.values()];
  }, [products]);

  const missing = query.error instanceof ApiError && query.error.status === 404;
  if (missing) {
    return (
      <div className={`container ${styles.empty}`}>
        <meta name="robots" content="noindex" />
        <h1>{t('notFound')}</h1>
        <ButtonLink to={paths.collections.href()} variant="outline">
          {t('allCollections')}
        </ButtonLink>
      </div>
    );
  }

  const update = (patch: Parameters<typeof writeListingParams>[1]) =>
    setParams(writeListingParams(params, patch, bound), { replace: true, preventScrollReset: true });
  const setFilters = (next: Filters) => update({ filters: next });
  const clear = () => update({ filters: { colors: [], sizes: [], priceRange: [0, bound] } });

  const category = query.data?.category;
  const name = category ? localized(category.name, i18n.language) : '';
  const panel = <FilterPanel colors={colors} filters={filters} bound={bound} onChange={setFilters} />;
  const [min, max] = filters.priceRange;
  const active = [
    ...filters.colors.map((key) => {
      const color = colors.find((c) => c.key === key);
      const label = color ? localized(color.name, i18n.language) : key;
      return {
        key: `color-${key}`,
        label,
        name: label,
        onRemove: () => setFilters({ ...filters, colors: filters.colors.filter((c) => c !== key) }),
      };
    }),
    ...filters.sizes.map((size) => ({
      key: `size-${size}`,
      label: <bdi>{size}</bdi>,
      name: size,
      onRemove: () => setFilters({ ...filters, sizes: filters.sizes.filter((s) => s !== size) }),
    })),
    ...(min > 0 || max < bound
      ? [
          {
            key: 'price',
            label: (
              <>
                <bdi>{formatMoney(min, i18n.language)}</bdi> – <bdi>{formatMoney(max, i18n.language)}</bdi>
              </>
            ),
            name: `${formatMoney(min, i18n.language)} – ${formatMoney(max, i18n.language)}`,
            onRemove: () => setFilters({ ...filters, priceRange: [0, bound] }),
          },
        ]
      : []),
  ];

  return (
    <>
      {category && (
        <PageMeta
          title={seoText(category.seo_title, category.name, i18n.language)}
          description={seoText(category.seo_description, category.description, i18n.language)}
          canonicalPath={paths.collection.href(slug)}
          image={category.image?.url}
        />
      )}
      <section className={styles.hero}>
        {category?.image && (
          // Under a dark veil half the pixels look the same, and a phone loads a third of the bytes.
          <ProductImage
            image={category.image}
            alt=""
            sizes="(max-width: 940px) 50vw, 100vw"
            load="main"
            className={styles.heroImage}
          />
        )}
        <div className={styles.heroText}>
          <h1>{name || '\u00a0'}</h1>
          {category && <p>{localized(category.description, i18n.language)}</p>}
        </div>
      </section>

      <div className={`container ${styles.layout}`}>
        <aside ref={sidebar} className={styles.sidebar} aria-label={t('common:filters.title')}>
          <h2 className={styles.sidebarTitle}>{t('common:filters.title')}</h2>
          {panel}
          {hasActiveFilters(filters, bound) && (
            <Button variant="ghost" onClick={clear}>
              {t('common:filters.clear')}
            </Button>
          )}
        </aside>

        <div className={styles.results}>
          <div className={styles.toolbar}>
            {/* The results' heading (the filters' one is hidden on a phone): cards' names are h3. */}
            <h2 className={styles.count} aria-live="polite" data-testid="product-count">
              {query.isPending ? t('loading') : t('count', { count: shown.length })}
            </h2>
            <FilterButton
              count={active.length}
              className={styles.filterButton}
              onClick={() => setFiltersOpen(true)}
            />
            <label className={styles.sort}>
              <span>{t('sort.label')}</span>
              <span className={selectWrapClass}>
                <select
                  className={`${selectClass} ${styles.sortSelect}`}
                  value={sort}
                  onChange={(e) => update({ sort: e.target.value as (typeof SORTS)[number] })}
                >
                  {SORTS.map((s) => (
                    <option key={s} value={s}>
                      {t(`sort.${s}`)}
                    </option>
                  ))}
                </select>
                <ChevronDownIcon size={16} className={selectIconClass} aria-hidden="true" />
              </span>
            </label>
            <div className={styles.viewToggle} role="group" aria-label={t('view.label')}>
              <button
                type="button"
                aria-pressed={view === 'grid'}
                aria-label={t('view.grid')}
                onClick={() => update({ view: 'grid' })}
              >
                <GridIcon size={18} />
              </button>
              <button
                type="button"
                aria-pressed={view === 'list'}
                aria-label={t('view.list')}
                onClick={() => update({ view: 'list' })}
              >
                <ListIcon size={18} />
              </button>
            </div>
          </div>

          <ActiveFilters filters={active} onClear={clear} />

          {query.isError ? (
            <div className={styles.empty} role="alert">
              <p>{t('common:errors.loadingError')}</p>
              <Button onClick={() => void query.refetch()}>{t('common:errors.retry')}</Button>
            </div>
          ) : query.isPending ? (
            <div className={styles.grid}>
              {Array.from({ length: 8 }, (_, i) => (
                <ProductCardSkeleton key={i} />
              ))}
            </div>
          ) : shown.length === 0 ? (
            <div className={styles.empty}>
              <p>{t('empty')}</p>
              <Button variant="outline" onClick={clear}>
                {t('common:filters.clear')}
              </Button>
            </div>
          ) : (
            <div className={view === 'list' ? styles.listView : styles.grid}>
              {shown.map((p) => (
                <ProductCard key={p.id} product={p} mode={view} />
              ))}
            </div>
          )}
        </div>
      </div>

      <FilterDrawer
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        onClear={clear}
        showLabel={t('common:filters.show', { count: shown.length })}
      >
        {panel}
      </FilterDrawer>
    </>
  );
}

/**
 * A sticky sidebar taller than the screen scrolls with the page until its last filter shows, then stays: its
 * height feeds the CSS that places it (listing.module.css). A scroller of its own hid the price filter below a
 * fold with no scrollbar to say so.
 */
function useStickyFit<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => el.style.setProperty('--sidebar-size', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return ref;
}

/** On the server only (left out of the browser's bundle): a mis-cased address moves, an unknown collection is a 404, a known one comes inlined. */
export const load = onServer
  ? async ({ params, catalog, lang, notFound, preload }: LoadContext): Promise<PageData> => {
      const slug = params.slug ?? '';
      if (slug !== slug.toLowerCase()) return { redirect: paths.collection.href(slug.toLowerCase()) };
      const body = await catalog.categoryProducts(slug);
      if (!body) return notFound();
      const data = categoryProductsOf(body);
      const { category } = data;
      return {
        queries: [{ key: categoryProductsQuery(category.slug).queryKey, data }],
        head: {
          title: seoText(category.seo_title, category.name, lang),
          description: seoText(category.seo_description, category.description, lang),
          canonicalPath: paths.collection.href(category.slug),
          image: category.image?.url,
          preload: preload(category.image, '(max-width: 940px) 50vw, 100vw'),
        },
      };
    }
  : undefined;
