import { ApiError } from '../api/client';
import { detailsForFields, type FieldErrors } from './field-errors';

/**
 * Puts a failed call's field details next to the form's fields and returns the message to show
 * above the form (null when the fields say it all, or when a toast already did).
 */
export function applyServerError(
  error: unknown,
  fields: readonly string[],
  setErrors: (errors: FieldErrors) => void,
): string | null {
  if (!(error instanceof ApiError) || error.isServerFailure) return null;
  const fieldErrors = detailsForFields(error.details, fields);
  if (Object.keys(fieldErrors).length > 0) {
    setErrors(fieldErrors);
    return null;
  }
  return error.message;
}

/** The message a refused call gave for one field, if it named that field. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof ApiError
    ? error.details.find((detail) => detail.field === field)?.message
    : undefined;
}
