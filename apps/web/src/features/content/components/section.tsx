import { useId, type ReactNode } from 'react';
import { Ornament } from '@/components/ui/ornament';
import styles from './section.module.css';

interface TitleProps {
  id?: string;
  children: ReactNode;
}

/** Centred h2 with a short gold rule beneath. */
export function SectionTitle({ id, children }: TitleProps) {
  return (
    <h2 id={id} className={styles.title}>
      {children}
    </h2>
  );
}

/** Centred paragraph of readable width, for a section's introduction. */
export function SectionText({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={[styles.text, className].filter(Boolean).join(' ')}>{children}</p>;
}

interface SectionProps {
  title: string;
  intro?: string;
  /** Surface band that sets the section apart from its neighbours. */
  tinted?: boolean;
  children: ReactNode;
}

/** A titled section: the heading labels the region so it can be reached from the landmarks list. */
export function Section({ title, intro, tinted, children }: SectionProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={[styles.section, tinted && styles.tinted].filter(Boolean).join(' ')}
    >
      <div className="container">
        <header className={styles.header}>
          <SectionTitle id={id}>{title}</SectionTitle>
          {intro && <SectionText>{intro}</SectionText>}
        </header>
        {children}
      </div>
    </section>
  );
}

/** The page's h1 with its subtitle, under the star ornament. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className={styles.pageHeader}>
      <div className="container">
        <Ornament className={styles.pageOrnament} />
        <h1 className={styles.pageTitle}>{title}</h1>
        {subtitle && <p className={styles.pageSubtitle}>{subtitle}</p>}
      </div>
    </header>
  );
}
