/** What other modules may use of the auth module (eslint.config.js: only through this file). */
export { requestPasswordReset } from './service';
