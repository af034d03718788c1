/**
 * The checkout module: the shopper's payment of their cart (card, Apple Pay, the sandbox), the gateway's
 * webhooks, and the order written when a payment succeeds. It composes cart, stock, payments and orders, and
 * nothing builds on it. Other modules use it through this file only.
 */
export { PaymentService } from './service.js';
export { paymentRoutes } from './routes.js';
