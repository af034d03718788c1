import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLeaveGuard } from './use-leave-guard';

/**
 * A form's guard against lost work: while `when` (the form has unsaved edits), leaving the page asks first, in
 * the owner's language; closing the tab gets the browser's own question.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('admin');
  const blocker = useLeaveGuard(when);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('leave.title')}
      confirmLabel={t('leave.leave')}
      cancelLabel={t('leave.stay')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{t('leave.text')}</p>
    </ConfirmDialog>
  );
}
