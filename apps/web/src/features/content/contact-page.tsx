import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import type { QuestionAnswer } from './components/accordion';
import { ContactDetails } from './components/contact-details';
import { ContactForm } from './components/contact-form';
import { FaqGrid } from './components/faq-grid';
import { PageHeader, Section } from './components/section';
import { translatedList } from './translated-list';
import styles from './contact-page.module.css';

export default function ContactPage() {
  const { t } = useTranslation('contact');
  const formTitleId = useId();
  const questions = translatedList<QuestionAnswer>(t('faq.items', { returnObjects: true }));

  return (
    <>
      <PageMeta
        title={t('meta.title')}
        description={t('meta.description')}
        canonicalPath={paths.contact.href()}
      />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      <div className={`container ${styles.layout}`}>
        <ContactDetails />
        <section className={styles.formPanel} aria-labelledby={formTitleId}>
          <h2 id={formTitleId} className={styles.formTitle}>
            {t('form.title')}
          </h2>
          <ContactForm titleId={formTitleId} />
        </section>
      </div>

      <Section title={t('faq.title')} tinted>
        <FaqGrid items={questions} />
      </Section>
    </>
  );
}
