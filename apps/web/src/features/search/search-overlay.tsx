import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_MAX_LENGTH } from '@boutique/contracts/constants';
import { ui, useUi } from '@/stores/ui-store';
import { Drawer } from '@/components/ui/drawer';
import { IconButton, Spinner } from '@/components/ui/button';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { ProductCard } from '@/components/product-card/product-card';
import { searchQuery } from './api/search-products';
import styles from './search.module.css';

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
  const query = useQuery(searchQuery(submitted));
  const loading = query.isFetching;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    setSubmitted(q);
  };

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
            autoFocus
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={t('placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className={styles.submit} disabled={loading} aria-label={t('submit')}>
            {loading ? <Spinner /> : <SearchIcon />}
          </button>
        </form>
        <IconButton label={t('close')} onClick={ui.closeSearch}>
          <CloseIcon />
        </IconButton>
      </div>
      <div className={`container ${styles.results}`}>
        {query.isError ? (
          <p role="alert" className={styles.message}>
            {t('error')}
          </p>
        ) : query.data ? (
          <>
            <p className={styles.count} aria-live="polite" data-testid="search-count">
              {t('count', { count: query.data.total, query: submitted })}
            </p>
            {query.data.products.length === 0 ? (
              <p className={styles.message}>{t('noResults')}</p>
            ) : (
              <div
                className={styles.grid}
                onClick={(e) => (e.target as HTMLElement).closest('a') && ui.closeSearch()}
              >
                {query.data.products.map((p) => (
                  <ProductCard
                    key={p.id}
                    product={p}
                    sizes="(max-width: 450px) 100vw, (max-width: 700px) 50vw, 25vw"
                  />
                ))}
              </div>
            )}
          </>
        ) : (
          !loading && <p className={styles.hint}>{t('hint')}</p>
        )}
      </div>
    </div>
  );
}
