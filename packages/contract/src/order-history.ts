import { z } from 'zod';
import { ORDER_PROGRESS_STEPS, ORDER_STATUSES, PAYMENT_METHODS } from './constants';
import { cartResponseSchema } from './cart';

export const ORDERS_PAGE_SIZE = 10;
export const ORDERS_MAX_LIMIT = 50;

const isoDate = z.iso.date({ message: 'validation.invalid_date' });

/** `GET /orders`: search by order number, status filter, date range (inclusive days, UTC). */
export const orderListQuerySchema = z
  .strictObject({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    limit: z.coerce.number().int().min(1).max(ORDERS_MAX_LIMIT).optional(),
    search: z.string().trim().max(10).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    path: ['date_to'],
    message: 'validation.invalid_date',
  });
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/**
 * `GET /orders/export.csv|xlsx`: the order history's filters (status, order number, date range)
 * without its paging: every order they match, newest first.
 */
export const orderExportQuerySchema = z
  .strictObject({
    search: z.string().trim().max(10).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    path: ['date_to'],
    message: 'validation.invalid_date',
  });
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;

/** The order export's columns, in order (the CSV's header row): amounts in euros. */
export const ORDER_EXPORT_COLUMNS = [
  'order_number',
  'date',
  'status',
  'payment_method',
  'placed_by',
  'subtotal',
  'shipping',
  'vat',
  'total',
  'tracking_number',
] as const;

/** One row of the order history. */
export const orderSummarySchema = z.object({
  _id: z.uuid(),
  order_number: z.string(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  order_value: z.number(),
  tax_amount: z.number(),
  shipping_amount: z.number(),
  tracking_number: z.string().nullable(),
  placed_by: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListResponseSchema = z.object({
  items: z.array(orderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

/** The progress of SPEC section 4, step by step, with when each was reached (null: not yet). */
export const orderProgressSchema = z.array(
  z.object({ step: z.enum(ORDER_PROGRESS_STEPS), reached_at: z.string().nullable() }),
);
export type OrderProgress = z.infer<typeof orderProgressSchema>;

export const orderHistoryDetailSchema = z.object({
  progress_steps: orderProgressSchema,
  invoice: z.object({ _id: z.uuid(), invoice_number: z.string() }).nullable(),
});
export type OrderHistoryDetail = z.infer<typeof orderHistoryDetailSchema>;

/** `POST /orders/{id}/reorder`: the cart at today's prices and the lines that could not come back. */
export const reorderResponseSchema = z.object({
  cart: cartResponseSchema,
  unavailable: z.array(
    z.object({
      sku: z.string(),
      title: z.string(),
      requested: z.number().int(),
      added: z.number().int(),
    }),
  ),
});
export type ReorderResponse = z.infer<typeof reorderResponseSchema>;

/** How many tracking numbers one parcel may carry. */
export const MAX_TRACKING_NUMBERS = 10;

/**
 * Staff: `POST /admin/orders/{id}/ship`: one parcel with its carrier and tracking numbers, holding
 * the lines listed (how many of each), or everything still to ship when `lines` is absent.
 */
export const shipOrderRequestSchema = z.strictObject({
  carrier: z.string().trim().min(1).max(100),
  tracking_numbers: z
    .array(z.string().trim().min(1).max(100))
    .min(1)
    .max(MAX_TRACKING_NUMBERS)
    .refine((numbers) => new Set(numbers).size === numbers.length, 'validation.duplicate_value'),
  lines: z
    .array(z.strictObject({ line_id: z.uuid(), quantity: z.number().int().min(1) }))
    .min(1)
    .max(500)
    .refine(
      (lines) => new Set(lines.map((line) => line.line_id)).size === lines.length,
      'validation.duplicate_value',
    )
    .optional(),
});
export type ShipOrderRequest = z.infer<typeof shipOrderRequestSchema>;
