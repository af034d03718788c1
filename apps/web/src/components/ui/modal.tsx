import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useScrollLock } from '@/hooks/use-scroll-lock';
import { IconButton } from './button';
import { CloseIcon } from './icons';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The visible title, which also names the dialog. */
  title: ReactNode;
  closeLabel: string;
  /** Extra line under the title (e.g. a date). */
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A centred dialog on the native <dialog>: the browser keeps focus inside and closes it on Escape; a click on
 * the backdrop closes it too, and focus goes back to the control that opened it. Page scrolling is locked while
 * it is open.
 */
export function Modal({ open, onClose, title, closeLabel, subtitle, children, footer }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useScrollLock(open);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // Browsers differ on giving focus back after close(), and none does when the dialog is unmounted.
      opener?.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={() => open && onClose()}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.panel}>
        <header className={styles.header}>
          <div>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          </div>
          <IconButton label={closeLabel} onClick={onClose} className={styles.close}>
            <CloseIcon />
          </IconButton>
        </header>
        <div className={styles.body}>{children}</div>
        {footer && <footer className={styles.footer}>{footer}</footer>}
      </div>
    </dialog>
  );
}
