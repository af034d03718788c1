/**
 * The shipping module: zones and their rates (DESIGN section 17), the rates for an address, and the one place
 * shipping is priced (`quote`), which the cart's payment pricing and manual orders use.
 */
export { shippingRoutes } from './routes.js';
export { shippingAdminRoutes } from './admin-routes.js';
export { quote, ratesFor, rateFils, RATE_NOT_OFFERED } from './service.js';
