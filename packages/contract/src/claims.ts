import { z } from 'zod';
import {
  CLAIM_ACTIONS,
  CLAIM_ITEM_STATUSES,
  CLAIM_REQUEST_STATUSES,
  ELIGIBILITY_OUTCOMES,
  ORDER_NUMBER_LENGTH,
  ORDER_STATUSES,
  type ClaimRequestStatus,
  type EligibilityOutcome,
} from './constants';
import type { ValidationKey } from './validation';

/**
 * Returns and warranty claims (issue 7, SPEC sections 3 to 5). A claim belongs to a company; its
 * items name an order of that company, a product of that order, a quantity, a reason and the
 * demand action; the server decides each item's eligibility. Staff approve or reject items,
 * record received goods, send a replacement or refund with a credit note, then close the claim.
 *
 * Demo data (e2e): the demo company has a completed order delivered a few days ago (return and
 * warranty possible), an older completed order (return window passed, still under warranty) and
 * one filed return claim, so `/returns` is not empty. See `apps/api/src/db/seed/demo.ts`.
 */

export const CLAIM_KINDS = ['return', 'warranty'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** Why the customer claims. */
export const CLAIM_REASONS = [
  'product_defect',
  'damaged_in_transit',
  'wrong_item',
  'missing_parts',
  'not_as_described',
  'ordered_by_mistake',
  'no_longer_needed',
  'other',
] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** What the customer asks for; staff decide the `action` taken (same words). */
export const CLAIM_DEMAND_ACTIONS = CLAIM_ACTIONS;
export type ClaimDemandAction = (typeof CLAIM_DEMAND_ACTIONS)[number];

/** Staff's decision on an item (null while pending). */
export const CLAIM_ITEM_DECISIONS = ['approved', 'rejected'] as const;
export type ClaimItemDecision = (typeof CLAIM_ITEM_DECISIONS)[number];

/**
 * Outcomes that let an item be filed. `unknown` (the product has no warranty months on record) is
 * filed and left to staff; every other outcome is refused with its reason.
 */
export const CLAIMABLE_ELIGIBILITY: readonly EligibilityOutcome[] = [
  'under_warranty',
  'return_eligible',
  'unknown',
];
export function isClaimable(outcome: EligibilityOutcome): boolean {
  return CLAIMABLE_ELIGIBILITY.includes(outcome);
}

/** Request status moves: draft → approved (staff approve an item) → closed; draft → closed. */
export const CLAIM_STATUS_TRANSITIONS: Record<ClaimRequestStatus, readonly ClaimRequestStatus[]> = {
  draft: ['approved', 'closed'],
  approved: ['closed'],
  closed: [],
};

export const CLAIM_LIMITS = {
  orderNumberLength: ORDER_NUMBER_LENGTH,
  /** The CSV file, checked before it is parsed. */
  csvMaxBytes: 5 * 1024 * 1024,
  /** Data rows of a CSV file (the header not counted; empty lines skipped). */
  csvMaxRows: 10_000,
  /** Items of one claim filed with the form. */
  formMaxItems: 200,
  maxBoxes: 50,
  maxBoxesPerLine: 999,
  maxQuantity: 100_000,
  commentMaxLength: 1000,
} as const;

/**
 * Photos and files the customer sends with a claim (a broken casing, a damaged pallet, a delivery
 * note): pictures or PDF files, recognised by their content rather than their name.
 */
export const CLAIM_ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;
export type ClaimAttachmentType = (typeof CLAIM_ATTACHMENT_TYPES)[number];
export const CLAIM_ATTACHMENT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPerClaim: 10,
  fileNameMaxLength: 200,
  /** The largest side of a picture's thumbnail, in pixels. */
  thumbnailSize: 480,
} as const;

