import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { OrderStatusUpdateSchema, type OrderStatusUpdate, type StoredAddress } from '@boutique/contracts';
import type { AdminOrder } from '@boutique/contracts/admin';
import { roleMayUse, type Language } from '@boutique/contracts/constants';
import { useBackOfficeRole } from '../admin-layout';
import { nextStatuses } from '@boutique/contracts/order-status';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { FormMessages, SelectBox, inputClass, ltrInputClass } from '@/components/ui/field';
import { formatMoney, formatMoneyOff } from '@/lib/format';
import { useAdminOrder, useMarkPaid, useMoveOrder } from '../api/orders';
import {
  AdminPageHeader,
  OrderStatusBadge,
  QueryState,
  errorMessage,
  formatDateTime,
} from '../components/admin-ui';
import { AuditLog } from '../components/audit-log';
import { NotesCard } from '../components/desk/notes-card';
import { ConflictNotice, staleRecord } from '../components/conflict';
import { LeaveGuard } from '../components/leave-guard';
import { problemText } from '../components/problems';
import { RefundsCard } from './refunds-card';
import { OrderReturns } from '../components/return-parts';

/** One order: its pieces, addresses, payment, history, the move to its next status and its packing slip. */
export default function OrderPage() {
  const { id } = useParams();
  const orderId = Number(id);
  const { t, i18n } = useTranslation('admin');
  const role = useBackOfficeRole();
  const lang = i18n.language as Language;
  const query = useAdminOrder(orderId);
  if (!query.data) return <QueryState error={query.error} retry={() => void query.refetch()} />;
  const { order, audit } = query.data;

  return (
    <>
      <AdminPageHeader
        title={t('orders.orderTitle', { number: order.order_number })}
        subtitle={formatDateTime(order.created_at, lang)}
        actions={
          <Link className="adm-small-btn" to={paths.adminPackingSlip.href(order.id)}>
            {t('orders.packingSlip')}
          </Link>
        }
      />
      <div className="adm-grid">
        <section className="adm-card" aria-labelledby="order-lines">
          <h2 id="order-lines">{t('orders.lines')}</h2>
          <ul className="adm-lines">
            {order.items.map((item) => (
              <li key={item.id}>
                {item.product_image ? <img src={item.product_image} alt="" /> : <span />}
                <div>
                  <Link to={paths.product.href(item.product_slug)}>
                    <bdi>{item.product_name[lang] || item.product_name.en}</bdi>
                  </Link>
                  <p className="adm-muted">
                    {[item.options.color_name?.[lang], t('orders.sizeN', { size: item.options.size })]
                      .filter(Boolean)
                      .join(' · ')}{' '}
                    × {item.quantity}
                  </p>
                </div>
                <span className="adm-num">{formatMoney(item.line_total, lang)}</span>
              </li>
            ))}
          </ul>
          <dl className="adm-dl">
            <dt>{t('orders.subtotal')}</dt>
            <dd className="adm-num">{formatMoney(order.subtotal, lang)}</dd>
            <dt>{t('orders.shipping')}</dt>
            <dd className="adm-num">{formatMoney(order.shipping_amount, lang)}</dd>
            {order.discount_code && (
              <>
                <dt>
                  {t('orders.discount')} <bdi>{order.discount_code}</bdi>
                </dt>
                <dd className="adm-num">{formatMoneyOff(order.discount_amount, lang)}</dd>
              </>
            )}
            {order.cod_fee && Number(order.cod_fee) > 0 && (
              <>
                <dt>{t('orders.codFee')}</dt>
                <dd className="adm-num">{formatMoney(order.cod_fee, lang)}</dd>
              </>
            )}
            <dt>{t('orders.total')}</dt>
            <dd className="adm-num">
              <strong>{formatMoney(order.total_amount, lang)}</strong>
            </dd>
          </dl>
        </section>

        <section className="adm-card" aria-labelledby="order-status">
          <h2 id="order-status">{t('orders.status')}</h2>
          <p>
            <OrderStatusBadge status={order.fulfillment_status} />
          </p>
          <dl className="adm-dl">
            <dt>{t('orders.payment')}</dt>
            <dd>
              {t(`paymentStatus.${order.payment_status}`)} · {t(`paymentMethod.${order.payment_method}`)}
            </dd>
            <dt>{t('orders.paymentRef')}</dt>
            <dd dir="ltr">
              <code>{order.transaction_id}</code>
            </dd>
            {order.carrier && (
              <>
                <dt>{t('orders.carrier')}</dt>
                <dd>
                  <bdi>{order.carrier}</bdi>
                </dd>
              </>
            )}
            {order.tracking_number && (
              <>
                <dt>{t('orders.tracking')}</dt>
                <dd dir="ltr">{order.tracking_number}</dd>
              </>
            )}
            {order.note && (
              <>
                <dt>{t('orders.ownerNote')}</dt>
                <dd>
                  <bdi>{order.note}</bdi>
                </dd>
              </>
            )}
          </dl>
          <MarkPaid order={order} />
          <StatusMove order={order} />
        </section>

        <section className="adm-card" aria-labelledby="order-people">
          <h2 id="order-people">{t('orders.customerAndAddresses')}</h2>
          <p>
            <Link to={paths.adminCustomer.href(order.customer.id)}>
              <bdi>{order.customer.name}</bdi>
            </Link>{' '}
            · <bdi>{order.customer.email}</bdi>
          </p>
          <h3>{t('orders.shippingAddress')}</h3>
          <AddressLines address={order.shipping_address ?? order.billing_address} />
          <h3>{t('orders.billingAddress')}</h3>
          <AddressLines address={order.billing_address} />
        </section>

        <section className="adm-card" aria-labelledby="order-history">
          <h2 id="order-history">{t('orders.history')}</h2>
          <ol className="adm-timeline">
            {order.history.map((event, index) => (
              <li key={index}>
                <p>
                  <strong>{t(`common:orderStatus.${event.to}`)}</strong> ·{' '}
                  <span className="adm-num">{formatDateTime(event.at, lang)}</span>
                  {event.by && (
                    <>
                      {' · '}
                      <bdi>{event.by.name || event.by.email}</bdi>
                    </>
                  )}
                </p>
                {(event.carrier || event.tracking_number) && (
                  <p className="adm-muted">
                    <bdi>{[event.carrier, event.tracking_number].filter(Boolean).join(' · ')}</bdi>
                  </p>
                )}
                {event.note && (
                  <p className="adm-muted">
                    <bdi>{event.note}</bdi>
                  </p>
                )}
              </li>
            ))}
          </ol>
        </section>

        {/* Refunds move money: the owner's (staff see the order without them). */}
        {roleMayUse(role, 'refunds') && <RefundsCard order={order} />}
        <OrderReturns orderId={order.id} />
        <NotesCard subject={{ kind: 'order', id: order.id }} />
      </div>
      <div className="adm-stack" style={{ marginBlockStart: 'var(--space-4)' }}>
        <AuditLog entries={audit} />
      </div>
    </>
  );
}

