import { z } from 'zod';

export const ERROR_TYPES = [
  'AUTH_ERROR',
  'VALIDATION_ERROR',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'SERVER_ERROR',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export const ERROR_STATUS: Record<ErrorType, number> = {
  AUTH_ERROR: 401,
  VALIDATION_ERROR: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
};

export const errorDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The fixed error body of every failure (ARCHITECTURE.md). */
export const errorBodySchema = z.object({
  type: z.enum(ERROR_TYPES),
  code: z.number().int(),
  message: z.string(),
  details: z.array(errorDetailSchema).optional(),
  /**
   * A fault's (an unexpected 500, or 503 when the database is unreachable): the request's id,
   * also in its `X-Request-Id` header and on its log lines, to quote to support.
   */
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function isErrorBody(value: unknown): value is ErrorBody {
  return errorBodySchema.safeParse(value).success;
}
