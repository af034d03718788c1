import { lazy, Suspense, useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type Language } from '@boutique/contracts/constants';
import { localized } from '@/lib/product';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { PageMeta } from '@/components/page-meta';
import { PageFallback } from '@/components/page-fallback';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { TotalsList } from '@/components/ui/totals';
import {
  completePaymentLink,
  confirmLinkCard,
  paymentLinkIntent,
  usePaymentLink,
  type PaymentLink,
} from './api/payment-link';
import type { CardFormHandle } from './payment-types';
import { SandboxCardForm } from './components/sandbox-card-form';
import { CheckCircleIcon } from './components/checkout-icons';
import styles from './components/checkout.module.css';

const StripeCardForm = lazy(() => import('./components/stripe-card-form'));

type Phase =
  { kind: 'idle' } | { kind: 'paying' } | { kind: 'paid'; number: string } | { kind: 'error'; key: string };

/** Why the link cannot be paid, in the page's words. */
function refusalOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'generic';
  const code = (error.data as { code?: string } | undefined)?.code;
  if (code === ERROR_CODES.paymentLinkUsed) return 'used';
  if (code === ERROR_CODES.paymentLinkExpired) return 'expired';
  return error.status === 404 ? 'unknown' : 'generic';
}

/** `/pay/{token}`: a manual order's payment link. The customer sees the order and pays it by card, once. */
export default function PayLinkPage() {
  const { t } = useTranslation('payLink');
  const token = useParams().token ?? '';
  const link = usePaymentLink(token);
  if (link.isPending) return <PageFallback />;
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={t('title')} />
      <meta name="robots" content="noindex" />
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('title')}</h1>
      </header>
      {link.data ? (
        <PayLink token={token} link={link.data} />
      ) : (
        <div className={styles.inlineError} role="alert" data-testid="pay-link-refused">
          <FormMessage tone="error">{t(`refused.${refusalOf(link.error)}`)}</FormMessage>
        </div>
      )}
    </div>
  );
}

function PayLink({ token, link }: { token: string; link: PaymentLink }) {
  const { t, i18n } = useTranslation('payLink');
  const lang = i18n.language as Language;
  const money = (amount: string) => formatMoney(amount, lang);
  const form = useRef<CardFormHandle>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [stripeReady, setStripeReady] = useState(false);
  const onStripeReady = useCallback((ready: boolean) => setStripeReady(ready), []);
  const confirmWith = useMemo(() => confirmLinkCard(token), [token]);
  const usesStripe = link.gateway === 'stripe' && Boolean(link.publishableKey);
  const { order } = link;

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (phase.kind === 'paying' || !form.current?.check()) return;
    setPhase({ kind: 'paying' });
    try {
      const intent = await paymentLinkIntent(token);
      const billing = {
        name: order.customer_name,
        email: '',
        phone: '',
        address: '',
        city: '',
        postalCode: '',
        country: '',
      };
      const confirmation = await form.current.confirm(intent.clientSecret, billing);
      if (confirmation.kind === 'declined') {
        setPhase({ kind: 'error', key: 'declined' });
        return;
      }
      const outcome = await completePaymentLink(token);
      setPhase(
        outcome.paid ? { kind: 'paid', number: outcome.order_number } : { kind: 'error', key: 'notPaid' },
      );
    } catch (error) {
      setPhase({ kind: 'error', key: `refused.${refusalOf(error)}` });
    }
  };

  if (phase.kind === 'paid')
    return (
      <div className={styles.finalising} role="status" data-testid="pay-link-paid">
        <p className={styles.finalisingTitle}>
          <CheckCircleIcon size={22} />
          <span>{t('paid', { number: phase.number })}</span>
        </p>
      </div>
    );

  return (
    <div className={styles.layout}>
      <form className={styles.step} noValidate onSubmit={(e) => void pay(e)} aria-labelledby="pay-link-card">
        <p>
          {t('intro', { name: order.customer_name, number: '' })}
          <bdi data-testid="pay-link-number">{order.order_number}</bdi>
        </p>
        <h2 id="pay-link-card" className={styles.cardTitle}>
          {t('card')}
        </h2>
        {usesStripe && link.publishableKey ? (
          <Suspense fallback={null}>
            <StripeCardForm
              ref={form}
              publishableKey={link.publishableKey}
              scriptUrl={link.stripeJsUrl}
              disabled={phase.kind === 'paying'}
              onReadyChange={onStripeReady}
            />
          </Suspense>
        ) : (
          <SandboxCardForm ref={form} disabled={phase.kind === 'paying'} testMode confirmWith={confirmWith} />
        )}
        <div role="alert" className={styles.alertSlot}>
          {phase.kind === 'error' && (
            <p className={styles.paymentError} data-testid="pay-link-error">
              <span>{t(phase.key)}</span>
            </p>
          )}
        </div>
        <Button
          type="submit"
          variant="accent"
          className={styles.payButton}
          loading={phase.kind === 'paying'}
          disabled={phase.kind === 'paying' || (usesStripe && !stripeReady)}
          data-testid="pay-link-button"
        >
          {t('submit', { amount: money(order.total_amount) })}
        </Button>
      </form>
      <aside className={styles.sidebar} aria-label={t('summary')}>
        <div className={styles.summary}>
          <ul className={styles.summaryLines}>
            {order.items.map((item) => (
              <li key={item.id}>
                <bdi>{localized(item.product_name, lang)}</bdi> · {item.options.size} × {item.quantity}
              </li>
            ))}
          </ul>
          <TotalsList
            className={styles.totals}
            grandClassName={styles.grandTotal}
            rows={[
              { label: t('subtotal'), value: money(order.subtotal) },
              ...(Number(order.cod_fee) > 0 ? [{ label: t('codFee'), value: money(order.cod_fee) }] : []),
              { label: t('total'), value: money(order.total_amount), grand: true },
            ]}
          />
        </div>
      </aside>
    </div>
  );
}
