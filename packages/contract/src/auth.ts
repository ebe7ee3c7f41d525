import { z } from 'zod';
import { ALL_ROLES, COUNTRIES, LOCALES, USER_STATUSES } from './constants';
import {
  emailSchema,
  optionalText,
  passwordSchema,
  requiredText,
  withPasswordConfirmation,
} from './validation';

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const idParamsSchema = z.strictObject({ id: z.uuid() });

export const signinRequestSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(1024),
});
export type SigninRequest = z.infer<typeof signinRequestSchema>;

const isoDateTime = z.string();

/** An invoice entity of the current user's company (SPEC section 3: me.invoices). */
export const meInvoiceEntitySchema = z.object({
  _id: z.uuid(),
  company_name: z.string(),
  vat_number: z.string().nullable(),
  vat_number_unactive_at: isoDateTime.nullable(),
});

export const meCompanySchema = z.object({
  _id: z.uuid(),
  company: z.string(),
  vat_number: z.string(),
  vat_number_unactive_at: isoDateTime.nullable(),
  is_xml_active: z.enum(['on', 'off']),
  country: z.enum(COUNTRIES),
});

/** The signed-in user, as `GET /auth/me` and sign-in answer it. */
export const meSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  role: z.enum(ALL_ROLES),
  status: z.enum(USER_STATUSES),
  locale: z.enum(LOCALES),
  company: meCompanySchema.nullable(),
  invoices: z.array(meInvoiceEntitySchema),
  /**
   * The signed link to the company's XML product feed: only for owners (permission
   * xml_feed.view) of a company whose is_xml_active is on; null otherwise.
   */
  xml_feed_url: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

export const signinResponseSchema = z.object({
  access_token: z.string(),
  user: meSchema,
});
export type SigninResponse = z.infer<typeof signinResponseSchema>;

/** VAT numbers as people type them: spaces, dots and dashes allowed, upper-cased. */
export const vatNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(4)
  .max(20)
  .regex(/^[A-Z0-9 .-]+$/, { message: 'validation.invalid' });

export const signupRequestSchema = withPasswordConfirmation(
  z.strictObject({
    first_name: requiredText(100),
    last_name: requiredText(100),
    email: emailSchema,
    phone: optionalText(40),
    password: passwordSchema,
    confirm_password: z.string().max(1024),
    company_name: requiredText(200),
    company_register_number: requiredText(50),
    vat_number: vatNumberSchema,
    country: z.enum(COUNTRIES),
    city: requiredText(100),
    postcode: requiredText(20),
    street: requiredText(200),
    house_number: requiredText(20),
    accept_terms: z.literal(true, { message: 'validation.terms_required' }),
  }),
);
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const secureKeyParamsSchema = z.strictObject({ key: z.string().min(16).max(128) });
export const secureKeyQuerySchema = z.strictObject({ key: z.string().min(16).max(128) });

export const invitationCheckResponseSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The company to join; null for the shop's own staff. */
  company: z.string().nullable(),
});
export type InvitationCheckResponse = z.infer<typeof invitationCheckResponseSchema>;

export const setPasswordRequestSchema = withPasswordConfirmation(
  z.strictObject({
    password: passwordSchema,
    confirm_password: z.string().max(1024),
  }),
);
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const checkSecureKeyResponseSchema = z.object({
  valid: z.literal(true),
  purpose: z.enum(['invitation', 'reset_password']),
  email: z.string(),
});
export type CheckSecureKeyResponse = z.infer<typeof checkSecureKeyResponseSchema>;

export const resetPasswordChangeSchema = withPasswordConfirmation(
  z.strictObject({
    key: z.string().min(16).max(128),
    password: passwordSchema,
    confirm_password: z.string().max(1024),
  }),
);
export type ResetPasswordChange = z.infer<typeof resetPasswordChangeSchema>;

/** Session sync with the app server: sets the httpOnly cookie used by plain links. */
export const sessionLoginRequestSchema = z.strictObject({
  access_token: z.string().min(1).max(4096),
});
