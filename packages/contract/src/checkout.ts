/**
 * Cart, checkout and payment: the API in one place (all paths under `/api`, bearer token and
 * `Accept-Language` on every call; money in euros with 2 decimals; errors are the fixed error body).
 *
 * Cart (permission `cart.use`: owner, purchaser; an accountant gets 403 FORBIDDEN):
 * - GET    /carts/my-cart                    → cartResponseSchema
 * - POST   /carts/create-or-update           body cartUpdateRequestSchema → cartResponseSchema
 *          (404 unknown product; 409 CONFLICT 'Only {available} … available' beyond stock)
 * - DELETE /carts/clear-my-cart              → cartResponseSchema (empty)
 *
 * Address books of the company (permission `addresses.manage`: every role); kind is
 * `delivery` or `invoice` (invoice addresses are the company's invoice entities of `me.invoices`):
 * - GET    /addresses/:kind                  → addressListResponseSchema
 * - POST   /addresses/:kind                  body addressRequestSchema → addressSchema (201)
 * - PUT    /addresses/:kind/:id              body addressRequestSchema → addressSchema
 * - DELETE /addresses/:kind/:id              → messageResponseSchema
 *          (another company's id: 404)
 *
 * Checkout (permission `orders.place`: owner, purchaser):
 * - GET    /checkout/options                 → checkoutOptionsSchema (payment methods, defaults)
 * - POST   /checkout/summary                 body checkoutSummaryRequestSchema → checkoutSummarySchema
 *          (totals, shipping, VAT, and the `blockers` that stop the order, with their messages)
 * - POST   /orders                           body placeOrderRequestSchema → placeOrderResponseSchema
 *          201; header `Idempotency-Key` (8–100 of A-Z a-z 0-9 _ - : .): a repeat answers the same
 *          order (200), the same key with another body 409. A blocker answers with its message:
 *          400 (empty cart, minimum amount or item count), 409 (stock, inactive VAT number).
 * - POST   /orders/buy-with-one-click        body oneClickOrderRequestSchema → placeOrderResponseSchema
 *          (default delivery and invoice addresses, last payment method; same header)
 *   Then: `redirect_url` not null → show 'Redirecting to payment...' and go there (the provider's
 *   page). null (bank transfer) → open the payment successful page for the order yourself.
 *   The provider sends the buyer back to CHECKOUT_WEB_PATHS.paymentSuccessful or paymentFailed
 *   (with the locale prefix) and `?order_id=<id>`.
 *
 * Orders (permission `orders.view`: every role; another company's id: 404):
 * - GET    /orders/:id                       → orderSchema
 * - POST   /orders/:id/restore-cart          → cartResponseSchema (`cart.use`; failed or canceled
 *          orders only: puts the lines back in the caller's cart, bounded by stock)
 * - POST   /orders/:id/pay                   → placeOrderResponseSchema (`orders.place`: a new
 *          payment for a pending order whose online payment did not start or was left)
 *
 * Staff (role admin):
 * - POST   /admin/orders/:id/mark-paid       → orderSchema (`orders.manage`: bank transfer received)
 * - PUT    /admin/orders/:id/status          body orderStatusUpdateSchema → orderSchema
 * - GET/PUT /settings/code/checkout_settings → checkoutSettingResponseSchema
 *          (PUT body `{ value: checkoutSettingsSchema }`, `settings.edit`)
 *
 * Payment provider side (no token; called by the provider or the buyer's browser):
 * - GET  /payments/simulated/:paymentId      the simulated provider's hosted page (HTML)
 * - POST /payments/simulated/:paymentId      its pay / fail / cancel form
 * - GET  /payments/return/:paymentId         where the provider sends the buyer back; redirects
 *                                            to the web app's payment successful or failed page
 * - POST /payments/webhook/:provider         provider webhook (`mollie`, `simulated`)
 */
import { z } from 'zod';
import { addressSchema } from './addresses';
import { cartLineSchema } from './cart';
import { COUNTRIES, PAYMENT_METHODS } from './constants';
import { requiredText } from './validation';

/** Web app pages the payment provider returns to (with the locale prefix and `?order_id=`). */
export const CHECKOUT_WEB_PATHS = {
  cart: '/cart',
  paymentSuccessful: '/payment-successful',
  paymentFailed: '/payment-failed',
} as const;

const money = z.number().min(0).max(1_000_000);

/** One weight band: up to `max_weight_grams` (inclusive) costs `price` euros. */
export const shippingRateSchema = z.strictObject({
  max_weight_grams: z.number().int().min(1).max(10_000_000),
  price: money,
});

/**
 * Shipping rates for a group of destination countries. A cart heavier than the last band ships
 * as several parcels: the heaviest band's price per full parcel plus the band of the remainder.
 */
export const shippingZoneSchema = z.strictObject({
  name: requiredText(100),
  countries: z.array(z.enum(COUNTRIES)).min(1),
  rates: z.array(shippingRateSchema).min(1),
});
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

export const bankAccountSchema = z.strictObject({
  account_holder: requiredText(200),
  iban: requiredText(34),
  bic: requiredText(11),
});

