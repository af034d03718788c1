/**
 * The discounts module: the owner's discount codes (admin CRUD with usage) and the rules of a code on given lines
 * (eligibility, amount, shares per line, limits), its uses claimed with a payment's hold, given back with it and
 * made final by the order. It knows no cart, checkout or order: those pass it lines, shopper, payment and
 * transaction. Other modules use it through this file only.
 */
export { discountAdminRoutes } from './routes.js';
export { DiscountAdminService, DISCOUNT_NOT_FOUND } from './admin.js';
export {
  cartCode,
  claimUse,
  clearCartCode,
  discountRefusal,
  finalizeUse,
  findCode,
  limitProblem,
  noLongerApplies,
  priceDiscount,
  problemMessage,
  redeemForOrder,
  releaseClaims,
  setCartCode,
  type AppliedDiscount,
  type PricedDiscount,
} from './codes.js';
export { lineEligible, splitDiscount, type DiscountableLine, type DiscountRule } from './rules.js';
