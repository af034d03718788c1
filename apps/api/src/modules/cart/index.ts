/**
 * The cart module: a signed-in shopper's lines, priced from the catalogue and checked against free stock; what a
 * cart comes to when it is paid for. Other modules use it through this file only.
 */
export { CartService } from './service.js';
export { cartRoutes } from './routes.js';
export {
  priceCartForPayment,
  linesTotalFils,
  paymentShippingFils,
  linesDiscountFils,
  CART_EMPTY,
  type PricedCart,
  type ShippingRequest,
} from './payment-pricing.js';
export { cartTotals, type CartTotalsFils, type TotalsLine } from './totals.js';
export { priceLines, type WantedLine } from './line-pricing.js';
