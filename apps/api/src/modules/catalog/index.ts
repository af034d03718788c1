/**
 * The catalogue module: products, their pictures' addresses and the search over them for shoppers, and the
 * owner's product writes (versioned, audited; stock counts go through the stock module). Other modules use it
 * through this file only.
 */
export { CatalogService, type CatalogReader, type CatalogChangeListener } from './service.js';
export { catalogRoutes } from './routes.js';
export { searchAdminRoutes } from './search/routes.js';
export { thumbnailKey, toImage, WIDE_ASPECT } from './images.js';
export { lineImages, type LineImage } from './line-images.js';
export { AdminProductService, adminImage, slugify } from './admin-products.js';
export { exportCatalogue } from './csv/export.js';
export { importCatalogue, ImportRefused, type ImportOptions } from './csv/import.js';
export { bulkChange, productSelection } from './bulk.js';
