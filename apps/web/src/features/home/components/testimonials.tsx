import { useTranslation } from 'react-i18next';
import { Carousel } from '@/components/ui/carousel';
import { SectionHeading } from './section-heading';
import section from './section.module.css';
import styles from './testimonials.module.css';

interface Testimonial {
  id: number | string;
  quote: string;
  name: string;
  title: string;
}

function isTestimonial(value: unknown): value is Testimonial {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.id === 'number' || typeof v.id === 'string') &&
    typeof v.quote === 'string' &&
    typeof v.name === 'string' &&
    typeof v.title === 'string'
  );
}

/** Clients' words live in the translations (namespace `testimonials`), one list per language. */
export function Testimonials() {
  const { t } = useTranslation('testimonials');
  const { t: th } = useTranslation('home');
  const raw: unknown = t('items', { returnObjects: true });
  const items = Array.isArray(raw) ? raw.filter(isTestimonial) : [];
  if (items.length === 0) return null;
  const title = t('title');

  return (
    // Not labelled itself: the carousel inside is the named region, and naming both would announce it twice.
    // Tinted like the footer: the last block of the home page meets it without a stripe of page between them.
    <section className={`${section.section} ${styles.block}`} data-tinted="">
      <div className="container">
        <SectionHeading
          id="testimonials-title"
          eyebrow={th('testimonials.eyebrow')}
          title={title}
          subtitle={t('subtitle')}
        />
        <Carousel label={title} perGroup={1} arrows="disable" arrowsBelow className={styles.carousel}>
          {items.map((item) => (
            <figure key={item.id} className={styles.card}>
              <blockquote className={styles.quote}>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className={styles.author}>
                <span className={styles.name}>{item.name}</span>
                <span className={styles.role}>{item.title}</span>
              </figcaption>
            </figure>
          ))}
        </Carousel>
      </div>
    </section>
  );
}
