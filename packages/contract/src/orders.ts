import { z } from 'zod';
import { addressSnapshotSchema } from './addresses';
import { bankAccountSchema, VAT_MODES } from './checkout';
import {
  ORDER_PROGRESS_STEPS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type OrderStatus,
} from './constants';

/**
 * Order status moves (SPEC section 4); anything else is refused. A status never goes back:
 * pending → processing on payment, → failed or canceled when the payment fails or expires;
 * staff complete, close or cancel later.
 */
export const ORDER_STATUS_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'failed', 'canceled'],
  processing: ['completed', 'canceled'],
  completed: ['closed'],
  closed: [],
  canceled: [],
  failed: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to);
}

export const PAYMENT_PROVIDERS = ['simulated', 'mollie', 'bank_transfer'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_STATUSES = [
  'open',
  'paid',
  'failed',
  'canceled',
  'expired',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** `Idempotency-Key` header of `POST /orders` and one-click: 8 to 100 safe characters. */
export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_\-:.]+$/, { message: 'validation.invalid' });
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': idempotencyKeySchema.optional(),
});

const comment = z.string().trim().max(1000).nullable().optional();

/** `POST /orders`: `invoice_address_id` omitted or null invoices the delivery address. */
export const placeOrderRequestSchema = z.strictObject({
  delivery_address_id: z.uuid(),
  invoice_address_id: z.uuid().nullable().optional(),
  payment_method: z.enum(PAYMENT_METHODS),
  comment,
  /** Accepts this answered quote: the order's lines are the quote's, at its prices (issue 24). */
  quote_id: z.uuid().optional(),
  /**
   * The total (euros) the buyer saw on the summary: when prices changed since, nothing is placed
   * and the answer (409) says so, so the buyer checks the new total first (issue 24).
   */
  expected_total: z.number().min(0).optional(),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

/** `POST /orders/buy-with-one-click`: the defaults are the server's; only a comment may be added. */
export const oneClickOrderRequestSchema = z.strictObject({ comment });
export type OneClickOrderRequest = z.infer<typeof oneClickOrderRequestSchema>;

export const orderIdParamsSchema = z.strictObject({ id: z.uuid() });

/** A line as it was sold: sku, title, price and quantity copied when the order was placed. */
export const orderLineSchema = z.object({
  _id: z.uuid(),
  product_id: z.uuid(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  subtotal: z.number(),
  /** grams per unit */
  weight: z.number().int(),
  /** How many of it left in a parcel so far. */
  shipped_quantity: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A parcel of the order: carrier, tracking numbers, and how many of which lines it holds. */
export const orderShipmentSchema = z.object({
  _id: z.uuid(),
  carrier: z.string(),
  tracking_numbers: z.array(z.string()),
  shipped_at: z.string(),
  lines: z.array(
    z.object({
      line_id: z.uuid(),
      sku: z.string(),
      title: z.string(),
      quantity: z.number().int(),
    }),
  ),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

export const ORDER_EVENT_ACTORS = ['customer', 'staff', 'payment_provider', 'system'] as const;

/** One step of the status history: who moved it, and when. */
export const orderEventSchema = z.object({
  /** null for the event that created the order. */
  from_status: z.enum(ORDER_STATUSES).nullable(),
  status: z.enum(ORDER_STATUSES),
  happened_at: z.string(),
  actor: z.enum(ORDER_EVENT_ACTORS),
  /** The person, when a person did it. */
  by: z.object({ _id: z.uuid(), full_name: z.string() }).nullable(),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderPaymentSchema = z.object({
  _id: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  currency: z.literal('EUR'),
  /** The provider's hosted page while the payment is open; null otherwise. */
  checkout_url: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** An order (SPEC section 3) with its snapshots, totals, payments and status history. */
export const orderSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  /** Exactly 10 characters, sequential, decided by the database. */
  order_number: z.string(),
  /** When it was placed. */
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The progress label of SPEC section 4 for this status and payment. */
  progress: z.enum(ORDER_PROGRESS_STEPS),
  payment_method: z.enum(PAYMENT_METHODS),
  /** Order value: subtotal + shipping + VAT, in euros. */
  order_value: z.number(),
  subtotal: z.number(),
  tax_amount: z.number(),
  vat_rate: z.number(),
  vat_mode: z.enum(VAT_MODES),
  vat_mention: z.string().nullable(),
  shipping_amount: z.number(),
  shipping_method: z.string(),
  weight: z.number().int(),
  delivery_days: z.number().int(),
  comment: z.string().nullable(),
  tracking_number: z.string().nullable(),
  currency: z.literal('EUR'),
  delivery_address: addressSnapshotSchema,
  invoice_address: addressSnapshotSchema,
  lines: z.array(orderLineSchema),
  events: z.array(orderEventSchema),
  payments: z.array(orderPaymentSchema),
  /** The parcels it left in so far, oldest first. */
  shipments: z.array(orderShipmentSchema),
  placed_by: z.object({ _id: z.uuid(), full_name: z.string() }),
  /** Where to transfer the money, for pending bank transfer orders; null otherwise. */
  bank_account: bankAccountSchema.nullable(),
  /** Failed or canceled: its lines can be put back in the cart. */
  can_restore_cart: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

export const placeOrderResponseSchema = z.object({
  message: z.string(),
  order: orderSchema,
  /** The payment provider's page to send the buyer to; null for bank transfer. */
  redirect_url: z.string().nullable(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

/** Staff: statuses they may set by hand (payment moves come from the provider or mark-paid). */
export const STAFF_ORDER_STATUSES = ['completed', 'closed', 'canceled'] as const;
export const orderStatusUpdateSchema = z.strictObject({
  status: z.enum(STAFF_ORDER_STATUSES),
  tracking_number: z.string().trim().min(1).max(100).optional(),
  note: z.string().trim().max(1000).optional(),
});
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdateSchema>;
