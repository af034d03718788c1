import type { QuestionAnswer } from './accordion';
import styles from './faq-grid.module.css';

/** Short questions shown open, side by side: for pages where the answers should be read at a glance. */
export function FaqGrid({ items }: { items: readonly QuestionAnswer[] }) {
  return (
    <ul className={styles.grid}>
      {items.map((item) => (
        <li key={item.q} className={styles.item}>
          <h3 className={styles.question}>{item.q}</h3>
          <p className={styles.answer}>{item.a}</p>
        </li>
      ))}
    </ul>
  );
}
