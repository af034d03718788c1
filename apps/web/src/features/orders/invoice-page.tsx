import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localized } from '@/lib/product';
import type { TFunction } from 'i18next';
import type { Invoice } from '@boutique/contracts';
import { formatDate, formatMoney, formatMoneyOff } from '@/lib/format';
import { directionOf } from '@/lib/i18n';
import { TotalsList } from '@/components/ui/totals';
import { useInvoice } from './api/get-invoice';
import { CustomerAddress, DocumentLines, DocumentPage, IssuerAddress } from './components/document-parts';
import styles from './components/invoice.module.css';

/** One order's tax invoice (or receipt), in the order's language, with a print button; only the sheet prints. */
export default function InvoicePage() {
  const { id } = useParams();
  const orderId = Number(id);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const { t } = useTranslation('orders');
  const query = useInvoice(valid ? orderId : 0);
  return (
    <DocumentPage
      valid={valid}
      query={query}
      texts={{
        title: query.data ? t(`invoice.kind.${query.data.kind}`) : '',
        loading: t('invoice.loading'),
        error: t('invoice.error'),
        notFoundTitle: t('invoice.notFound.title'),
        notFoundText: t('invoice.notFound.text'),
        back: t('invoice.back'),
        print: t('invoice.print'),
      }}
    >
      {(invoice, docT) => <InvoiceSheet invoice={invoice} t={docT} />}
    </DocumentPage>
  );
}

/** The document itself, every word in `invoice.locale` (its `t`), right to left in Arabic. */
export function InvoiceSheet({ invoice, t }: { invoice: Invoice; t: TFunction<'orders'> }) {
  const lang = invoice.locale;
  const money = (amount: string) => <bdi>{formatMoney(amount, lang, { cents: true })}</bdi>;
  const title = t(`invoice.kind.${invoice.kind}`);

  return (
    <article
      className={styles.sheet}
      lang={lang}
      dir={directionOf(lang)}
      aria-labelledby="invoice-title"
      data-testid="invoice"
    >
      <header className={styles.head}>
        <div>
          <h1 id="invoice-title" className={styles.title}>
            {title}
          </h1>
          <dl className={styles.facts}>
            <div>
              <dt>{t(`invoice.number.${invoice.kind}`)}</dt>
              <dd>
                <bdi dir="ltr" data-testid="invoice-number">
                  {invoice.number}
                </bdi>
              </dd>
            </div>
            {invoice.number !== invoice.order_number && (
              <div>
                <dt>{t('invoice.order')}</dt>
                <dd>
                  <bdi dir="ltr">{invoice.order_number}</bdi>
                </dd>
              </div>
            )}
            <div>
              <dt>{t('invoice.date')}</dt>
              <dd>
                <time dateTime={invoice.issued_at}>{formatDate(invoice.issued_at, lang)}</time>
              </dd>
            </div>
          </dl>
        </div>
        <IssuerAddress shop={invoice.shop} t={t} />
      </header>

      <CustomerAddress customer={invoice.customer} lang={lang} title={t('invoice.billedTo')} />

      <DocumentLines lines={invoice.lines} lang={lang} caption={t('invoice.lines')} t={t} />

      <TotalsList
        className={styles.totals}
        grandClassName={styles.grandTotal}
        rows={[
          {
            label: invoice.shipping_name
              ? `${t('invoice.shipping')} · ${localized(invoice.shipping_name, lang)}`
              : t('invoice.shipping'),
            value: money(invoice.shipping),
            testId: 'invoice-shipping',
          },
          ...(invoice.discount
            ? [
                {
                  label: (
                    <>
                      {t('invoice.discount')} <bdi>{invoice.discount.code}</bdi>
                    </>
                  ),
                  value: <bdi>{formatMoneyOff(invoice.discount.amount, lang, { cents: true })}</bdi>,
                  testId: 'invoice-discount',
                },
              ]
            : []),
          { label: t('invoice.net'), value: money(invoice.net), testId: 'invoice-net' },
          {
            label: t('invoice.vat', { percent: invoice.vat_percent }),
            value: money(invoice.vat),
            testId: 'invoice-vat',
          },
          { label: t('invoice.total'), value: money(invoice.total), grand: true, testId: 'invoice-total' },
        ]}
      />
      <p className={styles.note}>{t('invoice.vatIncluded', { percent: invoice.vat_percent })}</p>
    </article>
  );
}
