/** What other modules may use of the catalog module (eslint.config.js: only through this file). */
export { type CatalogIndex } from './catalog-index';
export { availabilityOf, findListItems, findProductLabels } from './product-repo';
export { productsByIds, type CatalogDeps } from './service';
