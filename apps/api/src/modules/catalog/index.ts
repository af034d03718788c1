/**
 * The catalogue module: products, their pictures' addresses and the search over them, for shoppers and for the
 * back office. Other modules use it through this file only.
 */
export { CatalogService, type CatalogReader, type CatalogChangeListener } from './service.js';
export { catalogRoutes } from './routes.js';
export { searchAdminRoutes } from './search/routes.js';
export { thumbnailKey, toImage, WIDE_ASPECT } from './images.js';
