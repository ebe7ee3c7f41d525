/** What other modules may use of the feed module (eslint.config.js: only through this file). */
export { xmlFeedUrl } from './key';
