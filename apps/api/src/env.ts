/**
 * The shop's configuration, read and validated in config/ (one file per concern); this module stays the one the
 * rest of the API imports it from.
 */
export * from './config/index.js';
