/** What other modules may use of the invoices module (eslint.config.js: only through this file). */
export { issueInvoice } from './service';
