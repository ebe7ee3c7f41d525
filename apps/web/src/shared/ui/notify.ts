import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';

/** A success toast (top right, closes after 3000 ms like every toast). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}

/**
 * The server's message for a refused call (stock, validation, conflict) as a red toast. Server
 * and network failures are toasted by the API client already.
 */
export function notifyError(error: unknown): void {
  if (error instanceof ApiError && !error.isServerFailure) {
    notifications.show({ color: 'red', message: error.message });
  }
}

/** A refusal's toast, unless it named fields: those messages stand beside the fields instead. */
export function notifyUnlessFields(error: unknown): void {
  if (!(error instanceof ApiError) || error.details.length === 0) notifyError(error);
}