/** Days after delivery a return may be filed, unless the claim_settings value says otherwise. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;

export const CLAIMS_PAGE_SIZE = 10;
export const CLAIMS_MAX_LIMIT = 50;

/** CSV columns, in the template's order. Headers are matched ignoring case, spaces and `_`. */
export const CLAIM_CSV_COLUMNS = [
  'order_number',
  'sku',
  'quantity',
  'reason',
  'demand_action',
  'comment',
] as const;
export type ClaimCsvColumn = (typeof CLAIM_CSV_COLUMNS)[number];
/** The columns a CSV file must have (comment may be left out). */
export const CLAIM_CSV_REQUIRED_COLUMNS: readonly ClaimCsvColumn[] = [
  'order_number',
  'sku',
  'quantity',
  'reason',
  'demand_action',
];

// --- field rules, with SPEC section 5's messages as validation keys ---

const orderNumber = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'validation.claim_source_required'
        : 'validation.invalid',
  })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: 'validation.claim_source_required' });
    } else if (value.length !== ORDER_NUMBER_LENGTH) {
      ctx.addIssue({ code: 'custom', message: 'validation.order_number_length' });
    }
  });

const requiredChoice = <T extends readonly [string, ...string[]]>(
  values: T,
  missing: ValidationKey,
) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? missing
        : 'validation.invalid_choice',
  });

const shippingText = (max: number) =>
  z
    .string({ error: () => 'validation.shipping_details_required' })
    .trim()
    .min(1, { message: 'validation.shipping_details_required' })
    .max(max);

/** An order number as the claim form and the CSV file take it (SPEC section 5's messages). */
export const claimOrderNumberSchema = orderNumber;

export const claimKindSchema = z.enum(CLAIM_KINDS, {
  error: (issue) =>
    issue.input === undefined ? 'validation.fields_required' : 'validation.invalid_choice',
});

export const claimQuantitySchema = z.coerce
  .number({ error: () => 'validation.fields_required' })
  .int()
  .min(1)
  .max(CLAIM_LIMITS.maxQuantity);

// --- the form ---

/** `GET /claims/order/{orderNumber}?kind=`: the order as the claim form shows it. */
export const claimOrderParamsSchema = z.strictObject({ orderNumber: orderNumber });
export const claimOrderQuerySchema = z.strictObject({ kind: claimKindSchema });

/** One line of the order with what may still be claimed and the line's eligibility. */
export const claimOrderLineSchema = z.object({
  product_id: z.uuid(),
  sku: z.string(),
  title: z.string(),
  /** Quantity bought on the order. */
  quantity: z.number().int(),
  /** Quantity already taken by earlier claims (rejected items do not count). */
  quantity_claimed: z.number().int(),
  /** quantity − quantity_claimed. */
  quantity_claimable: z.number().int(),
  warranty_months: z.number().int().nullable(),
  /** Last day under warranty (YYYY-MM-DD), null when the warranty is unknown. */
  warranty_until: z.string().nullable(),
  /** Last day a return may be filed (YYYY-MM-DD). */
  return_until: z.string(),
  /** For one unit: `exceed` when nothing is left to claim. */
  eligibility: z.enum(ELIGIBILITY_OUTCOMES),
});
export type ClaimOrderLine = z.infer<typeof claimOrderLineSchema>;

export const claimOrderResponseSchema = z.object({
  order_number: z.string(),
  kind: z.enum(CLAIM_KINDS),
  /** null with eligibility order_not_found (unknown or another company's order). */
  order: z
    .object({
      _id: z.uuid(),
      order_number: z.string(),
      date: z.string(),
      status: z.enum(ORDER_STATUSES),
      /** When the goods were delivered (shipped/completed), null when not known. */
      delivered_at: z.string().nullable(),
    })
    .nullable(),
  /** An order-level outcome (order_not_found, order_not_completed), null when the lines decide. */
  eligibility: z.enum(ELIGIBILITY_OUTCOMES).nullable(),
  lines: z.array(claimOrderLineSchema),
});
export type ClaimOrderResponse = z.infer<typeof claimOrderResponseSchema>;

