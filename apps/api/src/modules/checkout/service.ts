import {
  DEFAULT_CART_PAYMENT_METHOD,
  SLOW_DELIVERY_PAYMENT_METHODS,
  type CheckoutBlocker,
  type CheckoutOptions,
  type CheckoutSettings,
  type CheckoutSummary,
  type CheckoutSummaryRequest,
  type Country,
  type PaymentMethod,
  type ProductSettings,
} from '@portal/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rowFromJson, type JsonRow } from '../../db/json-rows';
import { companies, deliveryAddresses, invoiceAddresses, orders } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import type { AppError } from '../../platform/errors';
import { conflict, invalid, notFound } from '../../platform/errors';
import { t, type MessageKey, type Vars } from '../../platform/i18n';
import { formatEuros, fromCents, toCents } from '../../platform/money';
import { companyOf, findDefaultAddress, toAddress, type AddressRow } from '../addresses';
import {
  atBuyerPrices,
  cartIdOf,
  cartSums,
  describeLines,
  pricedLinesJson,
  pricedLinesOf,
  titleOf,
  type PricedLine,
} from '../cart';
import type { PriceBook, PriceBooks } from '../pricing';
import { quoteOrderLines } from '../quotes';
import { checkSpending, spendingView } from './spending';
import { computeTotals, type Totals } from './totals';

export interface CheckoutDeps {
  db: Db;
  productSettings: () => Promise<ProductSettings>;
  checkoutSettings: () => Promise<CheckoutSettings>;
  /** Price lists' books (issue 24): a company's buyers order at their prices. */
  priceBooks?: Pick<PriceBooks, 'forCompany'>;
}

/** What a draft reads of the shop: its settings and the company's price list. */
export interface Shop {
  checkout: CheckoutSettings;
  product: ProductSettings;
  /** null: catalog prices. */
  book?: PriceBook | null;
}

/**
 * The shop as a company's order is drafted: read before any transaction (a reader waiting for
 * a pooled connection inside one could wait for connections held by others waiting the same way).
 */
export async function readShop(deps: CheckoutDeps, companyId: string | null): Promise<Shop> {
  const [checkout, product, book] = await Promise.all([
    deps.checkoutSettings(),
    deps.productSettings(),
    deps.priceBooks?.forCompany(companyId) ?? null,
  ]);
  return { checkout, product, book };
}

/** Working days until delivery for a payment method (bank transfer waits for the money). */
export function deliveryDaysOf(method: PaymentMethod, settings: CheckoutSettings): number {
  return SLOW_DELIVERY_PAYMENT_METHODS.includes(method)
    ? settings.bank_transfer_delivery_days
    : settings.delivery_days;
}

function paymentMethodOptions(settings: CheckoutSettings) {
  return settings.payment_methods.map((method) => ({
    method,
    delivery_days: deliveryDaysOf(method, settings),
    longer_delivery: SLOW_DELIVERY_PAYMENT_METHODS.includes(method),
  }));
}

