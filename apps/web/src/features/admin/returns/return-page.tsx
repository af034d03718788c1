import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nextReturnStatuses, type ReturnUpdate } from '@boutique/contracts';
import type { AdminReturn } from '@boutique/contracts/admin-after-sale';
import type { Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessages, inputClass } from '@/components/ui/field';
import { useAdminReturn, useMoveReturn } from '../api/after-sale';
import { AdminPageHeader, QueryState, errorMessage, formatDateTime } from '../components/admin-ui';
import { AuditLog } from '../components/audit-log';
import { RefundRow } from '../components/refund-row';
import { ReturnStatusBadge } from '../components/return-parts';

/** One return or exchange: its pieces and wishes, the shopper's reason, its steps and the owner's next one. */
export default function ReturnPage() {
  const { id } = useParams();
  const returnId = Number(id);
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const query = useAdminReturn(returnId);
  if (!query.data) return <QueryState error={query.error} retry={() => void query.refetch()} />;
  const { return: ret, audit } = query.data;

  return (
    <>
      <AdminPageHeader
        title={t(`returns.titleOf.${ret.type}`, { number: ret.number })}
        subtitle={formatDateTime(ret.created_at, lang)}
        actions={
          <Link className="adm-small-btn" to={paths.adminOrder.href(ret.order_id)}>
            {t('returns.openOrder', { number: ret.order_number })}
          </Link>
        }
      />
      <div className="adm-grid">
        <section className="adm-card" aria-labelledby="return-lines">
          <h2 id="return-lines">{t('returns.pieces')}</h2>
          <ul className="adm-lines">
            {ret.lines.map((line) => {
              const held = ret.held.find((h) => h.line_id === line.line_id);
              return (
                <li key={line.line_id}>
                  {line.product_image ? <img src={line.product_image} alt="" /> : <span />}
                  <div>
                    <Link to={paths.product.href(line.product_slug)}>
                      <bdi>{line.product_name[lang] || line.product_name.en}</bdi>
                    </Link>
                    <p className="adm-muted">
                      {[line.color_name?.[lang], t('orders.sizeN', { size: line.size })]
                        .filter(Boolean)
                        .join(' · ')}{' '}
                      × {line.quantity}
                    </p>
                    {line.wanted_size && (
                      <p>
                        {t('returns.wants', {
                          size: line.wanted_size,
                          color: line.wanted_color_name?.[lang] ?? '',
                        })}
                      </p>
                    )}
                    {held && (
                      <p className="adm-muted">
                        {t('returns.held', { count: held.quantity, size: held.size })}
                      </p>
                    )}
                  </div>
                  <span />
                </li>
              );
            })}
          </ul>
        </section>

        <section className="adm-card" aria-labelledby="return-request">
          <h2 id="return-request">{t('returns.request')}</h2>
          <p>
            <Link to={paths.adminCustomer.href(ret.customer.id)}>
              <bdi>{ret.customer.name}</bdi>
            </Link>{' '}
            · <bdi>{ret.customer.email}</bdi>
          </p>
          <dl className="adm-dl">
            <dt>{t('returns.reason')}</dt>
            <dd>{t(`returns.reasons.${ret.reason}`)}</dd>
            {ret.comment && (
              <>
                <dt>{t('returns.comment')}</dt>
                <dd>
                  <bdi>{ret.comment}</bdi>
                </dd>
              </>
            )}
            {ret.restocked !== null && (
              <>
                <dt>{t('returns.received')}</dt>
                <dd>{t(ret.restocked ? 'returns.backOnSale' : 'returns.damaged')}</dd>
              </>
            )}
          </dl>
        </section>

        <section className="adm-card" aria-labelledby="return-status">
          <h2 id="return-status">{t('orders.status')}</h2>
          <p>
            <ReturnStatusBadge status={ret.status} />
          </p>
          {ret.refund && (
            <ul className="adm-list">
              <RefundRow refund={ret.refund} />
            </ul>
          )}
          <ReturnMove ret={ret} />
        </section>

        <section className="adm-card" aria-labelledby="return-history">
          <h2 id="return-history">{t('orders.history')}</h2>
          <ol className="adm-timeline">
            {ret.history.map((step, index) => (
              <li key={index}>
                <p>
                  <strong>{t(`returns.status.${step.status}`)}</strong> ·{' '}
                  <span className="adm-num">{formatDateTime(step.at, lang)}</span>
                  {step.by && (
                    <>
                      {' · '}
                      <bdi>{step.by.name || step.by.email}</bdi>
                    </>
                  )}
                </p>
                {step.note && (
                  <p className="adm-muted">
                    <bdi>{step.note}</bdi>
                  </p>
                )}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <div className="adm-stack" style={{ marginBlockStart: 'var(--space-4)' }}>
        <AuditLog entries={audit} />
      </div>
    </>
  );
}

/** What the owner may do next, each a button, with a note e-mailed to the shopper. */
function ReturnMove({ ret }: { ret: AdminReturn }) {
  const { t } = useTranslation('admin');
  const move = useMoveReturn(ret.id);
  const [note, setNote] = useState('');
  const [banner, setBanner] = useState<string>();
  const [done, setDone] = useState<string>();
  const [refunding, setRefunding] = useState(false);
  const next = nextReturnStatuses(ret.status, ret.type);
  if (next.length === 0) return <p className="adm-muted">{t('returns.final')}</p>;

  const go = async (change: Omit<ReturnUpdate, 'note'>) => {
    setBanner(undefined);
    setDone(undefined);
    try {
      await move.mutateAsync({ ...change, note: note.trim() || null });
      setNote('');
      setDone(t('returns.moved', { status: t(`returns.status.${change.status}`) }));
    } catch (error) {
      setBanner(errorMessage(error, t('errors.save')));
    } finally {
      setRefunding(false);
    }
  };

  return (
    <div className="adm-stack adm-no-print">
      <h3>{t('returns.next')}</h3>
      <div className="adm-field">
        <label htmlFor="return-note">{t('returns.note')}</label>
        <textarea
          id="return-note"
          dir="auto"
          rows={3}
          maxLength={1000}
          className={inputClass}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <p className="adm-muted">{t('returns.emailNote')}</p>
      <FormMessages error={banner} success={done} />
      <div className="adm-actions">
        {next.flatMap((status) =>
          status === 'received'
            ? [
                <Button
                  key="restock"
                  loading={move.isPending}
                  onClick={() => void go({ status, restock: true })}
                >
                  {t('returns.actions.receivedRestock')}
                </Button>,
                <Button
                  key="damaged"
                  variant="outline"
                  loading={move.isPending}
                  onClick={() => void go({ status, restock: false })}
                >
                  {t('returns.actions.receivedDamaged')}
                </Button>,
              ]
            : [
                <Button
                  key={status}
                  variant={status === 'rejected' || status === 'closed' ? 'outline' : undefined}
                  loading={move.isPending}
                  onClick={() => (status === 'refunded' ? setRefunding(true) : void go({ status }))}
                >
                  {t(`returns.actions.${status}`)}
                </Button>,
              ],
        )}
      </div>
      <ConfirmDialog
        open={refunding}
        title={t('returns.confirmRefund', { number: ret.number })}
        confirmLabel={t('returns.actions.refunded')}
        cancelLabel={t('cancel')}
        busy={move.isPending}
        onConfirm={() => void go({ status: 'refunded' })}
        onCancel={() => setRefunding(false)}
      >
        {t('returns.confirmRefundText')}
      </ConfirmDialog>
    </div>
  );
}
