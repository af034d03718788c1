import styles from './ornament.module.css';

/**
 * An eight-pointed star (the khatam of zellige tilework) between two thin gold rules. Purely decorative,
 * so it is hidden from assistive technology.
 */
export function Ornament({ className }: { className?: string }) {
  return (
    <div className={[styles.ornament, className].filter(Boolean).join(' ')} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.2">
        <rect x="6" y="6" width="12" height="12" />
        <rect x="6" y="6" width="12" height="12" transform="rotate(45 12 12)" />
        <circle cx="12" cy="12" r="1.6" fill="currentColor" stroke="none" />
      </svg>
    </div>
  );
}
