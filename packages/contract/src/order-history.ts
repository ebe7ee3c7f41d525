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

/** Shipping as staff recorded it. */
export const orderShipmentSchema = z
  .object({ carrier: z.string(), tracking_number: z.string(), shipped_at: z.string() })
  .nullable();

export const orderHistoryDetailSchema = z.object({
  progress_steps: orderProgressSchema,
  shipment: orderShipmentSchema,
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

/** Staff: `POST /admin/orders/{id}/ship`. */
export const shipOrderRequestSchema = z.strictObject({
  carrier: z.string().trim().min(1).max(100),
  tracking_number: z.string().trim().min(1).max(100),
});
export type ShipOrderRequest = z.infer<typeof shipOrderRequestSchema>;
