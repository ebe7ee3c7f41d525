import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { describeIssue } from '@portal/contract';
import type { FieldErrors } from './field-errors';

/** Validates with a contract schema; returns translated messages per field (first one wins). */
export function zodFieldErrors(schema: z.ZodType, values: unknown, t: TFunction): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    for (const { field, key, vars } of describeIssue(issue)) {
      if (errors[field]) continue;
      const value = (values as Record<string, unknown>)[field];
      // An empty field reads better as "required" than as "too short" or "invalid choice".
      const finalKey = value === '' || value === null ? 'validation.required' : key;
      errors[field] = t(finalKey, vars);
    }
  }
  return errors;
}
