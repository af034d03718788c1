export * from './constants.js';
export * from './common.js';
export * from './envelope.js';
export * from './catalog.js';
export * from './system.js';
export * from './contact.js';
export * from './auth.js';
export * from './site.js';
