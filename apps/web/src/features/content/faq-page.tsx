import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { Accordion, type QuestionAnswer } from './components/accordion';
import { ActionButton } from './components/action-button';
import { CtaBlock } from './components/cta-block';
import { PageHeader } from './components/section';
import { Tabs } from './components/tabs';
import { translatedList } from './translated-list';
import styles from './content.module.css';

const CATEGORIES = ['general', 'orders'] as const;
type Category = (typeof CATEGORIES)[number];

/** Search engines can show the answers directly (schema.org FAQPage). */
const faqJsonLd = (items: QuestionAnswer[]) => ({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: items.map(({ q, a }) => ({
    '@type': 'Question',
    name: q,
    acceptedAnswer: { '@type': 'Answer', text: a },
  })),
});

export default function FaqPage() {
  const { t } = useTranslation('faq');
  const [category, setCategory] = useState<Category>('general');
  const questions = Object.fromEntries(
    CATEGORIES.map((key) => [
      key,
      translatedList<QuestionAnswer>(t(`categories.${key}`, { returnObjects: true })),
    ]),
  ) as Record<Category, QuestionAnswer[]>;

  return (
    <>
      <PageMeta
        title={t('meta.title')}
        description={t('meta.description')}
        canonicalPath={paths.faq.href()}
        jsonLd={faqJsonLd(CATEGORIES.flatMap((key) => questions[key]))}
      />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className={`container ${styles.narrow} ${styles.block}`}>
        <Tabs
          label={t('title')}
          selected={category}
          onSelect={setCategory}
          focusablePanel={false}
          tabs={CATEGORIES.map((key) => ({
            key,
            label: t(`tabs.${key}`),
            panel: <Accordion items={questions[key]} headingLevel={2} />,
          }))}
        />
      </div>
      <CtaBlock title={t('cta.title')} text={t('cta.text')}>
        <ActionButton to={paths.contact.href()}>{t('cta.button')}</ActionButton>
      </CtaBlock>
    </>
  );
}
