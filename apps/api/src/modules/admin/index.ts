/**
 * The back office's routes: products, pictures, galleries, orders, messages, stock and figures for the shop's
 * staff, composed from the domain modules. Nothing builds on it.
 */
export { adminRoutes } from './routes.js';
export { ManualOrders, type ManualOrderSettings } from './manual-orders.js';