/** The caller's last payment method if still offered, else creditcard, else the first offered. */
export async function defaultPaymentMethod(
  db: Executor,
  userId: string,
  settings: CheckoutSettings,
): Promise<PaymentMethod> {
  const [last] = await db
    .select({ method: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const offered = settings.payment_methods;
  const candidates = [last?.method, DEFAULT_CART_PAYMENT_METHOD, offered[0]];
  return candidates.find((m): m is PaymentMethod =>
    offered.includes(m as PaymentMethod),
  ) as PaymentMethod;
}

/**
 * What the checkout starts from, and one-click buying uses: the company's default delivery and
 * invoice addresses and the caller's default payment method.
 */
export async function checkoutDefaults(
  db: Executor,
  ctx: RequestContext,
  settings: CheckoutSettings,
) {
  const companyId = companyOf(ctx);
  const [delivery, invoice, paymentMethod] = await Promise.all([
    findDefaultAddress(db, 'delivery', companyId),
    findDefaultAddress(db, 'invoice', companyId),
    defaultPaymentMethod(db, ctx.userId, settings),
  ]);
  return { delivery, invoice, paymentMethod };
}

/** Payment methods, delivery times and the company's default addresses for the checkout steps. */
export async function checkoutOptions(
  deps: CheckoutDeps,
  ctx: RequestContext,
): Promise<CheckoutOptions> {
  const settings = await deps.checkoutSettings();
  const { delivery, invoice, paymentMethod } = await checkoutDefaults(deps.db, ctx, settings);
  return {
    payment_methods: paymentMethodOptions(settings),
    default_payment_method: paymentMethod,
    default_delivery_address_id: delivery?.id ?? null,
    default_invoice_address_id: invoice?.id ?? null,
    one_click_available: delivery !== null,
    shipping_method: settings.shipping_method,
  };
}

/** A reason the order cannot be placed, with its message key, variables and error type. */
export interface Blocker {
  code: CheckoutBlocker;
  key: MessageKey;
  vars: Vars;
  type: 'VALIDATION_ERROR' | 'CONFLICT';
}

/** Everything a checkout needs, read in one place for the summary and for placing the order. */
export interface CheckoutDraft {
  /** null: the lines of an order awaiting approval, not a cart. */
  cartId: string | null;
  lines: PricedLine[];
  delivery: AddressRow;
  /** null: invoiced to the delivery address. */
  invoice: AddressRow | null;
  company: typeof companies.$inferSelect;
  totals: Totals;
  /** The VAT number the buyer is invoiced with (for the reverse-charge mention). */
  buyerVatNumber: string | null;
  blockers: Blocker[];
  settings: CheckoutSettings;
}

/**
 * The order's delivery address, its invoice address (when one is chosen), the company and the
 * cart's priced lines (when a cart is given), in one statement; 404 for an address that is not
 * the company's.
 */
async function readDraftRows(
  db: Executor,
  companyId: string,
  request: { deliveryAddressId: string; invoiceAddressId: string | null },
  cartId: string | null,
) {
  const addressOf = (table: typeof deliveryAddresses | typeof invoiceAddresses, id: string) =>
    sql`(select to_jsonb(a) from ${table} a where a.id = ${id} and a.company_id = ${companyId})`;
  const result = (await db.execute(sql`select
      ${addressOf(deliveryAddresses, request.deliveryAddressId)} as delivery,
      ${request.invoiceAddressId ? addressOf(invoiceAddresses, request.invoiceAddressId) : sql`null`}
        as invoice,
      (select to_jsonb(c) from ${companies} c where c.id = ${companyId}) as company,
      ${cartId ? pricedLinesJson(cartId) : sql`'[]'::jsonb`} as lines`)) as unknown as {
    rows: {
      delivery: JsonRow | null;
      invoice: JsonRow | null;
      company: JsonRow | null;
      lines: unknown;
    }[];
  };
  const [row] = result.rows;
  if (!row?.company) throw notFound();
  if (!row.delivery || (request.invoiceAddressId && !row.invoice)) {
    throw notFound('errors.address_not_found');
  }
  return {
    delivery: rowFromJson(deliveryAddresses, row.delivery) as AddressRow,
    invoice: row.invoice ? (rowFromJson(invoiceAddresses, row.invoice) as AddressRow) : null,
    company: rowFromJson(companies, row.company),
    cartLines: pricedLinesOf(row.lines),
  };
}

/**
 * Reads the cart (or the given lines), addresses and company and prices the order: totals, VAT
 * and what blocks it. A quote's lines (`quote`) were agreed with staff: the cart's minimum
 * amount and item count do not apply to them. Inside a transaction when placing the order, so the numbers are the ones
 * that get saved.
 */
export async function draftCheckout(
  db: Executor,
  shop: Shop,
  ctx: RequestContext,
  request: { deliveryAddressId: string; invoiceAddressId: string | null },
  source: { cartId?: string; lines?: PricedLine[]; quote?: boolean } = {},
): Promise<CheckoutDraft> {
  const companyId = companyOf(ctx);
  const { checkout: settings, product: productSettings } = shop;
  const id = source.cartId ?? (source.lines ? null : await cartIdOf(db, ctx.userId));
  const { delivery, invoice, company, cartLines } = await readDraftRows(
    db,
    companyId,
    request,
    source.lines ? null : id,
  );
  // A quote's lines are at its prices; the cart's and an approval's at the buyer's prices.
  const lines = source.quote
    ? (source.lines ?? [])
    : atBuyerPrices(source.lines ?? cartLines, shop.book ?? null);

  const buyerVatNumber = invoice ? invoice.vatNumber : (delivery.vatNumber ?? company.vatNumber);
  // Verified by VIES or staff and not found inactive since: a number that is merely well formed
  // never turns an order into a reverse-charged intra-Community supply.
  const buyerVatVerified = invoice
    ? Boolean(invoice.vatNumber) && Boolean(invoice.vatVerifiedAt) && !invoice.vatNumberUnactiveAt
    : buyerVatNumber === company.vatNumber &&
      Boolean(company.vatVerifiedAt) &&
      !company.vatNumberUnactiveAt;
  const totals = computeTotals({
    lines,
    deliveryCountry: delivery.country as Country,
    buyer: {
      country: (invoice?.country ?? company.country) as Country,
      hasVerifiedVatNumber: buyerVatVerified,
    },
    settings,
  });

  const blockers: Blocker[] = [];
  const sums = cartSums(lines);
  if (lines.length === 0) {
    blockers.push({
      code: 'empty_cart',
      key: 'errors.cart_empty',
      vars: {},
      type: 'VALIDATION_ERROR',
    });
  } else {
    if (!source.quote && sums.subtotalCents < toCents(productSettings.min_cart_amount)) {
      blockers.push({
        code: 'min_cart_amount',
        key: 'errors.min_cart_amount',
        vars: { amount: formatEuros(toCents(productSettings.min_cart_amount), ctx.locale) },
        type: 'VALIDATION_ERROR',
      });
    }
    if (!source.quote && sums.itemCount < productSettings.min_cart_quantity) {
      blockers.push({
        code: 'min_cart_quantity',
        key: 'errors.min_cart_quantity',
        vars: { qty: productSettings.min_cart_quantity },
        type: 'VALIDATION_ERROR',
      });
    }
    const short = lines.find((line) => line.quantity > line.available);
    if (short) {
      blockers.push({
        code: 'insufficient_stock',
        key: short.available === 0 ? 'errors.out_of_stock' : 'errors.quantity_exceeds_stock',
        vars: { available: short.available, title: await titleOf(db, short.productId, ctx.locale) },
        type: 'CONFLICT',
      });
    }
  }
  if (company.vatNumberUnactiveAt) {
    blockers.push({
      code: 'company_vat_inactive',
      key: 'errors.company_vat_inactive',
      vars: { vat_number: company.vatNumber },
      type: 'CONFLICT',
    });
  }
  if (invoice?.vatNumberUnactiveAt) {
    blockers.push({
      code: 'invoice_vat_inactive',
      key: 'errors.invoice_vat_inactive',
      vars: { vat_number: invoice.vatNumber ?? '', company_name: invoice.companyName },
      type: 'CONFLICT',
    });
  }
  return {
    cartId: id,
    lines,
    delivery,
    invoice,
    company,
    totals,
    buyerVatNumber,
    blockers,
    settings,
  };
}

/**
 * A quote accepted by a purchaser above their limits: an order request for approval holds the
 * cart, not a quote, so an owner accepts it instead.
 */
export const quoteNeedsOwner: Blocker = {
  code: 'quote_needs_owner',
  key: 'errors.quote_needs_owner',
  vars: {},
  type: 'CONFLICT',
};

/** The first blocker as the error to answer. */
export function blockerError(blocker: Blocker): AppError {
  return blocker.type === 'CONFLICT'
    ? conflict(blocker.key, blocker.vars)
    : invalid(blocker.key, blocker.vars);
}

/** The reverse-charge legal mention in the buyer's language, or null. */
export function vatMentionOf(draft: CheckoutDraft, ctx: RequestContext): string | null {
  if (draft.totals.vatMode !== 'reverse_charge') return null;
  return t(ctx.locale, 'checkout.reverse_charge_mention', {
    vat_number: draft.buyerVatNumber ?? '',
  });
}

/** The summary/payment step: lines, totals with shipping and VAT, and what blocks the order. */
export async function checkoutSummary(
  deps: CheckoutDeps,
  ctx: RequestContext,
  request: CheckoutSummaryRequest,
): Promise<CheckoutSummary> {
  const shop = await readShop(deps, ctx.companyId);
  const quoteId = request.quote_id;
  const draft = await draftCheckout(
    deps.db,
    shop,
    ctx,
    {
      deliveryAddressId: request.delivery_address_id,
      invoiceAddressId: request.invoice_address_id ?? null,
    },
    quoteId ? { lines: await quoteOrderLines(deps.db, ctx, quoteId), quote: true } : {},
  );
  const { settings, totals } = draft;
  const method =
    request.payment_method ?? (await defaultPaymentMethod(deps.db, ctx.userId, settings));
  const productSettings = shop.product;
  const items = await describeLines(
    deps.db,
    draft.lines,
    ctx.locale,
    productSettings.low_stock_threshold,
  );
  const spending = await checkSpending(deps.db, ctx, totals.totalCents);
  if (quoteId && spending.required) draft.blockers.push(quoteNeedsOwner);
  return {
    items,
    totals: {
      subtotal: fromCents(totals.subtotalCents),
      shipping_amount: fromCents(totals.shippingCents),
      tax_amount: fromCents(totals.taxCents),
      total: fromCents(totals.totalCents),
      vat_rate: totals.vatRateBp / 100,
      vat_mode: totals.vatMode,
      vat_mention: vatMentionOf(draft, ctx),
      weight: totals.weightGrams,
      currency: 'EUR',
    },
    shipping_method: settings.shipping_method,
    delivery_days: deliveryDaysOf(method, settings),
    delivery_address: toAddress('delivery', draft.delivery),
    invoice_address: draft.invoice ? toAddress('invoice', draft.invoice) : null,
    payment_methods: paymentMethodOptions(settings),
    blockers: draft.blockers.map((b) => ({ code: b.code, message: t(ctx.locale, b.key, b.vars) })),
    can_place_order: draft.blockers.length === 0,
    spending: spendingView(spending),
  };
}
