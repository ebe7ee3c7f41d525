/** What other modules may use of the settings module (eslint.config.js: only through this file). */
export { invoiceSettingsReader } from './service';
