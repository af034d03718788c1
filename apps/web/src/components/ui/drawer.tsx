import { useEffect, useRef, type ReactNode } from 'react';
import { useScrollLock } from '@/hooks/use-scroll-lock';
import { IconButton } from './button';
import { CloseIcon } from './icons';
import styles from './drawer.module.css';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /**
   * With `id`, a button may open the dialog without the app (`command="show-modal"` and `commandfor`, see
   * `nativeOpener`), so before it has loaded: the drawer then tells its owner it is open.
   */
  id?: string;
  onOpen?: () => void;
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
export function Drawer({ open, onClose, id, onOpen, label, side = 'start', width, children }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const rendered = useRef(false);
  useScrollLock(open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const firstRender = !rendered.current;
    rendered.current = true;
    // Open when the app first renders it closed: the browser opened it on the shopper's tap before the app
    // listened. It stays open, and is the app's from now on.
    if (firstRender && !open && dialog.open && onOpen) onOpen();
    else if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
    // Only a change of `open` is the app's to act on; onOpen is read at the first render only.
  }, [open]);

  return (
    <dialog
      ref={ref}
      id={id}
      className={`${styles.dialog} ${styles[side]}`}
      aria-label={label}
      style={width ? ({ '--drawer-width': width } as React.CSSProperties) : undefined}
      // React passes a nested drawer's close up to this one (the filters inside the search): only our own counts.
      onClose={(event) => event.target === event.currentTarget && open && onClose()}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.panel}>{children}</div>
    </dialog>
  );
}

/**
 * What a button needs to open the drawer with `id` by itself, as browsers with invoker commands do (Chromium
 * 135, Firefox 144, Safari 26.2), before the app listens: its tap is then not held for the app (index.html).
 */
export function nativeOpener(id: string) {
  return { command: 'show-modal', commandfor: id } as const;
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
