/** What other modules may use of the claims module (eslint.config.js: only through this file). */
export { creditInvoiceInFull, creditNoteDocument, creditNotesOfInvoice } from './credit-notes';
