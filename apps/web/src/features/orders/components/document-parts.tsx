import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DocumentLine, Invoice } from '@boutique/contracts';
import type { Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { localized } from '@/lib/product';
import { PageMeta } from '@/components/page-meta';
import { Button, ButtonLink, Spinner } from '@/components/ui/button';
import { useCountryName } from '@/lib/countries';
import styles from './invoice.module.css';

/**
 * The `orders` texts in the order's language, whatever the shop is shown in: the document is the order's, in the
 * language it was bought in. Null while that language's texts load.
 */
export function useDocumentT(lang: Language | undefined): TFunction<'orders'> | null {
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

/** The page's words for one kind of document (`invoice`, `creditNote`), in the shop's language. */
interface DocumentTexts {
  title: string;
  loading: string;
  error: string;
  notFoundTitle: string;
  notFoundText: string;
  back: string;
  print: string;
}

/**
 * A printable document of an order (the invoice, a credit note): not found, failed with a retry, loading, or the
 * sheet under a toolbar with the way back and a print button. Only the sheet prints (invoice.module.css).
 */
export function DocumentPage<T extends { locale: Language }>({
  valid,
  query,
  texts,
  children,
}: {
  /** The address names a document at all (an order id, a number). */
  valid: boolean;
  query: UseQueryResult<T>;
  texts: DocumentTexts;
  children: (document: T, t: TFunction<'orders'>) => ReactNode;
}) {
  const { t } = useTranslation('orders');
  const docT = useDocumentT(query.data?.locale);
  const notFound =
    !valid || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422));
  if (notFound) {
    return (
      <div className={`container ${styles.state}`}>
        <PageMeta title={texts.notFoundTitle} />
        <meta name="robots" content="noindex" />
        <h1>{texts.notFoundTitle}</h1>
        <p>{texts.notFoundText}</p>
        <ButtonLink to={paths.orders.href()} variant="outline">
          {texts.back}
        </ButtonLink>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={`container ${styles.state}`} role="alert">
        <meta name="robots" content="noindex" />
        <p>{texts.error}</p>
        <Button variant="light" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const document = query.data;
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={document ? texts.title : texts.loading} />
      <meta name="robots" content="noindex" />
      <div className={styles.toolbar}>
        <Link to={paths.orders.href()} className={styles.back}>
          {texts.back}
        </Link>
        {document && docT && <Button onClick={() => window.print()}>{texts.print}</Button>}
      </div>
      {document && docT ? (
        children(document, docT)
      ) : (
        <div className={styles.state}>
          <Spinner label={texts.loading} />
        </div>
      )}
    </div>
  );
}

/** Who issues the document: name, address, TRN when the document is a tax one, contact. */
export function IssuerAddress({ shop, t }: { shop: Invoice['shop']; t: TFunction<'orders'> }) {
  return (
    <address className={styles.shop}>
      <strong className={styles.shopName}>
        <bdi>{shop.name}</bdi>
      </strong>
      {shop.address.map((line) => (
        <span key={line}>
          <bdi>{line}</bdi>
        </span>
      ))}
      {shop.trn && (
        <span data-testid="invoice-trn">
          {t('invoice.trn')} <bdi dir="ltr">{shop.trn}</bdi>
        </span>
      )}
      <span>
        <bdi dir="ltr">{shop.email}</bdi>
      </span>
      <span>
        <bdi dir="ltr">{shop.phone}</bdi>
      </span>
    </address>
  );
}

/** The customer's address as they typed it, each part in its own direction (a Latin street stays in order in Arabic). */
export function CustomerAddress({
  customer,
  lang,
  title,
}: {
  customer: Invoice['customer'];
  lang: Language;
  title: string;
}) {
  const countryName = useCountryName(lang);
  return (
    <section aria-labelledby="invoice-customer" className={styles.customer}>
      <h2 id="invoice-customer" className={styles.sectionTitle}>
        {title}
      </h2>
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
  );
}

/** A document's lines: the piece with its colour and size, quantity, unit price and amount. */
export function DocumentLines({
  lines,
  lang,
  caption,
  t,
}: {
  lines: DocumentLine[];
  lang: Language;
  caption: string;
  t: TFunction<'orders'>;
}) {
  const money = (amount: string) => <bdi>{formatMoney(amount, lang, { cents: true })}</bdi>;
  return (
    <table className={styles.lines}>
      <caption className="visually-hidden">{caption}</caption>
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
        {lines.map((line, index) => (
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
  );
}
