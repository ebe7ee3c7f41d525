import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * Validation messages are translation keys (`validation.*`), so the API and the web can show
 * them in the user's language. `describeIssue` turns any zod issue into a key and its variables.
 */
export const VALIDATION_KEYS = [
  'validation.required',
  'validation.invalid',
  'validation.invalid_email',
  'validation.too_short',
  'validation.too_long',
  'validation.too_small',
  'validation.too_big',
  'validation.invalid_choice',
  'validation.unknown_field',
  'validation.password_mismatch',
  'validation.password_common',
  'validation.password_same',
  'validation.terms_required',
  'validation.wrong_password',
  'validation.current_password_required',
  'validation.invalid_date',
  'validation.period_too_long',
  'validation.date_in_future',
  'validation.date_in_past',
  'validation.nul_character',
  'validation.duplicate_value',
  // Returns and warranty claims (SPEC section 5) and the CSV bulk claim file.
  'validation.claim_source_required',
  'validation.order_number_length',
  'validation.file_required',
  'validation.select_item',
  'validation.reason_demand_required',
  'validation.quantity_exceeds_limit',
  'validation.shipping_box_required',
  'validation.shipping_details_required',
  'validation.fields_required',
  'validation.item_not_eligible',
  'validation.duplicate_item',
  'validation.csv_only',
  'validation.csv_too_large',
  'validation.csv_too_many_rows',
  'validation.csv_empty',
  'validation.csv_missing_columns',
  'validation.csv_malformed',
  'validation.csv_not_text',
  'validation.choose_one_of',
  'validation.csv_no_valid_rows',
  // Photos and files sent with a claim.
  'validation.attachment_type',
  'validation.attachment_too_large',
  'validation.attachments_full',
  // Stock movements staff record.
  'validation.stock_change_positive',
  // Product pictures staff upload.
  'validation.picture_type',
  'validation.picture_too_large',
  'validation.pictures_full',
  'validation.picture_order',
  // The dashboard slider's banners.
  'validation.banner_picture',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export interface IssueDescription {
  field: string;
  key: ValidationKey;
  vars: Record<string, string | number>;
}

function isValidationKey(value: string): value is ValidationKey {
  return (VALIDATION_KEYS as readonly string[]).includes(value);
}

/** Maps one zod issue to the field it concerns and a translation key with variables. */
export function describeIssue(issue: z.core.$ZodIssue): IssueDescription[] {
  const field = issue.path.map(String).join('.');
  if (isValidationKey(issue.message)) return [{ field, key: issue.message, vars: {} }];
  switch (issue.code) {
    case 'invalid_type':
      return [
        {
          field,
          key: issue.input === undefined ? 'validation.required' : 'validation.invalid',
          vars: {},
        },
      ];
    case 'too_small':
      if (issue.origin === 'string') {
        return [
          {
            field,
            key: Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.too_short',
            vars: { min: Number(issue.minimum) },
          },
        ];
      }
      return [{ field, key: 'validation.too_small', vars: { min: Number(issue.minimum) } }];
    case 'too_big':
      return [
        {
          field,
          key: issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big',
          vars: { max: Number(issue.maximum) },
        },
      ];
    case 'invalid_format':
      return [
        {
          field,
          key: issue.format === 'email' ? 'validation.invalid_email' : 'validation.invalid',
          vars: {},
        },
      ];
    case 'invalid_value':
      return [{ field, key: 'validation.invalid_choice', vars: {} }];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        field: field ? `${field}.${key}` : key,
        key: 'validation.unknown_field' as const,
        vars: {},
      }));
    default:
      return [{ field, key: 'validation.invalid', vars: {} }];
  }
}

/** A required text field: trimmed, not empty, bounded. */
export const requiredText = (max = 200) => z.string().trim().min(1).max(max);
export const optionalText = (max = 200) => z.string().trim().max(max).optional();

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** 12 to 128 characters, never truncated (OWASP); the API also refuses common passwords. */
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** Adds the "confirm password" rule to a schema with password and confirm_password. */
export function withPasswordConfirmation<
  T extends z.ZodType<{ password: string; confirm_password: string }>,
>(schema: T) {
  return schema.refine((value) => value.password === value.confirm_password, {
    message: 'validation.password_mismatch',
    path: ['confirm_password'],
  });
}

/** A number as people write it: 1234.5, 1234,5, 1.234,50, 1,234.50, € 12; null if it is none. */
export function readDecimal(text: string): number | null {
  let value = text.replace(/[\s€]/g, '');
  const comma = value.lastIndexOf(',');
  const dot = value.lastIndexOf('.');
  if (comma > dot) value = value.replace(/\./g, '').replace(',', '.');
  else value = value.replace(/,/g, '');
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null;
}
