/** What other modules may use of the catalog module (eslint.config.js: only through this file). */
export { type CatalogIndex } from './catalog-index';
export { findProductLabels } from './product-repo';
export { listItems, productsByIds, type CatalogDeps, type ProductNumbers } from './service';
