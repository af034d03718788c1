import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '@boutique/contracts/admin';
import type { Language } from '@boutique/contracts/constants';
import { fromFils, parseWholeNumber } from '@boutique/contracts/constants';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessages, inputClass, ltrInputClass } from '@/components/ui/field';
import { formatMoney } from '@/lib/format';
import { useCreateRefund, useOrderRefunds, useRefundsAttention } from '../api/after-sale';
import { errorMessage, QueryState } from '../components/admin-ui';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { RefundRow } from '../components/refund-row';
import { refundRequest, type RefundChoice, type RefundMode } from './refund-model';

const newKey = newIdempotencyKey;

/**
 * An order's refunds and the owner's refund: everything left, chosen pieces (put back on sale or not), or an
 * amount; asked to confirm, then sent through the gateway that took the money.
 */
export function RefundsCard({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const query = useOrderRefunds(order.id);
  const create = useCreateRefund(order.id);
  // One key per refund the owner means to make: a double click or a retry is the same refund.
  const [key, setKey] = useState(newKey);
  const [choice, setChoice] = useState<RefundChoice>({
    mode: 'rest',
    pieces: {},
    amount: '',
    restock: false,
    reason: '',
  });
  // The pieces as typed per line, in any digits (an Arabic keyboard types ١); `choice.pieces` holds what they read.
  const [typedPieces, setTypedPieces] = useState<Record<number, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [banner, setBanner] = useState<string>();
  const [done, setDone] = useState<string>();

  if (!query.data) return <QueryState error={query.error} retry={() => void query.refetch()} />;
  const { refunds, refundable } = query.data;
  const request = refundRequest(choice, refundable);
  // The button says the amount as soon as it is known, the reason not typed yet.
  const preview = refundRequest({ ...choice, reason: choice.reason || '-' }, refundable);
  const money = (fils: number) => formatMoney(fromFils(fils), lang, { cents: true });
  const set = (change: Partial<RefundChoice>) => {
    setDone(undefined);
    setBanner(undefined);
    setChoice((c) => ({ ...c, ...change }));
  };

  const send = async () => {
    if ('problem' in request) return;
    setBanner(undefined);
    try {
      const res = await create.mutateAsync({ body: request.body, key });
      const refund = res.data.refund;
      setDone(
        t(`refunds.made.${refund.status}`, { amount: formatMoney(refund.amount, lang, { cents: true }) }),
      );
      setKey(newKey());
      setChoice({ mode: 'rest', pieces: {}, amount: '', restock: false, reason: '' });
      setTypedPieces({});
    } catch (error) {
      setBanner(errorMessage(error, t('errors.save')));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className="adm-card" aria-labelledby="order-refunds">
      <h2 id="order-refunds">{t('refunds.title')}</h2>
      {refunds.length === 0 ? (
        <p className="adm-muted">{t('refunds.none')}</p>
      ) : (
        <ul className="adm-list">
          {refunds.map((refund) => (
            <RefundRow key={refund.id} refund={refund} order={order} />
          ))}
        </ul>
      )}
      {Number(refundable.amount) > 0 ? (
        <form
          className="adm-stack adm-no-print"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setBanner(undefined);
            if ('problem' in request) setBanner(t(`refunds.problems.${request.problem}`));
            else setConfirming(true);
          }}
        >
          <h3>{t('refunds.make')}</h3>
          <p className="adm-muted">
            {t('refunds.left', { amount: formatMoney(refundable.amount, lang, { cents: true }) })}
          </p>
          <fieldset className="adm-fieldset">
            <legend className="visually-hidden">{t('refunds.how')}</legend>
            {(['rest', 'lines', 'amount'] as RefundMode[]).map((mode) => (
              <label key={mode} className="adm-check">
                <input
                  type="radio"
                  name="refund-mode"
                  checked={choice.mode === mode}
                  onChange={() => set({ mode })}
                />
                {t(`refunds.mode.${mode}`)}
              </label>
            ))}
          </fieldset>
          {choice.mode === 'lines' && (
            <div className="adm-sizes">
              {refundable.lines.map((line) => {
                const item = order.items.find((i) => i.id === line.line_id);
                const id = `refund-line-${line.line_id}`;
                return (
                  <div key={line.line_id} className="adm-size">
                    <label htmlFor={id}>
                      <bdi>{item ? item.product_name[lang] || item.product_name.en : line.line_id}</bdi>{' '}
                      {item && t('orders.sizeN', { size: item.options.size })}
                    </label>
                    {/* Text, not a number input: that one refuses the digits of an Arabic keyboard. */}
                    <input
                      id={id}
                      inputMode="numeric"
                      dir="ltr"
                      autoComplete="off"
                      placeholder="0"
                      className={ltrInputClass}
                      value={typedPieces[line.line_id] ?? ''}
                      onChange={(event) => {
                        const typed = event.target.value;
                        setTypedPieces((all) => ({ ...all, [line.line_id]: typed }));
                        set({ pieces: { ...choice.pieces, [line.line_id]: parseWholeNumber(typed) ?? 0 } });
                      }}
                    />
                    <span className="adm-muted">
                      {t('refunds.ofLeft', {
                        count: line.quantity,
                        amount: formatMoney(line.amount, lang, { cents: true }),
                      })}
                    </span>
                  </div>
                );
              })}
            </div>
          )}
          {choice.mode === 'amount' ? (
            <div className="adm-field">
              <label htmlFor="refund-amount">{t('refunds.amount')}</label>
              <input
                id="refund-amount"
                inputMode="decimal"
                dir="ltr"
                className={ltrInputClass}
                value={choice.amount}
                onChange={(event) => set({ amount: event.target.value })}
              />
            </div>
          ) : (
            <label className="adm-check">
              <input
                type="checkbox"
                checked={choice.restock}
                onChange={(event) => set({ restock: event.target.checked })}
              />
              {t('refunds.restock')}
            </label>
          )}
          <div className="adm-field">
            <label htmlFor="refund-reason">{t('refunds.reason')}</label>
            <textarea
              id="refund-reason"
              dir="auto"
              rows={2}
              maxLength={500}
              className={inputClass}
              value={choice.reason}
              onChange={(event) => set({ reason: event.target.value })}
            />
          </div>
          <p className="adm-muted">{t('refunds.emailNote')}</p>
          <FormMessages error={banner} success={done} />
          <div>
            <Button type="submit" loading={create.isPending}>
              {'fils' in preview
                ? t('refunds.submit', { amount: money(preview.fils) })
                : t('refunds.submitPlain')}
            </Button>
          </div>
          <ConfirmDialog
            open={confirming}
            title={'fils' in request ? t('refunds.confirm', { amount: money(request.fils) }) : ''}
            confirmLabel={t('refunds.confirmYes')}
            cancelLabel={t('cancel')}
            busy={create.isPending}
            onConfirm={() => void send()}
            onCancel={() => setConfirming(false)}
          >
            {t('refunds.confirmText', { number: order.order_number })}
          </ConfirmDialog>
        </form>
      ) : (
        <>
          <p className="adm-muted">{t('refunds.nothingLeft')}</p>
          <FormMessages success={done} />
        </>
      )}
    </section>
  );
}

/**
 * The refunds that need the owner, above the orders: still pending after a try (the sweep keeps trying, the
 * shopper waits) or refused by the gateway (a person must settle them). Nothing when there are none.
 */
export function RefundsAttention() {
  const { t } = useTranslation('admin');
  const refunds = useRefundsAttention().data ?? [];
  if (refunds.length === 0) return null;
  return (
    <section
      className="adm-notice adm-stack"
      aria-labelledby="refunds-attention"
      data-testid="refunds-attention"
    >
      <h2 id="refunds-attention">{t('refunds.attention', { count: refunds.length })}</h2>
      <ul className="adm-list">
        {refunds.map((refund) => (
          <RefundRow key={refund.id} refund={refund} withOrder />
        ))}
      </ul>
    </section>
  );
}
