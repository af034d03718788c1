import type { Database } from '../../db/client.js';
import type { GaugeDefinition } from '../../metrics/index.js';
import { outboxState } from './store.js';

/** The outbox's figures for /metrics, read from the database so that every instance reports the same. */
export function outboxGauges(db: Database): GaugeDefinition[] {
  return [
    {
      name: 'boutique_outbox_lag_seconds',
      help: 'Age of the oldest e-mail not yet delivered (0: none waits)',
      collect: async () => (await outboxState(db)).oldestPendingS,
    },
    {
      name: 'boutique_outbox_messages',
      help: 'E-mails waiting to be delivered (pending) and kept after their last try failed (failed)',
      labelNames: ['status'],
      collect: async () => {
        const state = await outboxState(db);
        return [
          { labels: { status: 'pending' }, value: state.pending },
          { labels: { status: 'failed' }, value: state.failed },
        ];
      },
    },
  ];
}
