import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { ButtonLink } from '@/components/ui/button';
import { Accordion, type QuestionAnswer } from './components/accordion';
import { ActionButton } from './components/action-button';
import { CtaBlock } from './components/cta-block';
import { PageHeader, Section } from './components/section';
import { translatedList } from './translated-list';
import { ShippingRates } from './components/shipping-rates';
import styles from './shipping-page.module.css';
import content from './content.module.css';

interface TitledText {
  title: string;
  text: string;
}

export default function ShippingPage() {
  const { t } = useTranslation('shipping');
  const steps = translatedList<TitledText>(t('tracking.steps', { returnObjects: true }));
  const terms = translatedList<TitledText>(t('terms.items', { returnObjects: true }));
  const questions = translatedList<QuestionAnswer>(t('faq.items', { returnObjects: true }));

  return (
    <>
      <PageMeta
        title={t('meta.title')}
        description={t('meta.description')}
        canonicalPath={paths.shipping.href()}
      />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      <Section title={t('costs.title')}>
        <ShippingRates />
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
