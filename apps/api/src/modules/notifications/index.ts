/** What other modules may use of the notifications module (eslint.config.js: only through this file). */
export { wantsMail } from './preferences';
export { notifyCompany } from './service';
