import { describeIssue, type ErrorDetail, type Locale } from '@portal/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { t, type MessageKey } from './i18n';

/** Thrown by the request validator; the error handler translates its issues per field. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('Request validation failed');
  }

  details(locale: Locale): ErrorDetail[] {
    return this.issues.flatMap(describeIssue).map(({ field, key, vars }) => ({
      field,
      message: t(locale, key as MessageKey, vars),
    }));
  }
}

/** Validates params, query and body with the route's zod schema; unknown keys fail in strict schemas. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  };