export const claimItemRequestSchema = z.strictObject({
  sku: z
    .string({ error: () => 'validation.fields_required' })
    .trim()
    .min(1, { message: 'validation.fields_required' })
    .max(100),
  quantity: claimQuantitySchema,
  reason: requiredChoice(CLAIM_REASONS, 'validation.reason_demand_required'),
  demand_action: requiredChoice(CLAIM_DEMAND_ACTIONS, 'validation.reason_demand_required'),
  comment: z.string().trim().max(CLAIM_LIMITS.commentMaxLength).optional(),
});
export type ClaimItemRequest = z.infer<typeof claimItemRequestSchema>;

/** A shipping box: tracking code, carrier and how many boxes travel under that code. */
export const claimBoxSchema = z.strictObject({
  carrier: shippingText(100),
  tracking_code: shippingText(100),
  number_of_boxes: z.coerce
    .number({ error: () => 'validation.shipping_details_required' })
    .int()
    .min(1, { message: 'validation.shipping_details_required' })
    .max(CLAIM_LIMITS.maxBoxesPerLine),
});
export type ClaimBox = z.infer<typeof claimBoxSchema>;

const boxes = z
  .array(claimBoxSchema, { error: () => 'validation.shipping_box_required' })
  .min(1, { message: 'validation.shipping_box_required' })
  .max(CLAIM_LIMITS.maxBoxes);

/** `POST /claims`: a claim from the form (one order). Quantity above what is left: 'Quantity exceeds limit'. */
export const createClaimRequestSchema = z.strictObject({
  kind: claimKindSchema,
  order_number: orderNumber,
  items: z
    .array(claimItemRequestSchema, { error: () => 'validation.select_item' })
    .min(1, { message: 'validation.select_item' })
    .max(CLAIM_LIMITS.formMaxItems),
  boxes,
  comment: z.string().trim().max(CLAIM_LIMITS.commentMaxLength).optional(),
});
export type CreateClaimRequest = z.infer<typeof createClaimRequestSchema>;

// --- CSV bulk claims (multipart/form-data: file, kind; and boxes as a JSON text to create) ---

/**
 * `POST /claims/csv/preview` and `POST /claims/csv`: multipart fields `kind` and `file` (the CSV);
 * `POST /claims/csv` also takes `boxes` (a JSON array of claimBoxSchema) and `comment`.
 * Whole-file problems answer 400 VALIDATION_ERROR with the field `file`.
 */
export const claimCsvFieldsSchema = z.strictObject({
  kind: claimKindSchema,
});

export const claimCsvRowErrorSchema = z.object({
  /** A CSV column, or '' for the whole row. */
  field: z.string(),
  key: z.string(),
  vars: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The message in the request's language. */
  message: z.string(),
});
export type ClaimCsvRowError = z.infer<typeof claimCsvRowErrorSchema>;

export const claimCsvRowSchema = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  values: z.object({
    order_number: z.string(),
    sku: z.string(),
    quantity: z.string(),
    reason: z.string(),
    demand_action: z.string(),
    comment: z.string(),
  }),
  title: z.string().nullable(),
  /** null when the row's values are not valid enough to look it up. */
  eligibility: z.enum(ELIGIBILITY_OUTCOMES).nullable(),
  errors: z.array(claimCsvRowErrorSchema),
  valid: z.boolean(),
});
export type ClaimCsvRow = z.infer<typeof claimCsvRowSchema>;

export const claimCsvPreviewResponseSchema = z.object({
  kind: z.enum(CLAIM_KINDS),
  file_name: z.string(),
  delimiter: z.enum([',', ';']),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  rows: z.array(claimCsvRowSchema),
});
export type ClaimCsvPreviewResponse = z.infer<typeof claimCsvPreviewResponseSchema>;

/** `GET /claims/csv/template`: text/csv with the header row and one example row. */
export const CLAIM_CSV_TEMPLATE_FILE_NAME = 'claims-template.csv';

// --- claims as listed and shown ---

