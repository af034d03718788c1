import type { GaugeDefinition } from '../../metrics/index.js';
import type { StockService } from './service.js';

/** Pieces held by payments under way, for /metrics. */
export function stockGauge(stock: StockService): GaugeDefinition {
  return {
    name: 'boutique_stock_held_pieces',
    help: 'Pieces held for payments under way, by state (overdue: past their time, not yet given back)',
    labelNames: ['state'],
    collect: async () => {
      const f = await stock.figures();
      return [
        { labels: { state: 'held' }, value: f.heldPieces - f.overduePieces },
        { labels: { state: 'overdue' }, value: f.overduePieces },
      ];
    },
  };
}
