export * from './catalog.js';
export * from './contact.js';
export * from './users.js';
