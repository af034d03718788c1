import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { checkboxClass } from '@/components/ui/field-classes';
import styles from './checkout.module.css';

const KEY = ['account', 'checkout-reminders'] as const;
const PATH = '/v1/account/checkout-reminders';
type Answer = { data: { enabled: boolean } };

/**
 * "E-mail me my bag if I don't finish" (off until ticked; kept on the account): one e-mail once the cart has not
 * moved for a day and no order followed. The e-mail's link unticks it without signing in.
 */
export function ReminderChoice() {
  const { t } = useTranslation('checkout');
  const id = useId();
  const client = useQueryClient();
  const choice = useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await apiRequest<Answer>(PATH, { signal })).data.enabled,
  });
  const save = useMutation({
    mutationFn: async (enabled: boolean) =>
      (await apiRequest<Answer>(PATH, { method: 'PUT', body: { enabled } })).data.enabled,
    onSuccess: (enabled) => client.setQueryData(KEY, enabled),
  });
  if (choice.data === undefined) return null;
  return (
    <div className={styles.reminder}>
      <label htmlFor={id} className={styles.reminderLabel}>
        <input
          id={id}
          type="checkbox"
          className={checkboxClass}
          checked={save.isPending ? save.variables : choice.data}
          disabled={save.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(e) => save.mutate(e.target.checked)}
          data-testid="checkout-reminder"
        />
        {t('reminder.label')}
      </label>
      <p id={`${id}-hint`} className={styles.reminderHint}>
        {t('reminder.hint')}
      </p>
    </div>
  );
}
