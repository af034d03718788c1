import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '@boutique/contracts/admin';
import type { AdminRefund } from '@boutique/contracts/admin-after-sale';
import type { Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { formatDateTime } from './admin-ui';

const TONE = { succeeded: 'good', pending: 'warn', failed: 'bad' } as const;

/**
 * One refund as the owner follows it: its money, state, credit note and, while it waits, the gateway's word;
 * `withOrder`: led by its order's number, linked.
 */
export function RefundRow({
  refund,
  order,
  withOrder = false,
}: {
  refund: AdminRefund;
  order?: AdminOrder;
  withOrder?: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const name = (lineId: number) => {
    const item = order?.items.find((i) => i.id === lineId);
    return item ? item.product_name[lang] || item.product_name.en : `#${lineId}`;
  };
  return (
    <li data-testid="admin-refund">
      <div>
        <p>
          {withOrder && refund.order_id !== null && (
            <>
              <Link to={paths.adminOrder.href(refund.order_id)}>
                <bdi dir="ltr">{refund.order_number}</bdi>
              </Link>{' '}
              ·{' '}
            </>
          )}
          <strong className="adm-num">{formatMoney(refund.amount, lang, { cents: true })}</strong> ·{' '}
          {t(`refunds.kind.${refund.kind}`)} ·{' '}
          <span className="adm-num">{formatDateTime(refund.created_at, lang)}</span>
          {refund.actor && (
            <>
              {' · '}
              <bdi>{refund.actor.name || refund.actor.email}</bdi>
            </>
          )}
        </p>
        <p className="adm-muted">
          <bdi>{refund.reason}</bdi>
          {refund.lines.length > 0 && (
            <>
              {' · '}
              {refund.lines.map((l) => `${name(l.line_id)} × ${l.quantity}`).join(', ')}
            </>
          )}
          {refund.restock && <> · {t('refunds.restocked')}</>}
        </p>
        {refund.credit_note_number && (
          <p className="adm-muted">
            {t(refund.credit_note_number.startsWith('CN-') ? 'refunds.creditNote' : 'refunds.receipt')}{' '}
            <bdi dir="ltr">{refund.credit_note_number}</bdi> ·{' '}
            {t('refunds.vat', { amount: formatMoney(refund.vat ?? '0', lang, { cents: true }) })}
          </p>
        )}
        {refund.status !== 'succeeded' && (
          <p className={refund.status === 'failed' ? 'adm-error' : 'adm-muted'}>
            {t(`refunds.waiting.${refund.status}`, { attempts: refund.attempts })}
            {refund.last_error && (
              <>
                {' · '}
                <bdi>{refund.last_error}</bdi>
              </>
            )}
          </p>
        )}
      </div>
      <span className="adm-badge" data-tone={TONE[refund.status]}>
        {t(`refunds.status.${refund.status}`)}
      </span>
    </li>
  );
}
