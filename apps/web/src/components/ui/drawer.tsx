import { useEffect, useRef, type ReactNode } from 'react';
import { useScrollLock } from '@/hooks/use-scroll-lock';
import { IconButton } from './button';
import { CloseIcon } from './icons';
import styles from './drawer.module.css';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog. */
  label: string;
  side?: 'start' | 'end' | 'full';
  /** CSS length, e.g. `42rem`. */
  width?: string;
  children: ReactNode;
}

/**
 * A modal panel on the native <dialog>: the browser traps focus, closes it on Escape and gives focus back to
 * what opened it; a click outside the panel closes it too. Page scrolling is locked while it is open.
 */
export function Drawer({ open, onClose, label, side = 'start', width, children }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useScrollLock(open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[side]}`}
      aria-label={label}
      style={width ? ({ '--drawer-width': width } as React.CSSProperties) : undefined}
      onClose={() => open && onClose()}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.panel}>{children}</div>
    </dialog>
  );
}

export function DrawerHeader({
  title,
  onClose,
  closeLabel,
}: {
  title: ReactNode;
  onClose: () => void;
  closeLabel: string;
}) {
  return (
    <div className={styles.header}>
      <h2 className={styles.title}>{title}</h2>
      <IconButton label={closeLabel} onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </div>
  );
}
