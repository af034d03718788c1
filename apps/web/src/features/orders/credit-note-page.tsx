import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CreditNote } from '@boutique/contracts';
import { formatDate, formatMoney } from '@/lib/format';
import { directionOf } from '@/lib/i18n';
import { TotalsList } from '@/components/ui/totals';
import { useCreditNote } from './api/get-credit-note';
import { CustomerAddress, DocumentLines, DocumentPage, IssuerAddress } from './components/document-parts';
import styles from './components/invoice.module.css';

const NUMBER = /^[A-Za-z0-9-]{1,60}$/;

/**
 * One refund's credit note (a refund receipt when the order had no tax invoice), in the order's language, printable
 * like the invoice; the refund e-mail and My orders link here.
 */
export default function CreditNotePage() {
  const { id, number = '' } = useParams();
  const orderId = Number(id);
  const valid = Number.isSafeInteger(orderId) && orderId > 0 && NUMBER.test(number);
  const { t } = useTranslation('orders');
  const query = useCreditNote(valid ? orderId : 0, valid ? number : '');
  return (
    <DocumentPage
      valid={valid}
      query={query}
      texts={{
        title: query.data ? t(`creditNote.kind.${query.data.kind}`) : '',
        loading: t('creditNote.loading'),
        error: t('creditNote.error'),
        notFoundTitle: t('creditNote.notFound.title'),
        notFoundText: t('creditNote.notFound.text'),
        back: t('invoice.back'),
        print: t('invoice.print'),
      }}
    >
      {(note, docT) => <CreditNoteSheet note={note} t={docT} />}
    </DocumentPage>
  );
}

/** The document itself, every word in `note.locale`, right to left in Arabic: what was refunded and its VAT. */
export function CreditNoteSheet({ note, t }: { note: CreditNote; t: TFunction<'orders'> }) {
  const lang = note.locale;
  const money = (amount: string) => <bdi>{formatMoney(amount, lang, { cents: true })}</bdi>;
  return (
    <article
      className={styles.sheet}
      lang={lang}
      dir={directionOf(lang)}
      aria-labelledby="credit-note-title"
      data-testid="credit-note"
    >
      <header className={styles.head}>
        <div>
          <h1 id="credit-note-title" className={styles.title}>
            {t(`creditNote.kind.${note.kind}`)}
          </h1>
          <dl className={styles.facts}>
            <div>
              <dt>{t(`creditNote.number.${note.kind}`)}</dt>
              <dd>
                <bdi dir="ltr" data-testid="credit-note-number">
                  {note.number}
                </bdi>
              </dd>
            </div>
            {note.invoice_number && (
              <div>
                <dt>{t('creditNote.invoice')}</dt>
                <dd>
                  <bdi dir="ltr">{note.invoice_number}</bdi>
                </dd>
              </div>
            )}
            <div>
              <dt>{t('invoice.order')}</dt>
              <dd>
                <bdi dir="ltr">{note.order_number}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('invoice.date')}</dt>
              <dd>
                <time dateTime={note.issued_at}>{formatDate(note.issued_at, lang)}</time>
              </dd>
            </div>
          </dl>
        </div>
        <IssuerAddress shop={note.shop} t={t} />
      </header>

      <CustomerAddress customer={note.customer} lang={lang} title={t('creditNote.refundedTo')} />

      <p className={styles.note}>
        {t('creditNote.reason')}: <bdi>{note.reason}</bdi>
      </p>

      {note.lines.length > 0 && (
        <DocumentLines lines={note.lines} lang={lang} caption={t('creditNote.lines')} t={t} />
      )}

      <TotalsList
        className={styles.totals}
        grandClassName={styles.grandTotal}
        rows={[
          ...(Number(note.other) > 0 ? [{ label: t('creditNote.other'), value: money(note.other) }] : []),
          { label: t('invoice.net'), value: money(note.net), testId: 'credit-note-net' },
          {
            label: t('creditNote.vat', { percent: note.vat_percent }),
            value: money(note.vat),
            testId: 'credit-note-vat',
          },
          {
            label: t('creditNote.total'),
            value: money(note.total),
            grand: true,
            testId: 'credit-note-total',
          },
        ]}
      />
      <p className={styles.note}>{t(`creditNote.footer.${note.kind}`, { percent: note.vat_percent })}</p>
    </article>
  );
}
