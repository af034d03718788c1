import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { bootData } from '@/lib/boot';
import { PageMeta } from '@/components/page-meta';
import { PageHeader } from './components/section';
import { translatedList } from './translated-list';
import content from './content.module.css';
import styles from './legal-page.module.css';

export type LegalPageName = 'terms' | 'privacy' | 'returns';

interface Clause {
  title: string;
  text: string[];
}

/**
 * Terms of sale, privacy, returns and refunds: the texts live in the `legal` namespace; the seller's details
 * (name, address, e-mail, phone, VAT number) come from the shop's configuration, so they are never out of date.
 */
export default function LegalPage({ page }: { page: LegalPageName }) {
  const { t } = useTranslation('legal');
  const { shop } = bootData();
  const values = { shop: shop.name, email: shop.email };
  const clauses = translatedList<Clause>(t(`${page}.clauses`, { returnObjects: true, ...values }));
  return (
    <>
      <PageMeta
        title={t(`${page}.meta.title`)}
        description={t(`${page}.meta.description`, values)}
        canonicalPath={paths[page].href()}
      />
      <PageHeader title={t(`${page}.title`)} subtitle={t(`${page}.intro`, values)} />
      <div className={`container ${content.narrow} ${styles.page}`}>
        <section className={styles.seller} aria-labelledby="legal-seller">
          <h2 id="legal-seller" className={styles.sellerTitle}>
            {t('seller.title')}
          </h2>
          <dl className={styles.sellerList}>
            <div>
              <dt>{t('seller.name')}</dt>
              <dd>
                <bdi>{shop.name}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('seller.address')}</dt>
              <dd>
                <bdi>{shop.address}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('seller.email')}</dt>
              <dd>
                <a href={`mailto:${shop.email}`}>
                  <bdi dir="ltr">{shop.email}</bdi>
                </a>
              </dd>
            </div>
            <div>
              <dt>{t('seller.phone')}</dt>
              <dd>
                <bdi dir="ltr">{shop.phone}</bdi>
              </dd>
            </div>
            {shop.trn && (
              <div>
                <dt>{t('seller.trn')}</dt>
                <dd>
                  <bdi dir="ltr">{shop.trn}</bdi>
                </dd>
              </div>
            )}
          </dl>
        </section>
        <ol className={styles.clauses}>
          {clauses.map((clause) => (
            <li key={clause.title}>
              <h2 className={styles.clauseTitle}>{clause.title}</h2>
              {clause.text.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
