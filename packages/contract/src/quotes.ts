import { z } from 'zod';
import { QUOTE_MAX_QUANTITY, QUOTE_MESSAGE_MAX_LENGTH } from './constants';
import { isoDate } from './date-range';
import { optionalText, requiredText } from './validation';

/**
 * Quotes, or requests for quote (issue 24). A buyer asks for prices on products and quantities
 * (from the cart or a product page) with a message and a wished delivery date; staff answer with
 * a price per unit for each line, a last day of validity and a message. The buyer accepts the
 * quote through the normal checkout (addresses, payment method; the order is placed at the
 * quoted prices, the cart left as it is), declines it, or asks again (other quantities, a
 * message), which sends it back to staff. An answered quote past its validity is `expired`: it
 * cannot be accepted, only asked for again. Every step is kept as a message of the conversation.
 *
 * Buyers (`quotes.view`: every role sees the company's quotes; `quotes.request`: owners and
 * purchasers ask, ask again, decline and accept):
 * - `POST /quotes` body quoteRequestSchema → 201 quoteSchema
 * - `GET /quotes?status&page` → quotePageSchema
 * - `GET /quotes/:id` → quoteSchema
 * - `POST /quotes/:id/ask-again` body quoteAskAgainSchema → quoteSchema
 * - `POST /quotes/:id/decline` body quoteDeclineSchema → quoteSchema
 * - accepting: `POST /checkout/summary` and `POST /orders` with `quote_id` (the order's lines
 *   are the quote's, at its prices); a quote that is not answered, expired, or already accepted
 *   is 409.
 *
 * Staff (`quotes.manage`):
 * - `GET /admin/quotes?status&q&page` → staffQuotePageSchema (q: quote number or company name)
 * - `GET /admin/quotes/:id` → staffQuoteSchema
 * - `POST /admin/quotes/:id/answer` body quoteAnswerSchema → staffQuoteSchema (the requester
 *   is notified and mailed in their language)
 *
 * Another company's quote is 404. Money in euros with cents, computed in integer cents.
 */
export const QUOTE_STATUSES = ['requested', 'answered', 'expired', 'accepted', 'declined'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTES_PAGE_SIZE = 20;
export const QUOTE_MAX_LINES = 100;
/** The highest unit price staff may quote, in euros. */
export const QUOTE_MAX_UNIT_PRICE = 1_000_000;

export const QUOTE_MESSAGE_KINDS = ['request', 'answer', 'ask_again', 'decline', 'accept'] as const;
export type QuoteMessageKind = (typeof QUOTE_MESSAGE_KINDS)[number];

const quantity = z.number().int().min(1).max(QUOTE_MAX_QUANTITY);
const wantedLines = z
  .array(z.strictObject({ product_id: z.uuid(), quantity }))
  .min(1)
  .max(QUOTE_MAX_LINES)
  .refine((lines) => new Set(lines.map((line) => line.product_id)).size === lines.length, {
    message: 'validation.duplicate_value',
  });

/** `POST /quotes`: what is asked for; the wished delivery date may not be in the past. */
export const quoteRequestSchema = z.strictObject({
  lines: wantedLines,
  message: optionalText(QUOTE_MESSAGE_MAX_LENGTH),
  wished_delivery_date: isoDate.nullable().optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** `POST /quotes/:id/ask-again`: a message, and other quantities when they changed. */
export const quoteAskAgainSchema = z.strictObject({
  message: requiredText(QUOTE_MESSAGE_MAX_LENGTH),
  lines: wantedLines.optional(),
});
export type QuoteAskAgain = z.infer<typeof quoteAskAgainSchema>;

/** `POST /quotes/:id/decline`: why, if the buyer wants to say. */
export const quoteDeclineSchema = z.strictObject({
  message: optionalText(QUOTE_MESSAGE_MAX_LENGTH),
});
export type QuoteDecline = z.infer<typeof quoteDeclineSchema>;

export const quoteListQuerySchema = z.strictObject({
  status: z.enum(QUOTE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

export const quoteParamsSchema = z.strictObject({ id: z.uuid() });

const person = z.object({ _id: z.uuid(), full_name: z.string() });

export const quoteSummarySchema = z.object({
  _id: z.uuid(),
  quote_number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  requester: person,
  requested_at: z.string(),
  /** Units asked for, all lines together. */
  item_count: z.number().int(),
  line_count: z.number().int(),
  /** The quoted total without VAT and shipping; null until answered. */
  quoted_total: z.number().nullable(),
  valid_until: z.string().nullable(),
  order: z.object({ _id: z.uuid(), order_number: z.string() }).nullable(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quotePageSchema = z.object({
  items: z.array(quoteSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type QuotePage = z.infer<typeof quotePageSchema>;

export const quoteLineSchema = z.object({
  product_id: z.uuid(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  /** The catalog price per unit when the buyer asked. */
  list_price: z.number(),
  /** The quoted price per unit; null until answered. */
  unit_price: z.number().nullable(),
  /** unit_price × quantity; null until answered. */
  line_total: z.number().nullable(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteMessageSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(QUOTE_MESSAGE_KINDS),
  /** The shop's staff answered (else a member of the company). */
  from_staff: z.boolean(),
  author: person,
  body: z.string().nullable(),
  /** With a staff answer: what was offered then. */
  offer: z
    .object({
      subtotal: z.number(),
      valid_until: z.string(),
      lines: z.array(
        z.object({ product_id: z.uuid(), quantity: z.number().int(), unit_price: z.number() }),
      ),
    })
    .nullable(),
  created_at: z.string(),
});
export type QuoteMessage = z.infer<typeof quoteMessageSchema>;

export const quoteSchema = quoteSummarySchema.extend({
  wished_delivery_date: z.string().nullable(),
  lines: z.array(quoteLineSchema),
  messages: z.array(quoteMessageSchema),
  /** The caller may accept it now (answered, valid, may place orders). */
  can_accept: z.boolean(),
  /** The caller may ask again or decline it now. */
  can_respond: z.boolean(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const staffQuoteListQuerySchema = z.strictObject({
  status: z.enum(QUOTE_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StaffQuoteListQuery = z.infer<typeof staffQuoteListQuerySchema>;

const company = z.object({ _id: z.uuid(), name: z.string() });

export const staffQuoteSummarySchema = quoteSummarySchema.extend({ company });
export type StaffQuoteSummary = z.infer<typeof staffQuoteSummarySchema>;

export const staffQuotePageSchema = z.object({
  items: z.array(staffQuoteSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type StaffQuotePage = z.infer<typeof staffQuotePageSchema>;

export const staffQuoteSchema = quoteSchema.omit({ can_accept: true, can_respond: true }).extend({
  company,
  lines: z.array(quoteLineSchema.extend({ stock: z.number().int() })),
  /** Staff may answer it now (asked, answered or expired; not accepted or declined). */
  can_answer: z.boolean(),
});
export type StaffQuote = z.infer<typeof staffQuoteSchema>;

/** `POST /admin/quotes/:id/answer`: a price per unit for every line, validity and a message. */
export const quoteAnswerSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        product_id: z.uuid(),
        unit_price: z.number().min(0).max(QUOTE_MAX_UNIT_PRICE).multipleOf(0.01),
      }),
    )
    .min(1)
    .max(QUOTE_MAX_LINES),
  valid_until: isoDate,
  message: optionalText(QUOTE_MESSAGE_MAX_LENGTH),
});
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;
