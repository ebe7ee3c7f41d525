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

/**
 * The path to the first text (value or key) holding a NUL character, which PostgreSQL cannot
 * store in text: refused here for every route rather than failing in the database.
 */
function pathToNul(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = pathToNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** The validation error for the first text holding a NUL character, or null when none does. */
export function nulCharacterError(data: unknown): RequestValidationError | null {
  const path = pathToNul(data);
  if (!path) return null;
  const issue: z.core.$ZodIssueCustom = {
    code: 'custom',
    path,
    message: 'validation.nul_character',
    input: undefined,
  };
  return new RequestValidationError([issue]);
}

/** Validates params, query and body with the route's zod schema; unknown keys fail in strict schemas. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const nul = nulCharacterError(data);
    if (nul) return { error: nul };
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  };
