import { ERROR_STATUS, type ErrorBody, type ErrorType } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { t, type MessageKey } from './i18n';
import { RequestValidationError } from './validation';

const typeByStatus: Record<number, ErrorType> = {
  400: 'VALIDATION_ERROR',
  401: 'AUTH_ERROR',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'VALIDATION_ERROR',
  415: 'VALIDATION_ERROR',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMITED',
};

const keyByFastifyCode: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.malformed_body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.malformed_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'errors.malformed_body',
};

function body(type: ErrorType, code: number, message: string, details?: ErrorBody['details']) {
  return details ? { type, code, message, details } : { type, code, message };
}

/** A fault's body also names the request, so support finds its log lines (issue 25). */
function faultBody(request: FastifyRequest, code: number, message: string): ErrorBody {
  return { ...body('SERVER_ERROR', code, message), request_id: request.id };
}

/** The one place where failures become the fixed error body, in the request's language. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(
    (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      const locale = request.locale;
      if (error instanceof AppError) {
        if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
        return reply
          .status(error.statusCode)
          .send(
            body(error.type, error.statusCode, t(locale, error.key, error.vars), error.details),
          );
      }
      if (error instanceof RequestValidationError) {
        return reply
          .status(400)
          .send(
            body(
              'VALIDATION_ERROR',
              400,
              t(locale, 'errors.validation_failed'),
              error.details(locale),
            ),
          );
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('Retry-After', '5')
          .send(faultBody(request, 503, t(locale, 'errors.database_unavailable')));
      }
      const status = error.statusCode ?? 500;
      const type = typeByStatus[status];
      if (status < 500 && type) {
        const key = keyByFastifyCode[error.code] ?? defaultKey(type);
        return reply.status(status).send(body(type, status, t(locale, key)));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send(faultBody(request, ERROR_STATUS.SERVER_ERROR, t(locale, 'errors.server_error')));
    },
  );
}

/** PostgreSQL's codes for a server going away or not taking connections (classes 08 and 57P). */
const UNAVAILABLE_CODES = /^(08|57P0[1-3])/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT/i;

/** The database is down, restarting or unreachable (not a bad query): the error or a cause. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
    if (code === 'ECONNREFUSED' || UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

function defaultKey(type: ErrorType): MessageKey {
  switch (type) {
    case 'AUTH_ERROR':
      return 'errors.unauthorized';
    case 'FORBIDDEN':
      return 'errors.forbidden';
    case 'NOT_FOUND':
      return 'errors.not_found';
    case 'RATE_LIMITED':
      return 'errors.rate_limited';
    default:
      return 'errors.validation_failed';
  }
}
