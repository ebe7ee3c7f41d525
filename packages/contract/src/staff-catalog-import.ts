import { z } from 'zod';
import { LOCALES } from './constants';

/** Back-office II: products and stock from a spreadsheet, keyed by SKU (issue 22). */
export const PRODUCT_IMPORT_LIMITS = {
  maxBytes: 25 * 1024 * 1024,
  maxRows: 100_000,
  /** Row outcomes a dry run lists (errors first); the counts cover every row. */
  reportRows: 1_000,
} as const;

/**
 * The columns a product file may have, in this order when exported. `sku` is the key; only the
 * columns present change; a new SKU needs reference, title_en, price, manufacturer and category.
 * `stock` sets the count (a stock movement records the difference); `category` is a category's
 * slug in English; `active` is yes/no (also true/false, 1/0).
 */
export const PRODUCT_IMPORT_COLUMNS = [
  'sku',
  'reference',
  'ean',
  ...LOCALES.map((locale) => `title_${locale}` as const),
  ...LOCALES.map((locale) => `description_${locale}` as const),
  'price',
  'stock',
  'manufacturer',
  'category',
  'state',
  'warranty_months',
  'weight_grams',
  'box_width_mm',
  'box_height_mm',
  'box_length_mm',
  'active',
] as const;
export type ProductImportColumn = (typeof PRODUCT_IMPORT_COLUMNS)[number];

export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const importRowReportSchema = z.object({
  /** The row in the file, the header being row 1. */
  row: z.number().int(),
  sku: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type ImportRowReport = z.infer<typeof importRowReportSchema>;

export const importCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
});

/** `POST /admin/products/import?dry_run=true`: what the file would do, row by row. */
export const importReportSchema = z.object({
  /** `stock`: a file of SKU and stock only. */
  kind: z.enum(['products', 'stock']),
  columns: z.array(z.string()),
  total: z.number().int(),
  counts: importCountsSchema,
  /** Errors first, then the other rows in file order, at most `reportRows`. */
  rows: z.array(importRowReportSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** An import running in the background: its progress survives a reload and a restart. */
export const importJobSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(['products', 'stock']),
  file_name: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  /** The rows with errors were left out when it started: it counts the others. */
  counts: importCountsSchema.omit({ error: true }),
  /** Why it stopped, when it failed. */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importQuerySchema = z.strictObject({
  dry_run: z.enum(['true', 'false']).default('false'),
});
export const importJobParamsSchema = z.strictObject({ jobId: z.uuid() });
export const importJobListSchema = z.object({ items: z.array(importJobSchema) });
