/** What other modules may use of the audit module (eslint.config.js: only through this file). */
export { recordAudit, recordAudits, type AuditRecord } from './service';
