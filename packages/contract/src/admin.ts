import { z } from 'zod';
import { COUNTRIES } from './constants';

export const registrationSchema = z.object({
  company: z.object({
    _id: z.uuid(),
    company: z.string(),
    company_register_number: z.string(),
    vat_number: z.string(),
    country: z.enum(COUNTRIES),
    city: z.string(),
    postcode: z.string(),
    street: z.string(),
    house_number: z.string(),
    created_at: z.string(),
  }),
  owner: z.object({
    _id: z.uuid(),
    full_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
});
export type Registration = z.infer<typeof registrationSchema>;

export const registrationListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const registrationListSchema = z.object({
  items: z.array(registrationSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type RegistrationList = z.infer<typeof registrationListSchema>;

export const companyIdParamsSchema = z.strictObject({ companyId: z.uuid() });

/**
 * `POST /admin/companies/{companyId}/vat-verification`: staff confirm (or withdraw) a VAT number
 * they checked themselves, the company's or one of its invoice entities'. Reverse charge needs
 * a verified number; the answer carries the date of the check.
 */
export const vatVerificationRequestSchema = z.strictObject({
  invoice_address_id: z.uuid().nullable().optional(),
  verified: z.boolean(),
});
export type VatVerificationRequest = z.infer<typeof vatVerificationRequestSchema>;
export const vatVerificationResponseSchema = z.object({
  vat_number: z.string().nullable(),
  vat_verified_at: z.string().nullable(),
});