/** Cash handed to the courier, or money taken another way: the order awaiting it is marked paid. */
function MarkPaid({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('admin');
  const mark = useMarkPaid(order.id);
  const [banner, setBanner] = useState<string>();
  const [done, setDone] = useState<string>();
  if (order.payment_status !== 'awaiting_payment' || order.fulfillment_status === 'cancelled')
    return done ? (
      <p className="adm-saved" role="status">
        {done}
      </p>
    ) : null;
  const submit = async () => {
    setBanner(undefined);
    try {
      await mark.mutateAsync(order.version);
      setDone(t('orders.markedPaid'));
    } catch (error) {
      setBanner(errorMessage(error, t('errors.save')));
    }
  };
  return (
    <div className="adm-stack">
      <p className="adm-muted">{t('orders.markPaidNote')}</p>
      <Button variant="accent" onClick={() => void submit()} loading={mark.isPending}>
        {t('orders.markPaid')}
      </Button>
      <FormMessages error={banner} />
    </div>
  );
}

function AddressLines({ address }: { address: StoredAddress }) {
  return (
    <address className="adm-muted" style={{ fontStyle: 'normal' }}>
      <bdi>{address.name}</bdi>
      <br />
      <bdi>{address.address}</bdi>
      <br />
      <bdi>{[address.city, address.postalCode, address.country].filter(Boolean).join(', ')}</bdi>
      <br />
      <bdi dir="ltr">{address.phone}</bdi> · <bdi dir="ltr">{address.email}</bdi>
    </address>
  );
}

/**
 * The move to the next status with the parcel's carrier and tracking number and a note: the shopper is e-mailed.
 * The move is made from the version of the order this page shows; refused because the order changed meanwhile,
 * it shows what changed and makes the same move on the order as it is now in one click (decision 028).
 */
function StatusMove({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const options = nextStatuses(order.fulfillment_status);
  const move = useMoveOrder(order.id);
  const [banner, setBanner] = useState<string>();
  const [done, setDone] = useState<string>();
  const [conflict, setConflict] = useState<{
    shown: AdminOrder;
    current: AdminOrder;
    move: OrderStatusUpdate;
  }>();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<OrderStatusUpdate>({
    resolver: zodResolver(OrderStatusUpdateSchema),
    defaultValues: { status: options[0] ?? 'processing', carrier: '', tracking_number: '', note: '' },
  });
  if (options.length === 0)
    return (
      <>
        <p className="adm-muted">{t('orders.final')}</p>
        {/* The move that made it final (delivered, cancelled) is still confirmed, the customer told. */}
        <p className="adm-saved" role="status">
          {done ?? ''}
        </p>
      </>
    );
  const target = watch('status');

  const send = async (values: OrderStatusUpdate, version: number, shown: AdminOrder) => {
    setBanner(undefined);
    setDone(undefined);
    setConflict(undefined);
    try {
      await move.mutateAsync({ ...values, version });
      setDone(t('orders.moved', { status: t(`common:orderStatus.${values.status}`) }));
      reset({
        status: nextStatuses(values.status)[0] ?? values.status,
        carrier: '',
        tracking_number: '',
        note: '',
      });
    } catch (error) {
      const current = staleRecord<AdminOrder>(error);
      if (current) setConflict({ shown, current, move: values });
      else setBanner(errorMessage(error, t('errors.save')));
    }
  };
  const submit = handleSubmit((values) => send(values, order.version, order));
  const orderChanges = (shown: AdminOrder, current: AdminOrder) =>
    [
      [
        'fulfillment_status',
        t('orders.status'),
        (o: AdminOrder) => t(`common:orderStatus.${o.fulfillment_status}`),
      ],
      ['payment_status', t('orders.payment'), (o: AdminOrder) => t(`paymentStatus.${o.payment_status}`)],
      ['carrier', t('orders.carrier'), (o: AdminOrder) => o.carrier ?? t('conflict.none')],
      ['tracking_number', t('orders.tracking'), (o: AdminOrder) => o.tracking_number ?? t('conflict.none')],
      [
        'history',
        t('orders.history'),
        (o: AdminOrder) => formatDateTime(o.history.at(-1)?.at ?? o.created_at, lang),
      ],
    ]
      .map(([field, label, show]) => ({
        field: field as string,
        label: label as string,
        before: (show as (o: AdminOrder) => string)(shown),
        now: (show as (o: AdminOrder) => string)(current),
      }))
      .filter((c) => c.before !== c.now);

  return (
    <form className="adm-stack adm-no-print" noValidate onSubmit={(event) => void submit(event)}>
      <h3>{t('orders.move')}</h3>
      <div className="adm-field">
        <label htmlFor="move-status">{t('orders.newStatus')}</label>
        <SelectBox id="move-status" {...register('status')}>
          {options.map((status) => (
            <option key={status} value={status}>
              {t(`common:orderStatus.${status}`)}
            </option>
          ))}
        </SelectBox>
      </div>
      {target === 'shipped' && (
        <div className="adm-row">
          <div className="adm-field">
            <label htmlFor="move-carrier">{t('orders.carrier')}</label>
            <input id="move-carrier" dir="auto" className={inputClass} {...register('carrier')} />
            {errors.carrier && <p className="adm-error">{problemText(errors.carrier.message, t)}</p>}
          </div>
          <div className="adm-field">
            <label htmlFor="move-tracking">{t('orders.tracking')}</label>
            <input id="move-tracking" dir="ltr" className={ltrInputClass} {...register('tracking_number')} />
            {errors.tracking_number && (
              <p className="adm-error">{problemText(errors.tracking_number.message, t)}</p>
            )}
          </div>
        </div>
      )}
      <div className="adm-field">
        <label htmlFor="move-note">{t('orders.note')}</label>
        <textarea id="move-note" dir="auto" rows={3} className={inputClass} {...register('note')} />
        {errors.note && <p className="adm-error">{problemText(errors.note.message, t)}</p>}
      </div>
      <p className="adm-muted">{t('orders.emailNote')}</p>
      {conflict && (
        <ConflictNotice
          what={t('conflict.thisOrder')}
          changes={orderChanges(conflict.shown, conflict.current)}
          yourFields={[t('orders.moveTo', { status: t(`common:orderStatus.${conflict.move.status}`) })]}
          busy={isSubmitting || move.isPending}
          onReapply={() => void send(conflict.move, conflict.current.version, conflict.current)}
          onDiscard={() => {
            setConflict(undefined);
            reset();
          }}
        />
      )}
      <FormMessages error={banner} />
      <div className="adm-actions">
        <Button type="submit" loading={isSubmitting}>
          {t('orders.moveSubmit')}
        </Button>
        <p className="adm-saved" role="status">
          {done ?? ''}
        </p>
      </div>
      <LeaveGuard when={isDirty && !isSubmitting} />
    </form>
  );
}