/** The shop's checkout settings: one editable value under code checkout_settings. */
export const checkoutSettingsSchema = z
  .strictObject({
    /** Where the shop is established: buyers there pay its VAT rate (domestic supply). */
    seller_country: z.enum(COUNTRIES),
    /** Standard VAT rate in percent per country. */
    vat_rates: z.record(z.enum(COUNTRIES), z.number().min(0).max(100)),
    /** Every supported country in exactly one zone. */
    shipping_zones: z.array(shippingZoneSchema).min(1),
    shipping_method: requiredText(100),
    /** Working days until delivery after payment. */
    delivery_days: z.number().int().min(0).max(365),
    /** Working days for bank transfer orders (longer: they wait for the money). */
    bank_transfer_delivery_days: z.number().int().min(0).max(365),
    /** Payment methods offered at checkout. */
    payment_methods: z.array(z.enum(PAYMENT_METHODS)).min(1),
    /** Shown to buyers who pay by bank transfer. */
    bank_account: bankAccountSchema,
  })
  .refine(
    (value) => {
      const listed = value.shipping_zones.flatMap((zone) => zone.countries);
      return listed.length === COUNTRIES.length && new Set(listed).size === COUNTRIES.length;
    },
    { message: 'validation.invalid', path: ['shipping_zones'] },
  );
export type CheckoutSettings = z.infer<typeof checkoutSettingsSchema>;

export const checkoutSettingResponseSchema = z.object({
  code: z.literal('checkout_settings'),
  value: checkoutSettingsSchema,
  updated_at: z.string(),
});
export type CheckoutSettingResponse = z.infer<typeof checkoutSettingResponseSchema>;

/**
 * How VAT applies (EU B2B rules): `domestic` the buyer or the goods stay in the seller's
 * country, seller's rate; `reverse_charge` goods to another EU country for a buyer with an
 * active VAT number, 0 % and the legal mention; `no_vat_number` cross-border buyer without a
 * VAT number, seller's rate.
 */
export const VAT_MODES = ['domestic', 'reverse_charge', 'no_vat_number'] as const;
export type VatMode = (typeof VAT_MODES)[number];

/** Why an order cannot be placed now; each comes with its message in the request's language. */
export const CHECKOUT_BLOCKERS = [
  'empty_cart',
  'min_cart_amount',
  'min_cart_quantity',
  'insufficient_stock',
  'company_vat_inactive',
  'invoice_vat_inactive',
  /** A purchaser accepting a quote above their spending limits: an owner must accept it. */
  'quote_needs_owner',
] as const;
export type CheckoutBlocker = (typeof CHECKOUT_BLOCKERS)[number];

export const checkoutBlockerSchema = z.object({
  code: z.enum(CHECKOUT_BLOCKERS),
  message: z.string(),
});

export const paymentMethodOptionSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  delivery_days: z.number().int(),
  /** Bank transfer: marked with its longer delivery time. */
  longer_delivery: z.boolean(),
});

export const checkoutOptionsSchema = z.object({
  payment_methods: z.array(paymentMethodOptionSchema),
  /** The caller's last payment method if still offered, otherwise creditcard (or the first offered). */
  default_payment_method: z.enum(PAYMENT_METHODS),
  default_delivery_address_id: z.uuid().nullable(),
  default_invoice_address_id: z.uuid().nullable(),
  /** Buy with one click needs a default delivery address. */
  one_click_available: z.boolean(),
  shipping_method: z.string(),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;

/** `invoice_address_id` omitted or null: invoice to the delivery address (same address). */
export const checkoutSummaryRequestSchema = z.strictObject({
  delivery_address_id: z.uuid(),
  invoice_address_id: z.uuid().nullable().optional(),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  /** The summary of accepting this quote instead of the cart (issue 24). */
  quote_id: z.uuid().optional(),
});
export type CheckoutSummaryRequest = z.infer<typeof checkoutSummaryRequestSchema>;

/** Totals in euros, computed on the server in integer cents. */
export const checkoutTotalsSchema = z.object({
  subtotal: z.number(),
  shipping_amount: z.number(),
  /** VAT in euros. */
  tax_amount: z.number(),
  /** subtotal + shipping + VAT: the order value. */
  total: z.number(),
  /** VAT rate in percent applied to subtotal and shipping. */
  vat_rate: z.number(),
  vat_mode: z.enum(VAT_MODES),
  /** The legal mention for reverse-charged orders (printed on the order and invoice); else null. */
  vat_mention: z.string().nullable(),
  /** grams */
  weight: z.number().int(),
  currency: z.literal('EUR'),
});
export type CheckoutTotals = z.infer<typeof checkoutTotalsSchema>;

/** Why an order waits for an owner's approval: above the purchaser's order limit or budget. */
export const APPROVAL_REASONS = ['order_limit', 'monthly_budget'] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

/**
 * The caller's spending limits against this order (issue 24): when `required`, the order cannot
 * be placed, only submitted for approval (`POST /order-approvals`). Euros; null: no such limit.
 */
export const spendingCheckSchema = z.object({
  required: z.boolean(),
  reason: z.enum(APPROVAL_REASONS).nullable(),
  order_limit: z.number().nullable(),
  monthly_budget: z.number().nullable(),
  /** What is left of the monthly budget before this order (never below 0). */
  budget_remaining: z.number().nullable(),
});
export type SpendingCheck = z.infer<typeof spendingCheckSchema>;

export const checkoutSummarySchema = z.object({
  items: z.array(cartLineSchema),
  totals: checkoutTotalsSchema,
  shipping_method: z.string(),
  delivery_days: z.number().int(),
  delivery_address: addressSchema,
  /** null: invoiced to the delivery address. */
  invoice_address: addressSchema.nullable(),
  payment_methods: z.array(paymentMethodOptionSchema),
  blockers: z.array(checkoutBlockerSchema),
  can_place_order: z.boolean(),
  spending: spendingCheckSchema,
});
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>;
