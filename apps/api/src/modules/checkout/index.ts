/**
 * The checkout module: the shopper's payment of their cart (card, Apple Pay, the sandbox, cash on delivery),
 * the gateway's webhooks, the order written when a payment succeeds, and a manual order's payment link. It
 * composes cart, stock, payments and orders, and nothing builds on it. Other modules use it through this file
 * only.
 */
export { PaymentService } from './service.js';
export { paymentRoutes } from './routes.js';
export { CashOnDelivery, type CashOnDeliverySettings } from './cash-on-delivery.js';
export { PaymentLinkPayments } from './payment-links.js';
export { offlinePaymentRoutes } from './offline-routes.js';
