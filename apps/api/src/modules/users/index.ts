/** What other modules may use of the users module (eslint.config.js: only through this file). */
export { findUserByEmail, getMe } from './service';
