import { ERROR_STATUS, type ErrorDetail, type ErrorType, type Locale } from '@portal/contract';
import { t, type MessageKey, type Vars } from './i18n';

/** A domain error: a type of the fixed error body, a message key and its variables. */
export class AppError extends Error {
  readonly statusCode: number;
  /** Sent as the Retry-After header: when asking again makes sense (busy, rate limited). */
  retryAfterSeconds?: number;
  constructor(
    readonly type: ErrorType,
    readonly key: MessageKey,
    readonly vars: Vars = {},
    readonly details?: ErrorDetail[],
    statusCode: number = ERROR_STATUS[type],
  ) {
    super(key);
    this.statusCode = statusCode;
  }
}

export const notFound = (key: MessageKey = 'errors.not_found', vars?: Vars) =>
  new AppError('NOT_FOUND', key, vars);
export const forbidden = (key: MessageKey = 'errors.forbidden', vars?: Vars) =>
  new AppError('FORBIDDEN', key, vars);
export const conflict = (key: MessageKey, vars?: Vars) => new AppError('CONFLICT', key, vars);
export const unauthorized = (key: MessageKey = 'errors.unauthorized') =>
  new AppError('AUTH_ERROR', key);
export const invalid = (key: MessageKey, vars?: Vars) =>
  new AppError('VALIDATION_ERROR', key, vars);
/** A refused field, named in the caller's language, the way a refused request body is. */
export function fieldError(locale: Locale, field: string, key: MessageKey, vars: Vars = {}) {
  return new AppError('VALIDATION_ERROR', 'errors.validation_failed', {}, [
    { field, message: t(locale, key, vars) },
  ]);
}
/** A service we depend on (a payment provider…) cannot be reached: 503, try again later. */
export const serviceUnavailable = (key: MessageKey) =>
  new AppError('SERVER_ERROR', key, {}, undefined, 503);

/** This process is at its limit for this kind of work right now: 503 with Retry-After. */
export function busy(seconds: number): AppError {
  const error = new AppError('SERVER_ERROR', 'errors.busy', { seconds }, undefined, 503);
  error.retryAfterSeconds = seconds;
  return error;
}
