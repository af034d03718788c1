import { useId, type ReactNode } from 'react';
import { Ornament } from '@/components/ui/ornament';
import styles from './cta-block.module.css';

interface CtaBlockProps {
  title: string;
  text?: string;
  /** The block's ActionButtons. */
  children: ReactNode;
}

/** Closing call to action of an information page: a framed panel with a title, a line and its buttons. */
export function CtaBlock({ title, text, children }: CtaBlockProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.cta}>
      <div className="container">
        <div className={styles.panel}>
          <Ornament />
          <h2 id={id} className={styles.title}>
            {title}
          </h2>
          {text && <p className={styles.text}>{text}</p>}
          <div className={styles.actions}>{children}</div>
        </div>
      </div>
    </section>
  );
}
