import { z } from 'zod';
import { COUNTRIES, ORDER_STATUSES, PAYMENT_METHODS } from './constants';
import { dateRangeFields, datesInOrder, datesMessage } from './date-range';
import { orderSchema, PAYMENT_STATUSES } from './orders';

/**
 * The tabs of the staff's order list (Back-office I): where an order stands for the people who
 * run the shop. `to_ship` and `shipped` are both `processing`, told apart by the shipment.
 */
export const STAFF_ORDER_TABS = [
  'all',
  'awaiting_payment',
  'to_ship',
  'shipped',
  'completed',
  'canceled',
] as const;
export type StaffOrderTab = (typeof STAFF_ORDER_TABS)[number];

export const STAFF_ORDER_SORTS = ['date_desc', 'date_asc', 'total_desc', 'total_asc'] as const;
export type StaffOrderSort = (typeof STAFF_ORDER_SORTS)[number];

export const STAFF_ORDERS_PAGE_SIZE = 25;
export const STAFF_ORDERS_MAX_LIMIT = 100;

/** The staff's order filters: `q` finds an order number by its start, a company by a part of its name, a buyer by e-mail. */
const staffOrderFilters = z.strictObject({
  q: z.string().trim().max(100).optional(),
  tab: z.enum(STAFF_ORDER_TABS).default('all'),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  country: z.enum(COUNTRIES).optional(),
  ...dateRangeFields,
  sort: z.enum(STAFF_ORDER_SORTS).default('date_desc'),
});

/** `GET /admin/orders`: every company's orders, a page of them. */
export const staffOrderListQuerySchema = staffOrderFilters
  .extend({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(STAFF_ORDERS_MAX_LIMIT)
      .default(STAFF_ORDERS_PAGE_SIZE),
  })
  .refine(datesInOrder, datesMessage);
export type StaffOrderListQuery = z.infer<typeof staffOrderListQuerySchema>;

/** `GET /admin/orders/export.csv`: the orders of the same filters, all of them, as CSV. */
export const staffOrderExportQuerySchema = staffOrderFilters.refine(datesInOrder, datesMessage);
export type StaffOrderExportQuery = z.infer<typeof staffOrderExportQuerySchema>;

/** The export's columns, in order (the CSV's header row). */
export const STAFF_ORDER_EXPORT_COLUMNS = [
  'order_number',
  'date',
  'status',
  'company',
  'vat_number',
  'buyer',
  'buyer_email',
  'country',
  'payment_method',
  'payment_status',
  'subtotal',
  'shipping',
  'vat',
  'total',
  'carrier',
  'tracking_number',
  'shipped_at',
] as const;

const personSchema = z.object({ _id: z.uuid(), full_name: z.string(), email: z.string() });

/** One row of the staff's order list. */
export const staffOrderRowSchema = z.object({
  _id: z.uuid(),
  order_number: z.string(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  tab: z.enum(STAFF_ORDER_TABS).exclude(['all']),
  payment_method: z.enum(PAYMENT_METHODS),
  /** The newest payment's status (null: none was started). */
  payment_status: z.enum(PAYMENT_STATUSES).nullable(),
  order_value: z.number(),
  country: z.string(),
  company: z.object({ _id: z.uuid(), name: z.string() }),
  buyer: personSchema,
});
export type StaffOrderRow = z.infer<typeof staffOrderRowSchema>;

export const staffOrderListSchema = z.object({
  items: z.array(staffOrderRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
  /** How many orders each tab holds, whatever the other filters. */
  counts: z.record(z.enum(STAFF_ORDER_TABS), z.number().int()),
});
export type StaffOrderList = z.infer<typeof staffOrderListSchema>;

/** A staff member's note on an order: never shown to the customer. */
export const orderNoteSchema = z.object({
  _id: z.uuid(),
  note: z.string(),
  created_at: z.string(),
  by: z.object({ _id: z.uuid(), full_name: z.string() }),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

/** `POST /admin/orders/{id}/notes`. */
export const orderNoteRequestSchema = z.strictObject({
  note: z.string().trim().min(1).max(2000),
});
export type OrderNoteRequest = z.infer<typeof orderNoteRequestSchema>;

/** An issued document of the order: its invoice, or a credit note against it. */
export const staffOrderDocumentSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  issued_at: z.string(),
  total: z.number(),
});

/** `GET /admin/orders/{id}`: the order as the customer sees it, and what only staff see. */
export const staffOrderSchema = orderSchema.extend({
  company: z.object({
    _id: z.uuid(),
    name: z.string(),
    vat_number: z.string(),
    country: z.string(),
    status: z.string(),
  }),
  buyer: personSchema,
  carrier: z.string().nullable(),
  shipped_at: z.string().nullable(),
  documents: z.array(staffOrderDocumentSchema),
  notes: z.array(orderNoteSchema),
  /** What staff may do next, decided by the server from the order's state. */
  actions: z.object({
    mark_paid: z.boolean(),
    ship: z.boolean(),
    complete: z.boolean(),
    cancel: z.boolean(),
    /** The order has an invoice: its mail may be sent again. */
    resend_invoice: z.boolean(),
  }),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;
