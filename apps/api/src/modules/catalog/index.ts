/** What other modules may use of the catalog module (eslint.config.js: only through this file). */
export { findProductLabels, productLabelsQuery } from './product-repo';
export { repriceItems } from './priced-answer';
export { createCatalogReadModel } from './read-model/create';
export type { CatalogReadModel } from './read-model/read-model';
export { productImageRoutes } from './product-image-routes';
export { staffCatalogRoutes, staffCategoryRoutes } from './staff-routes';
export {
  listItems,
  productsByIds,
  searchHits,
  type CatalogDeps,
  type ProductNumbers,
} from './service';
export { explainStockChanges, type StockChangeCause } from './stock-movements';
export { startImportWorker, type ImportWorker } from './import-jobs';
