import { z } from 'zod';
import { addressSnapshotSchema } from './addresses';
import { creditNoteSummarySchema } from './claims';
import { VAT_MODES } from './checkout';
import { COUNTRIES, E_INVOICE_FORMATS, PAYMENT_METHODS } from './constants';
import { dateRangeFields, datesInOrder, datesMessage, isoDate } from './date-range';

export const INVOICES_PAGE_SIZE = 10;
export const INVOICES_MAX_LIMIT = 50;

/** `GET /invoices`: search by invoice or order number. */
export const invoiceListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(INVOICES_MAX_LIMIT).optional(),
  search: z.string().trim().max(20).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/**
 * `GET /invoices/export.csv` and `/invoices/export.xlsx`: the company's invoices issued in a
 * period (days included, either end open), and found by `search` like the list; all of them.
 */
export const invoiceExportQuerySchema = z
  .strictObject({ ...dateRangeFields, search: z.string().trim().max(20).optional() })
  .refine(datesInOrder, datesMessage);
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuerySchema>;

/** The invoice export's columns, in order (the CSV's header row): amounts in euros. */
export const INVOICE_EXPORT_COLUMNS = [
  'invoice_number',
  'issued_at',
  'order_number',
  'bill_to',
  'payment_method',
  'vat_mode',
  'vat_rate',
  'subtotal',
  'shipping',
  'vat',
  'total',
] as const;

export const invoiceDocumentParamsSchema = z.strictObject({ id: z.uuid() });

/** The longest period one archive of invoice PDFs covers, in days. */
export const INVOICE_ARCHIVE_MAX_DAYS = 366;
/** How long a ready archive can be downloaded, in days. */
export const INVOICE_ARCHIVE_KEEP_DAYS = 7;
export const INVOICE_ARCHIVE_STATUSES = [
  'queued',
  'running',
  'ready',
  'failed',
  'expired',
] as const;
export type InvoiceArchiveStatus = (typeof INVOICE_ARCHIVE_STATUSES)[number];

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/**
 * `POST /invoices/archives`: every invoice and credit note PDF of a period (days included) as
 * one ZIP, built in the background; a mail with a download link follows when it is ready.
 */
export const invoiceArchiveRequestSchema = z
  .strictObject({ date_from: isoDate, date_to: isoDate })
  .refine(datesInOrder, datesMessage)
  .refine((period) => daysBetween(period.date_from, period.date_to) < INVOICE_ARCHIVE_MAX_DAYS, {
    path: ['date_to'],
    message: 'validation.period_too_long',
  });
export type InvoiceArchiveRequest = z.infer<typeof invoiceArchiveRequestSchema>;

export const invoiceArchiveSchema = z.object({
  _id: z.uuid(),
  date_from: z.string(),
  date_to: z.string(),
  status: z.enum(INVOICE_ARCHIVE_STATUSES),
  /** Documents in the period, and how many are in the ZIP so far. */
  total: z.number().int(),
  done: z.number().int(),
  size_bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Until when a ready archive can be downloaded. */
  expires_at: z.string().nullable(),
});
export type InvoiceArchive = z.infer<typeof invoiceArchiveSchema>;

/** `GET /invoices/archives`: the caller's archives, newest first. */
export const invoiceArchiveListSchema = z.object({ items: z.array(invoiceArchiveSchema) });

/** `GET /invoices/archives/:id/download?token=…`: the mailed link, without signing in. */
export const invoiceArchiveDownloadQuerySchema = z.strictObject({
  token: z.string().min(20).max(100),
});

/** `GET /invoices/:id/e-invoice/:format` and `/invoices/credit-notes/:id/e-invoice/:format`. */
export const eInvoiceParamsSchema = z.strictObject({
  id: z.uuid(),
  format: z.enum(E_INVOICE_FORMATS),
});

export const invoiceSummarySchema = z.object({
  _id: z.uuid(),
  invoice_number: z.string(),
  issued_at: z.string(),
  bill_to_name: z.string(),
  order: z.object({ _id: z.uuid(), order_number: z.string() }),
  payment_method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListResponseSchema = z.object({
  items: z.array(invoiceSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

/** An invoice (SPEC section 3) as issued: it never changes afterwards. */
export const invoiceSchema = invoiceSummarySchema.extend({
  subtotal: z.number(),
  shipping_amount: z.number(),
  shipping_method: z.string(),
  tax_amount: z.number(),
  vat_rate: z.number(),
  vat_mode: z.enum(VAT_MODES),
  /** The reverse-charge or other VAT mention printed on the invoice, if any. */
  vat_mention: z.string().nullable(),
  vat_lines: z.array(z.object({ rate: z.number(), base: z.number(), amount: z.number() })),
  lines: z.array(
    z.object({
      sku: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      subtotal: z.number(),
    }),
  ),
  /** Where the goods went, and who is billed (the order's invoice address). */
  shipping_address: addressSnapshotSchema,
  billing_address: addressSnapshotSchema,
  currency: z.literal('EUR'),
  /** Credit notes issued against this invoice (refunds of claims), oldest first. */
  credit_notes: z.array(creditNoteSummarySchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** The shop's legal details printed on every invoice: one value under code invoice_settings. */
export const invoiceSettingsSchema = z.strictObject({
  legal_name: z.string().trim().min(1).max(200),
  street: z.string().trim().min(1).max(200),
  house_number: z.string().trim().min(1).max(20),
  zip_code: z.string().trim().min(1).max(20),
  city: z.string().trim().min(1).max(100),
  country: z.enum(COUNTRIES),
  vat_number: z.string().trim().min(1).max(20),
  company_register_number: z.string().trim().min(1).max(50),
  email: z.email().max(200),
  phone: z.string().trim().min(1).max(50),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

export const invoiceSettingResponseSchema = z.object({
  code: z.literal('invoice_settings'),
  value: invoiceSettingsSchema,
  updated_at: z.string(),
});
export type InvoiceSettingResponse = z.infer<typeof invoiceSettingResponseSchema>;
