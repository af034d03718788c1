/**
 * The refunds module: refunds by amount or by lines through the gateway, their credit notes, and the mails of
 * a payment refunded because its pieces were sold meanwhile. It builds on orders, payments and stock. Other
 * modules use it through this file only.
 */
export { RefundService, lockOrder, toOrderRefund, type RefundSpec } from './service.js';
export { RefundMails } from './mails.js';
export { adminRefundRoutes, creditNoteRoutes } from './routes.js';
export { enqueueSoldOutRefundMails } from './sold-out-mails.js';
