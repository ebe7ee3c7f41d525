/** What other modules may use of the companies module (eslint.config.js: only through this file). */
export { inactiveSince, recheckCompany, verifiedSince } from './vat';
export { companyName } from './service';
