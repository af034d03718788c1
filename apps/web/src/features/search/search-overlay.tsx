import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@boutique/contracts';
import { SEARCH_MAX_LENGTH } from '@boutique/contracts/constants';
import { ui, useUi } from '@/stores/ui-store';
import { Drawer } from '@/components/ui/drawer';
import { IconButton, Spinner } from '@/components/ui/button';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { ProductCard } from '@/components/product-card/product-card';
import { ActiveFilters, FilterButton, FilterDrawer } from '@/components/filter-drawer/filter-drawer';
import { paths } from '@/config/paths';
import { localized } from '@/lib/product';
import { searchQuery, type SearchParams } from './api/search-products';
import styles from './search.module.css';

/** Typing pauses this long before the search asks: fast enough to feel live, one request per pause. */
const TYPING_PAUSE_MS = 250;

type Filters = Pick<SearchParams, 'category' | 'color' | 'size'>;

export function SearchOverlay() {
  const { searchOpen } = useUi();
  const { t } = useTranslation('search');
  return (
    <Drawer open={searchOpen} onClose={ui.closeSearch} label={t('title')} side="full">
      {/* Mounted only while open, so closing clears the query and the results. */}
      {searchOpen && <SearchPanel />}
    </Drawer>
  );
}

function SearchPanel() {
  const { t } = useTranslation('search');
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const query = useQuery(searchQuery({ q: submitted, ...filters }));
  const loading = query.isFetching;

  const ask = (q: string) => {
    if (q !== submitted) setFilters({});
    setSubmitted(q);
  };

  // Search as the shopper types, once typing pauses (`ask` only reads state that `text` supersedes).
  useEffect(() => {
    const q = text.trim();
    if (!q) return;
    const timer = setTimeout(() => ask(q), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    ask(q);
  };

  const useWord = (word: string) => {
    setText(word);
    ask(word);
  };

  const closeOnLink = (e: MouseEvent) => (e.target as HTMLElement).closest('a') && ui.closeSearch();
  const data = submitted ? query.data : undefined;

  return (
    <div className={styles.panel}>
      <div className={`container ${styles.bar}`}>
        <form role="search" className={styles.form} onSubmit={submit}>
          <label htmlFor="search-input" className="visually-hidden">
            {t('label')}
          </label>
          <input
            id="search-input"
            type="search"
            dir="auto"
            autoFocus
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={t('placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            // A search field spends Escape on clearing itself; here Escape closes the search, as anywhere else.
            onKeyDown={(e) => e.key === 'Escape' && ui.closeSearch()}
          />
          <button type="submit" className={styles.submit} disabled={loading} aria-label={t('submit')}>
            {loading ? <Spinner /> : <SearchIcon />}
          </button>
        </form>
        <IconButton label={t('close')} onClick={ui.closeSearch}>
          <CloseIcon />
        </IconButton>
      </div>
      <div className={`container ${styles.results}`} onClick={closeOnLink}>
        {query.isError ? (
          <p role="alert" className={styles.message}>
            {t('error')}
          </p>
        ) : data ? (
          <>
            <Suggestions data={data} onWord={useWord} />
            {data.did_you_mean && (
              <p className={styles.didYouMean}>
                {t('didYouMean')}{' '}
                <button type="button" className={styles.link} onClick={() => useWord(data.did_you_mean!)}>
                  <bdi>{data.did_you_mean}</bdi>
                </button>
              </p>
            )}
            <p className={styles.count} aria-live="polite" data-testid="search-count">
              {t('count', { count: data.total, query: submitted })}
            </p>
            {/* On a phone the results come first: the facets wait in the filter drawer, as a collection's do. */}
            <div className={styles.inlineFacets}>
              <Facets data={data} filters={filters} onChange={setFilters} />
            </div>
            <PhoneFacets
              data={data}
              filters={filters}
              onChange={setFilters}
              open={filtersOpen}
              onOpen={setFiltersOpen}
            />
            {data.products.length === 0 ? (
              <>
                <p className={styles.message}>{t('noResults')}</p>
                {data.closest.length > 0 && (
                  <section aria-labelledby="search-closest">
                    <h2 id="search-closest" className={styles.heading}>
                      {t('closest')}
                    </h2>
                    <ResultGrid products={data.closest} />
                  </section>
                )}
              </>
            ) : (
              <ResultGrid products={data.products} />
            )}
          </>
        ) : (
          !loading && <p className={styles.hint}>{t('hint')}</p>
        )}
      </div>
    </div>
  );
}

function ResultGrid({ products }: { products: SearchResult['products'] }) {
  return (
    <div className={styles.grid}>
      {products.map((p) => (
        <ProductCard key={p.id} product={p} sizes="(max-width: 700px) 50vw, (max-width: 940px) 33vw, 25vw" />
      ))}
    </div>
  );
}

function Suggestions({ data, onWord }: { data: SearchResult; onWord: (word: string) => void }) {
  const { t, i18n } = useTranslation('search');
  const { words, collections } = data.suggest;
  if (words.length === 0 && collections.length === 0) return null;
  return (
    <nav className={styles.suggest} aria-label={t('suggestions')}>
      {collections.map((c) => (
        <Link key={c.slug} to={paths.collection.href(c.slug)} className={styles.collection}>
          {t('inCollection', { name: localized(c.name, i18n.language) })}
        </Link>
      ))}
      {words.map((w) => (
        <button key={w} type="button" className={styles.chip} onClick={() => onWord(w)}>
          <bdi>{w}</bdi>
        </button>
      ))}
    </nav>
  );
}

function PhoneFacets({
  data,
  filters,
  onChange,
  open,
  onOpen,
}: {
  data: SearchResult;
  filters: Filters;
  onChange: (filters: Filters) => void;
  open: boolean;
  onOpen: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('search');
  const { categories, colors, sizes } = data.facets;
  if (categories.length + colors.length + sizes.length === 0) return null;
  const category = categories.find((c) => c.slug === filters.category);
  const color = colors.find((c) => c.key === filters.color);
  const without = (key: keyof Filters) => () => onChange({ ...filters, [key]: undefined });
  const active = [
    ...(category ? [localized(category.name, i18n.language)] : []).map((name) => ({
      key: 'category',
      label: name,
      name,
      onRemove: without('category'),
    })),
    ...(color ? [localized(color.name, i18n.language)] : []).map((name) => ({
      key: 'color',
      label: name,
      name,
      onRemove: without('color'),
    })),
    ...(filters.size
      ? [{ key: 'size', label: <bdi>{filters.size}</bdi>, name: filters.size, onRemove: without('size') }]
      : []),
  ];
  return (
    <div className={styles.phoneFacets}>
      <FilterButton count={active.length} onClick={() => onOpen(true)} />
      <ActiveFilters filters={active} onClear={() => onChange({})} />
      <FilterDrawer
        open={open}
        onClose={() => onOpen(false)}
        onClear={() => onChange({})}
        showLabel={t('common:filters.show', { count: data.total })}
      >
        <Facets data={data} filters={filters} onChange={onChange} inDrawer />
      </FilterDrawer>
    </div>
  );
}

function Facets({
  data,
  filters,
  onChange,
  inDrawer = false,
}: {
  data: SearchResult;
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** The drawer has its own "clear" button. */
  inDrawer?: boolean;
}) {
  const { t, i18n } = useTranslation('search');
  const { categories, colors, sizes } = data.facets;
  if (categories.length + colors.length + sizes.length === 0) return null;
  const toggle = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    onChange({ ...filters, [key]: filters[key] === value ? undefined : value });
  const any = Boolean(filters.category ?? filters.color ?? filters.size);
  return (
    <div className={inDrawer ? styles.drawerFacets : styles.facets}>
      <FacetGroup label={t('facets.category')}>
        {categories.map((c) => (
          <FacetChip
            key={c.slug}
            pressed={filters.category === c.slug}
            onClick={() => toggle('category', c.slug)}
            count={c.count}
          >
            {localized(c.name, i18n.language)}
          </FacetChip>
        ))}
      </FacetGroup>
      <FacetGroup label={t('facets.color')}>
        {colors.map((c) => (
          <FacetChip
            key={c.key}
            pressed={filters.color === c.key}
            onClick={() => toggle('color', c.key)}
            count={c.count}
          >
            <span className={styles.swatch} style={{ backgroundColor: c.hex }} aria-hidden="true" />
            {localized(c.name, i18n.language)}
          </FacetChip>
        ))}
      </FacetGroup>
      <FacetGroup label={t('facets.size')}>
        {sizes.map((s) => (
          <FacetChip
            key={s.name}
            pressed={filters.size === s.name}
            onClick={() => toggle('size', s.name)}
            count={s.count}
          >
            <bdi>{s.name}</bdi>
          </FacetChip>
        ))}
      </FacetGroup>
      {any && !inDrawer && (
        <button type="button" className={styles.link} onClick={() => onChange({})}>
          {t('facets.clear')}
        </button>
      )}
    </div>
  );
}

function FacetGroup({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="group" aria-label={label} className={styles.facetGroup}>
      <span className={styles.facetLabel}>{label}</span>
      {children}
    </div>
  );
}

function FacetChip({
  pressed,
  onClick,
  count,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <button type="button" className={styles.chip} aria-pressed={pressed} onClick={onClick}>
      {children} <span className={styles.facetCount}>{count}</span>
    </button>
  );
}
