import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Invoice } from '@boutique/contracts';
import type { Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { localized } from '@/lib/product';
import { directionOf } from '@/lib/i18n';
import { PageMeta } from '@/components/page-meta';
import { Button, ButtonLink, Spinner } from '@/components/ui/button';
import { TotalsList } from '@/components/ui/totals';
import { useInvoice } from './api/get-invoice';
import { useCountryName } from './use-country-name';
import styles from './components/invoice.module.css';

/**
 * The `orders` texts in the order's language, whatever the shop is shown in: the document is the order's, in the
 * language it was bought in. Null while that language's texts load.
 */
function useDocumentT(lang: Language | undefined): TFunction<'orders'> | null {
  const { i18n } = useTranslation('orders');
  const [loaded, setLoaded] = useState<string | null>(null);
  const ready = lang !== undefined && (loaded === lang || i18n.hasResourceBundle(lang, 'orders'));
  useEffect(() => {
    if (!lang || ready) return;
    let live = true;
    void i18n
      .loadNamespaces('orders')
      .then(() => i18n.loadLanguages(lang))
      .then(() => live && setLoaded(lang));
    return () => {
      live = false;
    };
  }, [i18n, lang, ready]);
  return ready ? i18n.getFixedT(lang, 'orders') : null;
}

/** One order's tax invoice (or receipt), in the order's language, with a print button; only the sheet prints. */
export default function InvoicePage() {
  const { id } = useParams();
  const orderId = Number(id);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const { t } = useTranslation('orders');
  const query = useInvoice(valid ? orderId : 0);
  const docT = useDocumentT(query.data?.locale);

  const notFound =
    !valid || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422));
  if (notFound) {
    return (
      <div className={`container ${styles.state}`}>
        <PageMeta title={t('invoice.notFound.title')} />
        <meta name="robots" content="noindex" />
        <h1>{t('invoice.notFound.title')}</h1>
        <p>{t('invoice.notFound.text')}</p>
        <ButtonLink to={paths.orders.href()} variant="outline">
          {t('invoice.back')}
        </ButtonLink>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={`container ${styles.state}`} role="alert">
        <meta name="robots" content="noindex" />
        <p>{t('invoice.error')}</p>
        <Button variant="light" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const invoice = query.data;
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={invoice ? t(`invoice.kind.${invoice.kind}`) : t('invoice.loading')} />
      <meta name="robots" content="noindex" />
      <div className={styles.toolbar}>
        <Link to={paths.orders.href()} className={styles.back}>
          {t('invoice.back')}
        </Link>
        {invoice && docT && <Button onClick={() => window.print()}>{t('invoice.print')}</Button>}
      </div>
      {invoice && docT ? (
        <InvoiceSheet invoice={invoice} t={docT} />
      ) : (
        <div className={styles.state}>
          <Spinner label={t('invoice.loading')} />
        </div>
      )}
    </div>
  );
}

/** The document itself, every word in `invoice.locale` (its `t`), right to left in Arabic. */
export function InvoiceSheet({ invoice, t }: { invoice: Invoice; t: TFunction<'orders'> }) {
  const lang = invoice.locale;
  const countryName = useCountryName(lang);
  const money = (amount: string) => <bdi>{formatMoney(amount, lang, { cents: true })}</bdi>;
  const customer = invoice.customer;
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
        <address className={styles.shop}>
          <strong className={styles.shopName}>
            <bdi>{invoice.shop.name}</bdi>
          </strong>
          {invoice.shop.address.map((line) => (
            <span key={line}>
              <bdi>{line}</bdi>
            </span>
          ))}
          {invoice.shop.trn && (
            <span data-testid="invoice-trn">
              {t('invoice.trn')} <bdi dir="ltr">{invoice.shop.trn}</bdi>
            </span>
          )}
          <span>
            <bdi dir="ltr">{invoice.shop.email}</bdi>
          </span>
          <span>
            <bdi dir="ltr">{invoice.shop.phone}</bdi>
          </span>
        </address>
      </header>

      <section aria-labelledby="invoice-customer" className={styles.customer}>
        <h2 id="invoice-customer" className={styles.sectionTitle}>
          {t('invoice.billedTo')}
        </h2>
        {/* The shopper's own words, each in its own direction: a Latin street keeps its order in Arabic. */}
        <address className={styles.address}>
          <strong>
            <bdi>{customer.name}</bdi>
          </strong>
          {customer.address && (
            <span>
              <bdi>{customer.address}</bdi>
            </span>
          )}
          {(customer.city || customer.postalCode) && (
            <span>
              <bdi>{customer.city}</bdi> <bdi>{customer.postalCode}</bdi>
            </span>
          )}
          {customer.country && <span>{countryName(customer.country)}</span>}
          {customer.email && (
            <span>
              <bdi dir="ltr">{customer.email}</bdi>
            </span>
          )}
          {customer.phone && (
            <span>
              <bdi dir="ltr">{customer.phone}</bdi>
            </span>
          )}
        </address>
      </section>

      <table className={styles.lines}>
        <caption className="visually-hidden">{t('invoice.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('invoice.item')}</th>
            <th scope="col" className={styles.num}>
              {t('invoice.quantity')}
            </th>
            <th scope="col" className={`${styles.num} ${styles.unit}`}>
              {t('invoice.unitPrice')}
            </th>
            <th scope="col" className={styles.num}>
              {t('invoice.lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, index) => (
            <tr key={index}>
              <td>
                <bdi className={styles.itemName}>{localized(line.name, lang)}</bdi>
                <span className={styles.itemOptions}>
                  {line.color_name && (
                    <span>
                      {t('invoice.color')}: <bdi>{localized(line.color_name, lang)}</bdi>
                    </span>
                  )}
                  <span>
                    {t('invoice.size')}: <bdi dir="ltr">{line.size}</bdi>
                  </span>
                  {/* On a phone the unit price column gives way; the price stays with the piece. */}
                  <span className={styles.unitInline}>
                    {t('invoice.unitPrice')}: {money(line.unit_price)}
                  </span>
                </span>
              </td>
              <td className={styles.num}>
                <bdi dir="ltr">{line.quantity}</bdi>
              </td>
              <td className={`${styles.num} ${styles.unit}`}>{money(line.unit_price)}</td>
              <td className={styles.num}>{money(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <TotalsList
        className={styles.totals}
        grandClassName={styles.grandTotal}
        rows={[
          { label: t('invoice.shipping'), value: money(invoice.shipping) },
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
