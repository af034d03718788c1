import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { ButtonLink } from '@/components/ui/button';
import { Accordion, type QuestionAnswer } from './components/accordion';
import { ActionButton } from './components/action-button';
import { CtaBlock } from './components/cta-block';
import { PageHeader, Section } from './components/section';
import { translatedList } from './translated-list';
import styles from './shipping-page.module.css';
import content from './content.module.css';

interface CostRow {
  region: string;
  cost: string;
  notes: string;
}

interface TimeRow {
  region: string;
  time: string;
}

interface TitledText {
  title: string;
  text: string;
}

export default function ShippingPage() {
  const { t } = useTranslation('shipping');
  const costs = translatedList<CostRow>(t('costs.rows', { returnObjects: true }));
  const times = translatedList<TimeRow>(t('times.rows', { returnObjects: true }));
  const steps = translatedList<TitledText>(t('tracking.steps', { returnObjects: true }));
  const terms = translatedList<TitledText>(t('terms.items', { returnObjects: true }));
  const questions = translatedList<QuestionAnswer>(t('faq.items', { returnObjects: true }));
  const free = t('costs.free');

  return (
    <>
      <PageMeta
        title={t('meta.title')}
        description={t('meta.description')}
        canonicalPath={paths.shipping.href()}
      />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      <Section title={t('costs.title')}>
        {/*
          On phones each destination becomes a card, so the table's CSS display changes; the explicit roles keep
          it a table for screen readers (some browsers drop table semantics when display changes).
        */}
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.stacked}`} role="table">
            <caption className="visually-hidden">{t('costs.title')}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  {t('costs.columns.region')}
                </th>
                <th scope="col" role="columnheader">
                  {t('costs.columns.cost')}
                </th>
                <th scope="col" role="columnheader">
                  {t('costs.columns.notes')}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {costs.map((row) => (
                <tr key={row.region} role="row">
                  <th scope="row" role="rowheader">
                    {row.region}
                  </th>
                  <td role="cell">
                    {row.cost === free ? <strong className={styles.free}>{row.cost}</strong> : row.cost}
                  </td>
                  <td role="cell" className={styles.notes}>
                    {row.notes}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title={t('times.title')} tinted>
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.compact}`}>
            <caption className="visually-hidden">{t('times.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('times.columns.region')}</th>
                <th scope="col">{t('times.columns.time')}</th>
              </tr>
            </thead>
            <tbody>
              {times.map((row) => (
                <tr key={row.region}>
                  <th scope="row">{row.region}</th>
                  <td>{row.time}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title={t('tracking.title')}>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className={styles.trackingLink}>
          <ButtonLink to={paths.orders.href()} variant="outline">
            {t('tracking.link')}
          </ButtonLink>
        </p>
      </Section>

      <Section title={t('terms.title')} tinted>
        <ul className={styles.terms}>
          {terms.map((term) => (
            <li key={term.title} className={styles.term}>
              <h3 className={styles.termTitle}>{term.title}</h3>
              <p>{term.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('faq.title')}>
        <div className={content.narrow}>
          <Accordion items={questions} headingLevel={3} />
        </div>
      </Section>

      <CtaBlock title={t('cta.title')} text={t('cta.text')}>
        <ActionButton to={paths.contact.href()}>{t('cta.button')}</ActionButton>
      </CtaBlock>
    </>
  );
}
