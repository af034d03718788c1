import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';
import styles from './confirm-dialog.module.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * Asks before something that cannot be undone. A modal native <dialog>: focus stays inside, Escape cancels, and
 * focus returns to the control that opened it. The safe choice (cancel) has the focus first.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={children ? textId : undefined}
      onClose={() => open && onCancel()}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div className={styles.panel}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children && (
          <div id={textId} className={styles.text}>
            {children}
          </div>
        )}
        <div className={styles.actions}>
          <Button variant="light" onClick={onCancel} disabled={busy} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant="dark" onClick={onConfirm} loading={busy} className={styles.confirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
