import { useId, useState } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import styles from './accordion.module.css';

export interface QuestionAnswer {
  q: string;
  a: string;
}

interface AccordionProps {
  items: readonly QuestionAnswer[];
  /** The questions' heading level, so the outline stays h1 > h2 > h3 wherever the list sits. */
  headingLevel: 2 | 3;
}

/** Questions and answers with one answer open at a time (WAI-ARIA accordion pattern). */
export function Accordion({ items, headingLevel }: AccordionProps) {
  const base = useId();
  const [open, setOpen] = useState<number | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <div className={styles.accordion}>
      {items.map((item, index) => {
        const isOpen = open === index;
        const panelId = `${base}-panel-${index}`;
        return (
          <div key={item.q} className={styles.item} data-open={isOpen || undefined}>
            <Heading className={styles.heading}>
              <button
                type="button"
                className={styles.trigger}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen(isOpen ? null : index)}
              >
                <span>{item.q}</span>
                <ChevronDownIcon size={20} className={styles.chevron} />
              </button>
            </Heading>
            <div id={panelId} className={styles.panel}>
              <p className={styles.answer}>{item.a}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
