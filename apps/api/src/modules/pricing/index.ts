/** What other modules may use of the pricing module (eslint.config.js: only through this file). */
export { PriceBook, PriceBooks, discountedCents, unitPricesRelation } from './price-book';
export { companyPriceListRoutes, priceListRoutes } from './routes';
