/** What other modules may use of the approvals module (eslint.config.js: only through this file). */
export { approvalRoutes, budgetRoutes } from './routes';
