/**
 * The returns module: returns and exchanges asked from My orders within the return window and worked in the
 * back office, and the after-sale side of every order's view. It builds on orders, refunds and stock. Other
 * modules use it through this file only.
 */
export { ReturnService } from './service.js';
export { ReturnMails } from './mails.js';
export { AfterSaleView } from './views.js';
export { adminReturnRoutes, returnRoutes } from './routes.js';
