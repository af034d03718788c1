import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { PageHeader, Section } from './components/section';
import { Tabs } from './components/tabs';
import { translatedList } from './translated-list';
import styles from './size-guide-page.module.css';
import content from './content.module.css';

const GARMENTS = ['women-kaftan', 'women-jellaba', 'men-jellaba'] as const;
type Garment = (typeof GARMENTS)[number];

const isGarment = (value: string | null): value is Garment => GARMENTS.some((garment) => garment === value);

interface TitledText {
  title: string;
  text: string;
}

export default function SizeGuidePage() {
  const { t } = useTranslation('sizeGuide');
  // `?tab=men-jellaba` lets a product page open the chart of its own garment.
  const [params] = useSearchParams();
  const requested = params.get('tab');
  const [garment, setGarment] = useState<Garment>(isGarment(requested) ? requested : 'women-kaftan');
  const steps = translatedList<TitledText>(t('measure.steps', { returnObjects: true }));
  const notes = translatedList<string>(t('notes.items', { returnObjects: true }));

  return (
    <>
      <PageMeta
        title={t('meta.title')}
        description={t('meta.description')}
        canonicalPath={paths.sizeGuide.href()}
      />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      <div className={`container ${content.narrow} ${content.block}`}>
        <Tabs
          label={t('title')}
          selected={garment}
          onSelect={setGarment}
          focusablePanel={false}
          tabs={GARMENTS.map((key) => ({ key, label: t(`tabs.${key}`), panel: <SizeTable garment={key} /> }))}
        />
      </div>

      <Section title={t('measure.title')}>
        <ol className={styles.measure}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.measureStep}>
              <span className={styles.measureNumber} aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <div>
                <h3 className={styles.measureTitle}>{step.title}</h3>
                <p className={styles.measureText}>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section title={t('notes.title')} tinted>
        <ul className={styles.notes}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </Section>
    </>
  );
}

function SizeTable({ garment }: { garment: Garment }) {
  const { t } = useTranslation('sizeGuide');
  const captionId = useId();
  const columns = translatedList<string>(t(`tables.${garment}.columns`, { returnObjects: true }));
  const rows = translatedList<string[]>(t(`tables.${garment}.rows`, { returnObjects: true }));

  return (
    <>
      {/* Focusable so keyboard users can scroll the chart sideways on a phone. */}
      <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table}>
          <caption id={captionId} className={styles.caption}>
            {t(`tabs.${garment}`)}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {t(`columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([size, ...cells]) => (
              <tr key={size}>
                <th scope="row">{size}</th>
                {cells.map((cell, index) => (
                  <td key={columns[index + 1] ?? index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.unit}>{t('unit')}</p>
    </>
  );
}
