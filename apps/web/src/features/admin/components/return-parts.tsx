import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReturnStatus } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { useAdminReturns } from '../api/after-sale';
import { formatDateTime } from './admin-ui';

const TONE: Record<ReturnStatus, 'good' | 'warn' | 'bad' | undefined> = {
  requested: 'warn',
  approved: 'warn',
  received: 'warn',
  refunded: 'good',
  exchanged: 'good',
  rejected: 'bad',
  closed: undefined,
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const { t } = useTranslation('admin');
  return (
    <span className="adm-badge" data-tone={TONE[status]}>
      {t(`returns.status.${status}`)}
    </span>
  );
}

/** The returns and exchanges asked of one order, on its page. */
export function OrderReturns({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('admin');
  const list = useAdminReturns({ order_id: orderId, status: 'all', page: 1, per_page: 50 });
  const rows = list.data?.returns.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="adm-card" aria-labelledby="order-returns">
      <h2 id="order-returns">{t('returns.title')}</h2>
      <ul className="adm-list">
        {rows.map((row) => (
          <li key={row.id}>
            <div>
              <Link to={paths.adminReturn.href(row.id)}>
                <bdi dir="ltr">{row.number}</bdi>
              </Link>{' '}
              · {t(`returns.type.${row.type}`)} ·{' '}
              <span className="adm-num">{formatDateTime(row.created_at, i18n.language)}</span>
            </div>
            <ReturnStatusBadge status={row.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
