/**
 * The orders module: orders made from succeeded payments, their statuses, invoices and e-mails, the gateway's
 * events reconciled into them, and the back office's order lists. Refunds and returns build on it through the
 * ports declared in service.ts. Other modules use it through this file only.
 */
export {
  OrderService,
  PAYMENT_NOT_FOUND,
  ORDER_NOT_FOUND,
  type AfterSaleSource,
  type CancellationRefunds,
  type OrderServiceOptions,
  type PlacedOrder,
} from './service.js';
export { toOrder, type ItemRow, type OrderAfterSale } from './order-view.js';
export { Reconciler, type EventOutcome } from './reconciler.js';
export { orderRoutes } from './routes.js';
export { invoiceOf, invoiceTotals, type InvoiceIssuer } from './invoice.js';
export { OrderMails, nextDocumentNumber, nextInvoiceNumber } from './order-outbox.js';
export { ordersLink, ownerRefundMail, refundedMail, shopperWords, type ShopIdentity } from './order-mails.js';
export { adminOrder, listOrders, ordersOf, packingSlip } from './admin.js';
export { UnpaidOrders, type UnpaidMethod, type UnpaidOrderInput } from './unpaid-orders.js';
export {
  createPaymentLink,
  findPaymentLink,
  openPaymentLink,
  paymentLinkPath,
  type OpenLink,
} from './payment-links.js';
export type { OrderAmounts } from './order-writer.js';
