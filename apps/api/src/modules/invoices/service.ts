import type {
  AddressSnapshot,
  Invoice,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoiceSummary,
  PaymentMethod,
  VatMode,
} from '@portal/contract';
import { INVOICES_PAGE_SIZE } from '@portal/contract';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  companyInvoiceCounts,
  invoiceCounters,
  invoices,
  orderLines,
  orders,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { fromCents } from '../../platform/money';
import { companyOf } from '../addresses/service';
import { creditNotesOfInvoice } from '../claims/credit-notes';
import { notifyCompany } from '../notifications/service';

export type InvoiceRow = typeof invoices.$inferSelect;

/** `2026-000042`: the year, then the year's sequence (gapless, from 1). */
const invoiceNumberOf = (year: number, sequence: number) =>
  `${year}-${String(sequence).padStart(6, '0')}`;

/**
 * Issues the invoice of a paid order, in the caller's transaction (the one that records the
 * payment), once. The year's counter row stays locked until that transaction ends, so numbers
 * are handed out one after another without gaps: a rolled-back payment gives its number back.
 * The invoice copies everything it shows; it is never updated afterwards.
 */
export async function issueInvoice(tx: Executor, orderId: string): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`issueInvoice: no order ${orderId}`);
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  if (existing) return;
  const issuedAt = new Date();
  const year = issuedAt.getUTCFullYear();
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!counter) throw new Error('issueInvoice: no counter');
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const billing = order.invoiceAddress as AddressSnapshot;
  const invoiceNumber = invoiceNumberOf(year, counter.lastNumber);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      invoiceNumber,
      year,
      sequence: counter.lastNumber,
      orderId,
      companyId: order.companyId,
      issuedAt,
      billToName: billing.company_name,
      paymentMethod: order.paymentMethod,
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      vatRateBp: order.vatRateBp,
      vatMode: order.vatMode,
      vatMention: order.vatMention,
      shippingMethod: order.shippingMethod,
      lines: lines.map((line) => ({
        sku: line.sku,
        title: line.title,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        subtotalCents: line.subtotalCents,
      })),
      shippingAddress: order.deliveryAddress,
      billingAddress: order.invoiceAddress,
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('issueInvoice: not inserted');
  const [buyer] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, order.userId));
  await notifyCompany(tx, order.companyId, 'new_invoice', {
    ...(buyer
      ? { buyer: { _id: order.userId, full_name: `${buyer.firstName} ${buyer.lastName}` } }
      : {}),
    order: { _id: order.id, order_number: order.orderNumber },
    invoice: { _id: invoice.id, invoice_number: invoiceNumber },
  });
}

/** What a list line shows: not the lines and addresses of the invoice. */
const summaryColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  issuedAt: invoices.issuedAt,
  billToName: invoices.billToName,
  orderId: invoices.orderId,
  paymentMethod: invoices.paymentMethod,
  totalCents: invoices.totalCents,
};

function summaryOf(
  row: Pick<InvoiceRow, keyof typeof summaryColumns>,
  orderNumber: string,
): InvoiceSummary {
  return {
    _id: row.id,
    invoice_number: row.invoiceNumber,
    issued_at: row.issuedAt.toISOString(),
    bill_to_name: row.billToName,
    order: { _id: row.orderId, order_number: orderNumber },
    payment_method: row.paymentMethod as PaymentMethod,
    amount: fromCents(row.totalCents),
  };
}

/** The company's invoices, newest first, paged in the database. */
export async function listInvoices(
  db: Executor,
  ctx: RequestContext,
  query: InvoiceListQuery,
): Promise<InvoiceListResponse> {
  const limit = query.limit ?? INVOICES_PAGE_SIZE;
  const page = query.page ?? 1;
  const pattern = query.search ? `${query.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const filters: (SQL | undefined)[] = [
    eq(invoices.companyId, companyOf(ctx)),
    pattern
      ? or(
          sql`${invoices.invoiceNumber} like ${pattern}`,
          sql`${orders.orderNumber} like ${pattern}`,
        )
      : undefined,
  ];
  const where = and(...filters);
  // Without a search the page's ids come from invoices_company_issued_idx alone (a deep OFFSET
  // skips index entries, not invoices and their orders) and the count is the company's kept
  // count (company_invoice_counts). A search also matches order numbers: joined and counted.
  const pageIds = (
    pattern
      ? db
          .select({ id: invoices.id })
          .from(invoices)
          .innerJoin(orders, eq(orders.id, invoices.orderId))
      : db.select({ id: invoices.id }).from(invoices)
  )
    .where(where)
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence))
    .limit(limit)
    .offset((page - 1) * limit)
    .as('page_ids');
  const counted = pattern
    ? db
        .select({ total: sql<number>`count(*)::int` })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(where)
    : db
        .select({ total: companyInvoiceCounts.invoices })
        .from(companyInvoiceCounts)
        .where(eq(companyInvoiceCounts.companyId, companyOf(ctx)));
  const [rows, [count]] = await Promise.all([
    db
      .select({ invoice: summaryColumns, orderNumber: orders.orderNumber })
      .from(pageIds)
      .innerJoin(invoices, eq(invoices.id, pageIds.id))
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.sequence)),
    counted,
  ]);
  const total = count?.total ?? 0;
  return {
    items: rows.map(({ invoice, orderNumber }) => summaryOf(invoice, orderNumber)),
    total,
    page,
    totalPage: Math.ceil(total / limit),
  };
}

/** One invoice of the caller's company (404 for another company's). */
export async function getInvoice(
  db: Executor,
  ctx: RequestContext,
  invoiceId: string,
): Promise<Invoice> {
  const [row] = await db
    .select({ invoice: invoices, orderNumber: orders.orderNumber })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyOf(ctx))));
  if (!row) throw notFound('errors.invoice_not_found');
  const { invoice } = row;
  return {
    ...summaryOf(invoice, row.orderNumber),
    subtotal: fromCents(invoice.subtotalCents),
    shipping_amount: fromCents(invoice.shippingCents),
    shipping_method: invoice.shippingMethod,
    tax_amount: fromCents(invoice.taxCents),
    vat_rate: invoice.vatRateBp / 100,
    vat_mode: invoice.vatMode as VatMode,
    vat_mention: invoice.vatMention,
    vat_lines: [
      {
        rate: invoice.vatRateBp / 100,
        base: fromCents(invoice.subtotalCents + invoice.shippingCents),
        amount: fromCents(invoice.taxCents),
      },
    ],
    lines: invoice.lines.map((line) => ({
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      price: fromCents(line.unitPriceCents),
      subtotal: fromCents(line.subtotalCents),
    })),
    shipping_address: invoice.shippingAddress as AddressSnapshot,
    billing_address: invoice.billingAddress as AddressSnapshot,
    currency: 'EUR',
    credit_notes: await creditNotesOfInvoice(db, invoice.id),
  };
}
