import { z } from 'zod';
import { meSchema, vatNumberSchema } from './auth';
import { COUNTRIES, INVOICE_FORMATS, ROLES, USER_STATUSES } from './constants';
import { emailSchema, passwordSchema, requiredText, withPasswordConfirmation } from './validation';

/** `PUT /users/update/profile`: changing the email also asks for the current password. */
export const profileUpdateSchema = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailSchema,
  current_password: z.string().max(1024).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileResponseSchema = z.object({ message: z.string(), user: meSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** `PUT /users/change-password` (SPEC section 5: current, new and confirm-new). */
export const changePasswordSchema = withPasswordConfirmation(
  z.strictObject({
    current_password: z.string().min(1).max(1024),
    password: passwordSchema,
    confirm_password: z.string().max(1024),
  }),
);
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** The company profile of SPEC section 3, as `GET /companies/{companyId}` answers it. */
export const companyProfileSchema = z.object({
  _id: z.uuid(),
  company: z.string(),
  company_register_number: z.string(),
  vat_number: z.string(),
  vat_number_unactive_at: z.string().nullable(),
  country: z.enum(COUNTRIES),
  city: z.string(),
  postcode: z.string(),
  street: z.string(),
  house_number: z.string(),
  /** The day the company was registered, YYYY-MM-DD. */
  registered_day: z.string(),
  is_xml_active: z.enum(['on', 'off']),
  /** How invoice and credit note mails carry the document: PDF, UBL (Peppol) or Factur-X. */
  invoice_format: z.enum(INVOICE_FORMATS),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day, YYYY-MM-DD, that exists and is not in the future. */
export const registeredDaySchema = z
  .string()
  .trim()
  .regex(dayPattern, { message: 'validation.invalid_date' })
  .refine(
    (value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
    },
    { message: 'validation.invalid_date' },
  )
  .refine((value) => new Date(`${value}T00:00:00Z`).getTime() <= Date.now(), {
    message: 'validation.date_in_future',
  });

/** `PUT /companies/profile/{companyId}` (owners only). */
export const companyProfileUpdateSchema = z.strictObject({
  company: requiredText(200),
  company_register_number: requiredText(50),
  vat_number: vatNumberSchema,
  country: z.enum(COUNTRIES),
  city: requiredText(100),
  postcode: requiredText(20),
  street: requiredText(200),
  house_number: requiredText(20),
  registered_day: registeredDaySchema,
  /** Left out: unchanged. */
  invoice_format: z.enum(INVOICE_FORMATS).optional(),
});
export type CompanyProfileUpdate = z.infer<typeof companyProfileUpdateSchema>;

export const companyProfileResponseSchema = z.object({
  message: z.string(),
  company: companyProfileSchema,
});
export type CompanyProfileResponse = z.infer<typeof companyProfileResponseSchema>;

/** Outcome of a VAT number check; `unavailable`: the register could not be asked now. */
export const VAT_CHECK_OUTCOMES = ['active', 'inactive', 'unavailable'] as const;
export type VatCheckOutcome = (typeof VAT_CHECK_OUTCOMES)[number];

export const vatCheckResponseSchema = z.object({
  message: z.string(),
  outcome: z.enum(VAT_CHECK_OUTCOMES),
  vat_number: z.string(),
  vat_number_unactive_at: z.string().nullable(),
});
export type VatCheckResponse = z.infer<typeof vatCheckResponseSchema>;

export const invoiceIdParamsSchema = z.strictObject({ invoiceId: z.uuid() });

/** Statuses an owner can give a member; `deleted` goes through `DELETE /users/{id}`. */
export const MEMBER_EDITABLE_STATUSES = ['pending', 'active', 'inactive', 'blocked'] as const;

export const memberSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
  /** When the open invitation expires (invited, no password yet); null otherwise. */
  invitation_expires_at: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const memberListSchema = z.object({
  items: z.array(memberSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type MemberList = z.infer<typeof memberListSchema>;

/** Invitation payload of SPEC section 3. Inviting a pending member again re-sends the mail. */
export const inviteMemberSchema = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailSchema,
  role: z.enum(ROLES),
});
export type InviteMember = z.infer<typeof inviteMemberSchema>;

/** User update of SPEC section 3. */
export const memberUpdateSchema = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailSchema,
  role: z.enum(ROLES),
  status: z.enum(MEMBER_EDITABLE_STATUSES),
});
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

export const memberResponseSchema = z.object({ message: z.string(), member: memberSchema });
export type MemberResponse = z.infer<typeof memberResponseSchema>;

/** `POST /users/contact-us` (SPEC section 5: both required). */
export const contactMessageSchema = z.strictObject({
  subject: requiredText(200),
  message: requiredText(5000),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
