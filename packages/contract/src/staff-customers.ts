import { z } from 'zod';
import { VAT_CHECK_OUTCOMES } from './account';
import { vatNumberSchema } from './auth';
import { COMPANY_STATUSES, COUNTRIES, ORDER_STATUSES, ROLES, USER_STATUSES } from './constants';
import { requiredText } from './validation';

export const STAFF_COMPANIES_PAGE_SIZE = 25;

/** `GET /admin/companies`: `q` finds a company by a part of its name or the start of its VAT number. */
export const staffCompanyListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(STAFF_COMPANIES_PAGE_SIZE),
  q: z.string().trim().max(100).optional(),
  status: z.enum(COMPANY_STATUSES).optional(),
  country: z.enum(COUNTRIES).optional(),
  /** Whether VIES last found the VAT number active (`inactive`: marked unactive). */
  vat: z.enum(['active', 'inactive']).optional(),
});
export type StaffCompanyListQuery = z.infer<typeof staffCompanyListQuerySchema>;

export const staffCompanyRowSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  vat_number: z.string(),
  vat_active: z.boolean(),
  country: z.enum(COUNTRIES),
  city: z.string(),
  status: z.enum(COMPANY_STATUSES),
  xml_feed: z.boolean(),
  members: z.number().int(),
  orders: z.number().int(),
  registered_at: z.string(),
});
export type StaffCompanyRow = z.infer<typeof staffCompanyRowSchema>;

export const staffCompanyListSchema = z.object({
  items: z.array(staffCompanyRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type StaffCompanyList = z.infer<typeof staffCompanyListSchema>;

export const staffMemberRowSchema = z.object({
  _id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  /** When the member last signed in (null: never). */
  last_sign_in_at: z.string().nullable(),
});
export type StaffMemberRow = z.infer<typeof staffMemberRowSchema>;

/** `GET /admin/companies/{companyId}`: the profile, its members and its latest orders. */
export const staffCompanySchema = staffCompanyRowSchema.extend({
  company_register_number: z.string(),
  postcode: z.string(),
  street: z.string(),
  house_number: z.string(),
  vat_verified_at: z.string().nullable(),
  vat_number_unactive_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  /** The price list its buyers get (issue 24); null: catalog prices. */
  price_list: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  member_list: z.array(staffMemberRowSchema),
  latest_orders: z.array(
    z.object({
      _id: z.uuid(),
      order_number: z.string(),
      date: z.string(),
      status: z.enum(ORDER_STATUSES),
      order_value: z.number(),
    }),
  ),
});
export type StaffCompany = z.infer<typeof staffCompanySchema>;

/** `POST /admin/companies/{companyId}/block`: why, kept in the audit log. */
export const blockRequestSchema = z.strictObject({
  reason: z.string().trim().min(1).max(500),
});
export type BlockRequest = z.infer<typeof blockRequestSchema>;

/** `PUT /admin/companies/{companyId}/xml-feed`. */
export const xmlFeedSwitchSchema = z.strictObject({ active: z.boolean() });
export type XmlFeedSwitch = z.infer<typeof xmlFeedSwitchSchema>;

export const companyMemberParamsSchema = z.strictObject({
  companyId: z.uuid(),
  userId: z.uuid(),
});

/**
 * `PUT /admin/companies/{companyId}`: staff correct a company's details. A changed VAT number (or
 * country) is checked at once, and unverified until the register confirms it.
 */
export const staffCompanyUpdateSchema = z.strictObject({
  name: requiredText(200),
  company_register_number: requiredText(50),
  vat_number: vatNumberSchema,
  country: z.enum(COUNTRIES),
  city: requiredText(100),
  postcode: requiredText(20),
  street: requiredText(200),
  house_number: requiredText(20),
});
export type StaffCompanyUpdate = z.infer<typeof staffCompanyUpdateSchema>;

/** `POST /admin/companies/{companyId}/vat-check`: the register's answer and the company after it. */
export const staffVatCheckResponseSchema = z.object({
  message: z.string(),
  outcome: z.enum(VAT_CHECK_OUTCOMES),
  company: staffCompanySchema,
});
export type StaffVatCheckResponse = z.infer<typeof staffVatCheckResponseSchema>;
