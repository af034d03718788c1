/** The shipping module: the shipping methods offered at checkout. */
export { shippingRoutes, SHIPPING_METHODS } from './routes.js';
