export * from './catalog.js';
export * from './contact.js';
export * from './users.js';
export * from './cart.js';
export * from './orders.js';
export * from './stock.js';
export * from './outbox.js';
