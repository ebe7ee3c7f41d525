import type { ErrorDetail } from '@portal/contract';

/** Translated messages per form field; the first one for a field wins. */
export type FieldErrors = Record<string, string>;

/** Server-side field details (already translated by the server) for the fields a form has. */
export function detailsForFields(details: ErrorDetail[], fields: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of details) {
    if (fields.includes(field) && !errors[field]) errors[field] = message;
  }
  return errors;
}
