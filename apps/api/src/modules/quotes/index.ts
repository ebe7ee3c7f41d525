/** What other modules may use of the quotes module (eslint.config.js: only through this file). */
export { markQuoteAccepted, quoteOrderLines } from './service';
