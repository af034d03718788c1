/**
 * The stock module: how many pieces of each variant (colour × size) exist, are held by payments and are free; holds, their sweep,
 * adjustments and the history of every move (decisions 014 and 029). It builds on the payment gateway to refund
 * a payment left without pieces, and on the audit log for the owner's adjustments. Other modules use it through this file only.
 */
export {
  StockService,
  RELEASABLE,
  productNames,
  type Adjustment,
  type CommandVariant,
  type HoldLimits,
  type RefundNotice,
  type RestockOptions,
  type StockMoveReason,
  type StockMoveSource,
  type StockServiceOptions,
  type TakeOutcome,
  type VariantCount,
} from './service.js';
export {
  availableByVariant,
  lineStock,
  piecesOf,
  publicSize,
  publicSizes,
  publicVariants,
  variantKey,
  type PieceLine,
  type VariantLevels,
} from './levels.js';
export { adjustStock, stockHistory } from './history.js';
export { stockGauge } from './gauges.js';
export type { StockMovesHook, VariantMoved } from './moves.js';
