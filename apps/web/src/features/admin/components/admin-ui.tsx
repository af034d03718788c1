import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FulfillmentStatus } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { PageFallback } from '@/components/page-fallback';
import { Button } from '@/components/ui/button';
import { SelectBox, inputClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { needsSecondFactor } from '@/lib/session/two-factor';
import type { LoginRedirectState } from '@/lib/session/redirect';

/** A page's title (also the document's), what it is about, and its main actions. */
export function AdminPageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <header className="adm-head">
      <title>{`${title} · ${t('backOffice')}`}</title>
      <div>
        <h1>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
      </div>
      {actions && <div className="adm-actions adm-no-print">{actions}</div>}
    </header>
  );
}

/**
 * What a page shows instead of its data: a spinner while it loads, the way to the second step of the sign-in
 * when the API asks for it, or the failure with a retry.
 */
export function QueryState({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useTranslation('admin');
  const location = useLocation();
  if (!error) return <PageFallback />;
  if (needsSecondFactor(error)) {
    const state: LoginRedirectState = { from: location };
    return <Navigate replace to={paths.twoFactor.href()} state={state} />;
  }
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className="adm-card" role="alert">
      <p className="adm-error">{notFound ? t('errors.notFound') : errorMessage(error, t('errors.load'))}</p>
      {retry && !notFound && (
        <Button variant="outline" onClick={retry}>
          {t('errors.retry')}
        </Button>
      )}
    </div>
  );
}

/** The server's own words for a refusal (the owner needs the reason), else a generic line. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : fallback;
}

/** Previous / next under a list, with where the owner is. */
export function Pager({
  page,
  lastPage,
  total,
  onPage,
}: {
  page: number;
  lastPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <nav className="adm-pager adm-no-print" aria-label={t('pager.label')}>
      <span className="adm-muted">{t('pager.status', { page, pages: Math.max(lastPage, 1), total })}</span>
      <div className="adm-actions">
        <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('pager.previous')}
        </Button>
        <Button variant="outline" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
          {t('pager.next')}
        </Button>
      </div>
    </nav>
  );
}

/** Buttons that switch a page between views (a period, a box, a status), the current one pressed. */
export function Tabs<K extends string | number>({
  label,
  tabs,
  current,
  onPick,
}: {
  label: string;
  tabs: { key: K; label: string; count?: ReactNode }[];
  current: K;
  onPick: (key: K) => void;
}) {
  return (
    <nav className="adm-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          className="adm-tab"
          aria-pressed={current === tab.key}
          onClick={() => onPick(tab.key)}
        >
          {tab.label}
          {tab.count !== undefined && <span className="adm-count">{tab.count}</span>}
        </button>
      ))}
    </nav>
  );
}

const STATUS_TONE: Record<FulfillmentStatus, 'good' | 'warn' | 'bad' | undefined> = {
  unfulfilled: 'warn',
  processing: 'warn',
  shipped: undefined,
  delivered: 'good',
  cancelled: 'bad',
};

export function OrderStatusBadge({ status }: { status: FulfillmentStatus }) {
  const { t } = useTranslation('admin');
  return (
    <span className="adm-badge" data-tone={STATUS_TONE[status]}>
      {t(`common:orderStatus.${status}`)}
    </span>
  );
}

/**
 * A list's filters kept in the address (a reload or a shared link shows the same list). Changing a filter goes
 * back to the first page.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (changes: Partial<Record<K | 'page', string | number>>) => {
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '' || value === undefined || value === 1) next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  return { values, page, set };
}

/** A date and time in the owner's language, on the shop's clock (lists and histories need the hour too). */
export { formatDateTime } from '@/lib/format';

/** A search box that asks the list again once typing pauses (300 ms), and at once on Enter. */
export function SearchBox({
  id,
  label,
  value,
  onSearch,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
}) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        dir="auto"
        className={inputClass}
        defaultValue={value}
        placeholder={placeholder}
        maxLength={100}
        onChange={(event) => {
          const next = event.target.value;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => onSearch(next.trim()), 300);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          clearTimeout(timer.current);
          onSearch(event.currentTarget.value.trim());
        }}
      />
    </div>
  );
}

/** A labelled select of a list's filter. */
export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <SelectBox id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectBox>
    </div>
  );
}
