import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { ActionButton } from './components/action-button';
import { CtaBlock } from './components/cta-block';
import { Ornament } from '@/components/ui/ornament';
import { PageHeader } from './components/section';
import { translatedList } from './translated-list';
import styles from './our-story-page.module.css';

export default function OurStoryPage() {
  const { t } = useTranslation('ourStory');
  const welcomeId = useId();
  const visionId = useId();
  const [opening, ...paragraphs] = translatedList<string>(t('paragraphs', { returnObjects: true }));
  // The third paragraph (weddings, henna nights, Eid) is the heart of the story: it gets the pull-quote.
  const [craft, occasion, ...rest] = paragraphs;

  return (
    <>
      <PageMeta
        title={t('meta.title')}
        description={t('meta.description')}
        canonicalPath={paths.ourStory.href()}
      />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      <article className={`container ${styles.story}`}>
        {opening && <p className={styles.opening}>{opening}</p>}
        {craft && <p>{craft}</p>}
        {occasion && <p className={styles.pullQuote}>{occasion}</p>}
        {rest.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </article>

      <section aria-labelledby={welcomeId} className={styles.welcome}>
        <div className={`container ${styles.welcomeInner}`}>
          <ZelligeStar />
          <h2 id={welcomeId} className={styles.welcomeTitle}>
            {t('welcome.title')}
          </h2>
          <p className={styles.welcomeText}>{t('welcome.text')}</p>
        </div>
      </section>

      <section aria-labelledby={visionId} className={`container ${styles.vision}`}>
        <Ornament />
        <h2 id={visionId} className={styles.visionTitle}>
          {t('vision.title')}
        </h2>
        <p className={styles.visionText}>{t('vision.text')}</p>
      </section>

      <CtaBlock title={t('cta.title')} text={t('cta.text')}>
        <ActionButton to={paths.collections.href()}>{t('cta.collections')}</ActionButton>
        <ActionButton to={paths.contact.href()} variant="light">
          {t('cta.contact')}
        </ActionButton>
      </CtaBlock>
    </>
  );
}

/** A sixteen-pointed zellige rosette drawn in hairlines: two eight-pointed stars turned by 22.5°. */
function ZelligeStar() {
  return (
    <svg className={styles.star} viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="0.8">
        <rect x="30" y="30" width="60" height="60" />
        <rect x="30" y="30" width="60" height="60" transform="rotate(45 60 60)" />
        <g transform="rotate(22.5 60 60)">
          <rect x="38" y="38" width="44" height="44" />
          <rect x="38" y="38" width="44" height="44" transform="rotate(45 60 60)" />
        </g>
        <circle cx="60" cy="60" r="12" />
        <circle cx="60" cy="60" r="55" strokeDasharray="1 4" />
      </g>
    </svg>
  );
}
