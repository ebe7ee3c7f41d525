import { z } from 'zod';
import { vatNumberSchema } from './auth';
import { COUNTRIES } from './constants';
import { emailSchema, requiredText } from './validation';

/** The two address books of a company (SPEC section 3: invoice and delivery are separate). */
export const ADDRESS_KINDS = ['delivery', 'invoice'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

const optionalField = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * Create or replace an address (SPEC section 3 fields). Optional fields may be omitted or null;
 * `is_default: true` makes it the company's default of its kind (the previous one loses it).
 */
export const addressRequestSchema = z.strictObject({
  company_name: requiredText(200),
  vat_number: vatNumberSchema.nullable().optional(),
  street: requiredText(200),
  house_number: requiredText(20),
  zip_code: requiredText(20),
  city: requiredText(100),
  country: z.enum(COUNTRIES),
  phone: optionalField(40),
  mobile_phone: optionalField(40),
  email: emailSchema.nullable().optional(),
  additional_information: optionalField(500),
  is_default: z.boolean().optional(),
});
export type AddressRequest = z.infer<typeof addressRequestSchema>;

export const addressSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(ADDRESS_KINDS),
  company_name: z.string(),
  vat_number: z.string().nullable(),
  /** Invoice entities only: set while the VAT number is inactive (purchases are blocked). */
  vat_number_unactive_at: z.string().nullable(),
  street: z.string(),
  house_number: z.string(),
  zip_code: z.string(),
  city: z.string(),
  country: z.enum(COUNTRIES),
  phone: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  email: z.string().nullable(),
  additional_information: z.string().nullable(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListResponseSchema = z.object({ items: z.array(addressSchema) });
export type AddressListResponse = z.infer<typeof addressListResponseSchema>;

export const addressKindParamsSchema = z.strictObject({ kind: z.enum(ADDRESS_KINDS) });
export const addressParamsSchema = z.strictObject({ kind: z.enum(ADDRESS_KINDS), id: z.uuid() });

/** An address as copied onto an order when it is placed (later edits do not change the order). */
export const addressSnapshotSchema = z.object({
  company_name: z.string(),
  vat_number: z.string().nullable(),
  street: z.string(),
  house_number: z.string(),
  zip_code: z.string(),
  city: z.string(),
  country: z.enum(COUNTRIES),
  phone: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  email: z.string().nullable(),
  additional_information: z.string().nullable(),
});
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;
