/**
 * The shop's automatic mail (docs/decisions/039-shop-alerts.md): the owner's low-stock alert and daily digest, "tell me when
 * it is back" for shoppers, and the unfinished-checkout reminder. The stock alerts hang on the stock module's
 * one writer of the history (`onMoves`); the timed ones run in a sweep on every instance. Other modules use it
 * through this file only.
 */
export { StockAlerts } from './stock-alerts.js';
export { AlertsSweeper, type AlertsSweeperOptions } from './sweeper.js';
export { alertsRoutes, type AlertsRoutesOptions } from './routes.js';
export { UnsubscribeTokens } from './tokens.js';
export { digestFigures, digestDue } from './digest.js';
export type { AlertsShop } from './mails.js';
