import { z } from 'zod';
import { addressSchema } from './addresses';
import { PAYMENT_METHODS } from './constants';
import { APPROVAL_REASONS, checkoutTotalsSchema } from './checkout';
import { placeOrderRequestSchema } from './orders';
import { requiredText } from './validation';

/**
 * Spending limits and order approvals (issue 24). Owners give each purchaser an order limit
 * and/or a monthly budget (orders of the calendar month, VAT included, cancelled ones left out).
 * A purchaser's order above either is not placed: it is submitted for approval, owners are
 * notified, and one of them approves it (the order is placed then, at that moment's prices,
 * stock taken only then) or declines it with a comment. Endpoints:
 *
 * - `GET /budgets` purchasers' limits and what they spent this month (owners and accountants: every
 *   purchaser; a purchaser: their own); `PUT /budgets/:memberId` (owners) sets them
 * - `POST /order-approvals` the caller's cart, with the checkout's addresses and payment method,
 *   submitted for approval (the cart is emptied); 409 when the order needs none
 * - `GET /order-approvals?status&page` owners and accountants: the company's; purchasers: theirs
 * - `GET /order-approvals/:id` the lines asked for, with today's prices and totals
 * - `POST /order-approvals/:id/approve` (owners) with the total they saw: a different total today
 *   is 409 and nothing is placed; `.../decline` (owners, with a comment); `.../withdraw` (the
 *   purchaser who asked)
 *
 * Another company's approval, or a colleague's for a purchaser, is 404.
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVALS_PAGE_SIZE = 20;
export const APPROVAL_COMMENT_MAX_LENGTH = 1000;
/** The highest limit or budget an owner may set, in euros. */
export const SPENDING_LIMIT_MAX = 10_000_000;

const euros = z.number().min(0).max(SPENDING_LIMIT_MAX).multipleOf(0.01);
const person = z.object({ _id: z.uuid(), full_name: z.string() });

/** A purchaser's limits and this month's orders, in euros (null: no such limit). */
export const budgetSchema = z.object({
  member: person.extend({ email: z.string() }),
  order_limit: z.number().nullable(),
  monthly_budget: z.number().nullable(),
  spent_this_month: z.number(),
  /** monthly_budget − spent_this_month, never below 0; null without a budget. */
  budget_remaining: z.number().nullable(),
  pending_approvals: z.number().int(),
});
export type Budget = z.infer<typeof budgetSchema>;

export const budgetListSchema = z.object({
  items: z.array(budgetSchema),
  /** The caller may change them (owners). */
  can_manage: z.boolean(),
});
export type BudgetList = z.infer<typeof budgetListSchema>;

export const budgetParamsSchema = z.strictObject({ memberId: z.uuid() });

/** `PUT /budgets/:memberId`: both limits; null removes one. */
export const budgetUpdateSchema = z.strictObject({
  order_limit: euros.nullable(),
  monthly_budget: euros.nullable(),
});
export type BudgetUpdate = z.infer<typeof budgetUpdateSchema>;

/** `POST /order-approvals`: what the checkout's place-order sends. */
export const approvalRequestSchema = placeOrderRequestSchema.omit({
  quote_id: true,
  expected_total: true,
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

export const approvalListQuerySchema = z.strictObject({
  status: z.enum(APPROVAL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ApprovalListQuery = z.infer<typeof approvalListQuerySchema>;

export const approvalParamsSchema = z.strictObject({ id: z.uuid() });

export const approvalSummarySchema = z.object({
  _id: z.uuid(),
  status: z.enum(APPROVAL_STATUSES),
  reason: z.enum(APPROVAL_REASONS),
  requester: person,
  requested_at: z.string(),
  /** The order's total when it was asked for, euros. */
  total: z.number(),
  item_count: z.number().int(),
  decided_at: z.string().nullable(),
  order: z.object({ _id: z.uuid(), order_number: z.string() }).nullable(),
});
export type ApprovalSummary = z.infer<typeof approvalSummarySchema>;

export const approvalPageSchema = z.object({
  items: z.array(approvalSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type ApprovalPage = z.infer<typeof approvalPageSchema>;

export const approvalLineSchema = z.object({
  product_id: z.uuid(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  /** The unit price when it was asked for. */
  requested_price: z.number(),
  /** Today's unit price; null when the product is no longer sold. */
  price: z.number().nullable(),
  available: z.number().int(),
});
export type ApprovalLine = z.infer<typeof approvalLineSchema>;

export const approvalSchema = approvalSummarySchema.extend({
  lines: z.array(approvalLineSchema),
  /** Today's totals of these lines to these addresses: what approving would place (null: an address is gone). */
  totals: checkoutTotalsSchema.nullable(),
  shipping_method: z.string(),
  /** Today's total differs from the one asked for. */
  prices_changed: z.boolean(),
  /** What stops it being placed today (stock, an inactive product or VAT number), translated. */
  problems: z.array(z.string()),
  payment_method: z.enum(PAYMENT_METHODS),
  delivery_address: addressSchema.nullable(),
  invoice_address: addressSchema.nullable(),
  comment: z.string().nullable(),
  decided_by: person.nullable(),
  decision_comment: z.string().nullable(),
  can_decide: z.boolean(),
  can_withdraw: z.boolean(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** `POST /order-approvals/:id/approve`: the total the owner saw (euros), and a comment. */
export const approvalApproveSchema = z.strictObject({
  expected_total: z.number().min(0),
  comment: z.string().trim().max(APPROVAL_COMMENT_MAX_LENGTH).optional(),
});
export type ApprovalApprove = z.infer<typeof approvalApproveSchema>;

/** `POST /order-approvals/:id/decline`: why, told to the purchaser. */
export const approvalDeclineSchema = z.strictObject({
  comment: requiredText(APPROVAL_COMMENT_MAX_LENGTH),
});
export type ApprovalDecline = z.infer<typeof approvalDeclineSchema>;