export const creditNoteSummarySchema = z.object({
  _id: z.uuid(),
  credit_note_number: z.string(),
  issued_at: z.string(),
  /** Refunded goods and shipping, euros, VAT included. */
  amount: z.number(),
  shipping_amount: z.number(),
  total: z.number(),
});
export type CreditNoteSummary = z.infer<typeof creditNoteSummarySchema>;

export const claimItemSchema = z.object({
  _id: z.uuid(),
  order: z.object({ _id: z.uuid(), order_number: z.string() }),
  product_id: z.uuid(),
  sku: z.string(),
  title: z.string(),
  /** Quantity return: what the customer sends back or claims. */
  quantity: z.number().int(),
  reason: z.enum(CLAIM_REASONS),
  demand_action: z.enum(CLAIM_DEMAND_ACTIONS),
  /** The action staff decided (null while pending). */
  action: z.enum(CLAIM_ACTIONS).nullable(),
  comment: z.string().nullable(),
  eligibility: z.enum(ELIGIBILITY_OUTCOMES),
  item_status: z.enum(CLAIM_ITEM_STATUSES),
  decision: z.enum(CLAIM_ITEM_DECISIONS).nullable(),
  staff_comment: z.string().nullable(),
  /** When the order's goods were delivered (null when not known). */
  date_of_delivery: z.string().nullable(),
  received_quantity: z.number().int().nullable(),
  /** How many of them went back into stock (null: none). */
  restocked_quantity: z.number().int().nullable(),
  received_at: z.string().nullable(),
  replacement_quantity: z.number().int().nullable(),
  /** Tracking number of the replacement sent. */
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  /** When the replacement or the credit note was issued. */
  issue_date: z.string().nullable(),
  refunded_amount: z.number().nullable(),
  refunded_shipping_amount: z.number().nullable(),
  credit_note_number: z.string().nullable(),
  credit_note: creditNoteSummarySchema.nullable(),
});
export type ClaimItem = z.infer<typeof claimItemSchema>;

export const claimSummarySchema = z.object({
  _id: z.uuid(),
  claim_number: z.string(),
  kind: z.enum(CLAIM_KINDS),
  request_status: z.enum(CLAIM_REQUEST_STATUSES),
  created_at: z.string(),
  created_by: z.string(),
  order_numbers: z.array(z.string()),
  /** Shipping boxes' tracking codes. */
  tracking_codes: z.array(z.string()),
  items: z.array(claimItemSchema),
});
export type ClaimSummary = z.infer<typeof claimSummarySchema>;

/** A photo or file sent with a claim; `GET …/attachments/{attachmentId}` answers its content. */
export const claimAttachmentSchema = z.object({
  _id: z.uuid(),
  file_name: z.string(),
  content_type: z.enum(CLAIM_ATTACHMENT_TYPES),
  byte_size: z.number().int(),
  /** Pictures have one: `GET …/attachments/{attachmentId}/thumbnail`, a small WebP picture. */
  thumbnail: z.boolean(),
  /** The member who sent it. */
  uploaded_by: z.string(),
  created_at: z.string(),
});
export type ClaimAttachment = z.infer<typeof claimAttachmentSchema>;

export const claimSchema = claimSummarySchema.extend({
  comment: z.string().nullable(),
  source: z.enum(['form', 'csv']),
  boxes: z.array(
    z.object({
      _id: z.uuid(),
      carrier: z.string(),
      tracking_code: z.string(),
      number_of_boxes: z.number().int(),
    }),
  ),
  closed_at: z.string().nullable(),
  company: z.object({ _id: z.uuid(), name: z.string() }),
  /** Oldest first. Members who file claims may add them until the claim is closed. */
  attachments: z.array(claimAttachmentSchema),
});
export type Claim = z.infer<typeof claimSchema>;

