import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { AccountLayout } from '@/components/account-layout/account-layout';
import { Button, ButtonLink, Spinner } from '@/components/ui/button';
import { PackageIcon } from '@/components/ui/icons';
import { useMyOrders } from './api/get-my-orders';
import { STATUS_TABS, countByStatus, ordersIn, statusLabelKey, type StatusTab } from './order-status';
import { OrderCard } from './components/order-parts';
import { OrderDetails } from './components/order-details';
import styles from './components/orders.module.css';

/** The signed-in customer's orders, newest first, filtered by status, each openable in full. */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const base = useId();
  const orders = useMyOrders();
  const [tab, setTab] = useState<StatusTab>('all');
  const [openId, setOpenId] = useState<number | null>(null);
  const tabs = useRef<Partial<Record<StatusTab, HTMLButtonElement | null>>>({});

  // A failed fetch shows the banner over an empty list (spec section 8), not stale orders.
  const list = useMemo(() => (orders.isError ? [] : (orders.data ?? [])), [orders.isError, orders.data]);
  const counts = useMemo(() => countByStatus(list), [list]);
  const shown = useMemo(() => ordersIn(list, tab), [list, tab]);
  const open: Order | undefined = list.find((o) => o.id === openId);

  /** Arrow keys move between tabs, as in every tab list. */
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = STATUS_TABS.indexOf(tab);
    const rtl = document.documentElement.dir === 'rtl';
    const step = event.key === 'ArrowRight' ? (rtl ? -1 : 1) : event.key === 'ArrowLeft' ? (rtl ? 1 : -1) : 0;
    let next: StatusTab | undefined;
    if (step) next = STATUS_TABS[(index + step + STATUS_TABS.length) % STATUS_TABS.length];
    if (event.key === 'Home') next = STATUS_TABS[0];
    if (event.key === 'End') next = STATUS_TABS[STATUS_TABS.length - 1];
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabs.current[next]?.focus();
  };

  return (
    <AccountLayout title={t('title')} subtitle={t('intro')}>
      <PageMeta title={t('title')} canonicalPath={paths.orders.href()} />
      <meta name="robots" content="noindex" />

      {orders.isError && (
        <div className={styles.errorBanner} role="alert">
          <p>{t('errorFetching')}</p>
          <Button variant="light" onClick={() => void orders.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}

      {orders.isPending ? (
        <div className={styles.loading}>
          <Spinner label={t('loading')} />
        </div>
      ) : list.length === 0 ? (
        !orders.isError && (
          <div className={styles.empty}>
            <PackageIcon size={36} />
            <h2 className={styles.emptyTitle}>{t('empty.title')}</h2>
            <p>{t('empty.text')}</p>
            <ButtonLink to={paths.collections.href()}>{t('empty.cta')}</ButtonLink>
          </div>
        )
      ) : (
        <>
          <div className={styles.tabs} role="tablist" aria-label={t('tabs')}>
            {STATUS_TABS.map((status) => (
              <button
                key={status}
                ref={(el) => {
                  tabs.current[status] = el;
                }}
                type="button"
                role="tab"
                id={`${base}-tab-${status}`}
                aria-selected={tab === status}
                aria-controls={`${base}-panel`}
                tabIndex={tab === status ? 0 : -1}
                className={styles.tab}
                onClick={() => setTab(status)}
                onKeyDown={onTabKey}
              >
                {status === 'all' ? t('status.all') : t(statusLabelKey(status))}
                <span className={styles.tabCount}>{counts[status]}</span>
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${tab}`} tabIndex={0}>
            {shown.length === 0 ? (
              <p className={styles.tabEmpty}>{t('tabEmpty')}</p>
            ) : (
              <ul className={styles.list}>
                {shown.map((order) => (
                  <li key={order.id}>
                    <OrderCard order={order} onOpen={() => setOpenId(order.id)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}

      {open && <OrderDetails order={open} onClose={() => setOpenId(null)} />}
    </AccountLayout>
  );
}