/** `GET /claims?kind&page&limit&status&search`: search by claim number, order number or sku. */
export const claimListQuerySchema = z.strictObject({
  kind: z.enum(CLAIM_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(CLAIMS_MAX_LIMIT).optional(),
  status: z.enum(CLAIM_REQUEST_STATUSES).optional(),
  search: z.string().trim().max(50).optional(),
});
export type ClaimListQuery = z.infer<typeof claimListQuerySchema>;

export const claimListResponseSchema = z.object({
  items: z.array(claimSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type ClaimListResponse = z.infer<typeof claimListResponseSchema>;

export const claimIdParamsSchema = z.strictObject({ id: z.uuid() });
export const claimItemParamsSchema = z.strictObject({ id: z.uuid(), itemId: z.uuid() });
export const claimAttachmentParamsSchema = z.strictObject({ id: z.uuid(), attachmentId: z.uuid() });

// --- staff actions (`/admin/claims/...`), each answering the claim ---

/** `GET /admin/claims?kind&status&page&limit&search`: every company's claims. */
export const adminClaimListQuerySchema = claimListQuerySchema;
export const adminClaimListResponseSchema = z.object({
  items: z.array(claimSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type AdminClaimListResponse = z.infer<typeof adminClaimListResponseSchema>;

/** `.../approve`: pending → processing; `action` defaults to the demand action. */
export const approveClaimItemRequestSchema = z.strictObject({
  action: z.enum(CLAIM_ACTIONS).optional(),
  comment: z.string().trim().max(CLAIM_LIMITS.commentMaxLength).optional(),
});
/** `.../reject`: pending → failed. */
export const rejectClaimItemRequestSchema = z.strictObject({
  comment: z.string().trim().max(CLAIM_LIMITS.commentMaxLength).optional(),
});
/** `.../receive`: the goods came back (approved items only; quantity defaults to the item's). */
export const receiveClaimItemRequestSchema = z.strictObject({
  quantity: z.number().int().min(0).max(CLAIM_LIMITS.maxQuantity).optional(),
  /** The goods are sellable again: the received quantity goes back into the product's stock. */
  restock: z.boolean().optional(),
});
/** `.../replacement`: processing → completed, notifies replacement_sent. */
export const replacementClaimItemRequestSchema = z.strictObject({
  tracking_number: z.string().trim().min(1).max(100),
  carrier: z.string().trim().min(1).max(100).optional(),
  quantity: z.number().int().min(1).max(CLAIM_LIMITS.maxQuantity).optional(),
});
/** `.../refund`: processing → completed; issues a credit note, notifies new_creditmemo. Euros. */
export const refundClaimItemRequestSchema = z.strictObject({
  amount: z.number().min(0).max(10_000_000).multipleOf(0.01),
  shipping_amount: z.number().min(0).max(100_000).multipleOf(0.01).optional(),
});
export type ApproveClaimItemRequest = z.infer<typeof approveClaimItemRequestSchema>;
export type RejectClaimItemRequest = z.infer<typeof rejectClaimItemRequestSchema>;
export type ReceiveClaimItemRequest = z.infer<typeof receiveClaimItemRequestSchema>;
export type ReplacementClaimItemRequest = z.infer<typeof replacementClaimItemRequestSchema>;
export type RefundClaimItemRequest = z.infer<typeof refundClaimItemRequestSchema>;

/** The return window setting: one value under code claim_settings. */
export const claimSettingsSchema = z.strictObject({
  return_window_days: z.number().int().min(1).max(365),
});
export type ClaimSettings = z.infer<typeof claimSettingsSchema>;

export const claimSettingResponseSchema = z.object({
  code: z.literal('claim_settings'),
  value: claimSettingsSchema,
  updated_at: z.string(),
});
export type ClaimSettingResponse = z.infer<typeof claimSettingResponseSchema>;

/** `GET /claims/{id}/csv`: the claim's items as CSV (cells that could run as formulas get a leading '). */
export const CLAIM_CSV_EXPORT_COLUMNS = [
  ...CLAIM_CSV_COLUMNS,
  'title',
  'eligibility',
  'item_status',
  'tracking_number',
  'credit_note_number',
] as const;
