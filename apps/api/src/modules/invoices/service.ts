import type {
  AddressSnapshot,
  Invoice,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoiceSummary,
  PaymentMethod,
  VatMode,
} from '@portal/contract';
import { INVOICES_MAX_LIMIT, INVOICES_PAGE_SIZE } from '@portal/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import {
  listBoundaries,
  type BoundariesOf,
  columnsOf,
  countedPageSql,
  listPage,
  type ListRow,
} from '../../db/paging';
import { prepared, preparedSql } from '../../db/prepared';
import { pageBySeek } from '../../db/seek-index';
import {
  companyInvoiceCounts,
  creditNotes,
  invoices,
  orderLines,
  orders,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { takeDocumentNumber } from '../../platform/document-numbers';
import { notFound } from '../../platform/errors';
import { fromCents } from '../../platform/money';
import { companyOf } from '../addresses';
import { creditNotesOfInvoice } from '../claims';
import { notifyCompany } from '../notifications';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Issues the invoice of a paid order, in the caller's transaction (the one that records the
 * payment), once. The year's counter row stays locked until that transaction ends, so numbers
 * are handed out one after another without gaps: a rolled-back payment gives its number back.
 * The invoice copies everything it shows; it is never updated afterwards.
 */
export async function issueInvoice(
  tx: Executor,
  links: Pick<Config, 'appUrl'>,
  orderId: string,
): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`issueInvoice: no order ${orderId}`);
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  if (existing) return;
  const issuedAt = new Date();
  const {
    number: invoiceNumber,
    year,
    sequence,
  } = await takeDocumentNumber(tx, 'invoice', issuedAt);
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const billing = order.invoiceAddress as AddressSnapshot;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      invoiceNumber,
      year,
      sequence,
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
  await notifyCompany(
    tx,
    links,
    order.companyId,
    'new_invoice',
    {
      ...(buyer
        ? { buyer: { _id: order.userId, full_name: `${buyer.firstName} ${buyer.lastName}` } }
        : {}),
      order: { _id: order.id, order_number: order.orderNumber },
      invoice: { _id: invoice.id, invoice_number: invoiceNumber },
    },
    { document: { document: 'invoice', id: invoice.id } },
  );
}

/** What a list line shows: not the lines and addresses of the invoice. */

function summaryOf(
  row: Pick<
    InvoiceRow,
    'id' | 'invoiceNumber' | 'issuedAt' | 'billToName' | 'orderId' | 'paymentMethod' | 'totalCents'
  >,
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

/**
 * The invoice list as one statement, with or without a search (each its own prepared
 * statement): the company's count left joined to the page's invoices and their orders, so an
 * empty page still answers the total. Without a search the page's rows come from
 * invoices_company_issued_idx alone, which includes every column the page shows (migration
 * 0012: a deep OFFSET skips index entries, and the page reads no invoice rows), and the count is
 * the company's kept count (company_invoice_counts). A search also matches order numbers:
 * joined and counted.
 */
function invoiceListStatement(db: Db, search: boolean, name: string, seek = false) {
  return preparedSql<InvoiceListRow>(db, name, () => {
    const companyId = sql.placeholder('companyId');
    const pattern = sql.placeholder('pattern');
    const ofCompany = eq(invoices.companyId, companyId);
    const matching = sql`${ofCompany} and (${invoices.invoiceNumber} like ${pattern}
      or ${orders.orderNumber} like ${pattern})`;
    const counted = search
      ? sql`(select count(*)::int as "total", null::text as "version"
          from ${invoices} join ${orders} on ${orders.id} = ${invoices.orderId}
          where ${matching}) as "counted"`
      : sql`(select coalesce(sum(${companyInvoiceCounts.invoices}), 0)::int as "total",
          coalesce(sum(${companyInvoiceCounts.version}), 0)::text as "version"
          from ${companyInvoiceCounts}
          where ${eq(companyInvoiceCounts.companyId, companyId)}) as "counted"`;
    const columns = columnsOf(
      invoices.id,
      invoices.invoiceNumber,
      invoices.issuedAt,
      invoices.sequence,
      invoices.billToName,
      invoices.orderId,
      invoices.paymentMethod,
      invoices.totalCents,
    );
    const newestFirst = sql`${invoices.issuedAt} desc, ${invoices.sequence} desc`;
    // Without a search the page is read from the nearer end, the kept count telling.
    const page = search
      ? sql`(select ${columns} from ${invoices} join ${orders} on ${orders.id} = ${invoices.orderId}
          where ${matching} order by ${newestFirst}
          limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) as "page"`
      : listPage({
          seek,
          columns,
          as: 'page',
          from: sql`${invoices}`,
          where: ofCompany,
          newestFirst,
          oldestFirst: sql`${invoices.issuedAt} asc, ${invoices.sequence} asc`,
          sortKey: sql`(${invoices.issuedAt}, ${invoices.sequence})`,
          boundary: sql`(${sql.placeholder('seekAt')}::timestamptz, ${sql.placeholder('seekSequence')}::int)`,
          total: sql`(select coalesce(sum(${companyInvoiceCounts.invoices}), 0)::int
            from ${companyInvoiceCounts} where ${eq(companyInvoiceCounts.companyId, companyId)})`,
          maxLimit: INVOICES_MAX_LIMIT,
        });
    return countedPageSql({
      counted,
      page,
      joins: sql`left join ${orders} on ${orders.id} = "page"."order_id"`,
      columns: sql`"page"."id", "page"."invoice_number", "page"."issued_at", "page"."bill_to_name",
        "page"."order_id", "page"."payment_method", "page"."total_cents", ${orders.orderNumber}`,
      orderBy: sql`"page"."issued_at" desc, "page"."sequence" desc`,
    });
  });
}

/** A row of the invoice list statement: the count, and one invoice of the page. */
type InvoiceListRow = ListRow<
  { total: number; version: string | null },
  {
    id: string;
    invoice_number: string;
    issued_at: string | Date;
    bill_to_name: string;
    order_id: string;
    payment_method: PaymentMethod;
    total_cents: number;
    order_number: string;
  }
>;

/** The invoice list's page boundaries (seek-index.ts), from invoices_company_issued_idx. */
function invoiceBoundaries(): BoundariesOf {
  const companyId = sql.placeholder('companyId');
  return {
    counts: {
      version: companyInvoiceCounts.version,
      where: eq(companyInvoiceCounts.companyId, companyId),
    },
    rows: {
      from: invoices,
      where: eq(invoices.companyId, companyId),
      at: invoices.issuedAt,
      tie: invoices.sequence,
    },
  };
}

/** The company's invoices, newest first, paged in the database. */
export async function listInvoices(
  db: Db,
  ctx: RequestContext,
  query: InvoiceListQuery,
): Promise<InvoiceListResponse> {
  const limit = query.limit ?? INVOICES_PAGE_SIZE;
  const page = query.page ?? 1;
  const search = Boolean(query.search);
  const name = search ? 'invoice_list_search' : 'invoice_list';
  const statement = invoiceListStatement(db, search, name);
  const companyId = companyOf(ctx);
  const offset = (page - 1) * limit;
  const values = {
    companyId,
    pattern: query.search ? `${query.search.replace(/[\\%_]/g, '\\$&')}%` : undefined,
    limit,
    offset,
  };
  const plain = () => statement(values);
  const rows = search
    ? await plain()
    : await pageBySeek({
        db,
        list: `invoices:${companyId}`,
        offset,
        // The largest issue time and sequence (an int).
        newest: { at: 'infinity', tie: String(2 ** 31 - 1) },
        plain,
        compute: (every) =>
          listBoundaries(db, 'invoice_bounds', invoiceBoundaries, { companyId, every }),
        seek: async (boundary, skip) => {
          const seekPage = await invoiceListStatement(
            db,
            false,
            'invoice_list_seek',
            true,
          )({
            ...values,
            seekAt: boundary.at,
            seekSequence: boundary.tie,
            skip,
          });
          return { page: seekPage, version: seekPage[0]?.version ?? null };
        },
      });
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            summaryOf(
              {
                id: row.id,
                invoiceNumber: row.invoice_number,
                issuedAt: new Date(row.issued_at),
                billToName: row.bill_to_name,
                orderId: row.order_id,
                paymentMethod: row.payment_method,
                totalCents: row.total_cents,
              },
              row.order_number,
            ),
          ],
    ),
    total,
    page,
    totalPage: Math.ceil(total / limit),
  };
}

/**
 * One invoice of the company (404 for another company's); with `creditNotes: false` its credit
 * notes are not read (answered as none).
 */
export async function getInvoice(
  db: Executor,
  companyId: string,
  invoiceId: string,
  options: { creditNotes?: boolean } = {},
): Promise<Invoice> {
  const [row] = await prepared(db, 'invoice_of_company', (executor) =>
    executor
      .select({ invoice: invoices, orderNumber: orders.orderNumber })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(
        and(
          eq(invoices.id, sql.placeholder('invoiceId')),
          eq(invoices.companyId, sql.placeholder('companyId')),
        ),
      )
      .prepare('invoice_of_company'),
  ).execute({ invoiceId, companyId });
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
    credit_notes: options.creditNotes === false ? [] : await creditNotesOfInvoice(db, invoice.id),
  };
}

/** The company an issued invoice or credit note belongs to (staff reach any); 404 if none. */
export async function companyOfDocument(
  db: Executor,
  kind: 'invoice' | 'credit_note',
  documentId: string,
): Promise<string> {
  const table = kind === 'invoice' ? invoices : creditNotes;
  const [row] = await db
    .select({ companyId: table.companyId })
    .from(table)
    .where(eq(table.id, documentId));
  if (!row) {
    throw notFound(
      kind === 'invoice' ? 'errors.invoice_not_found' : 'errors.credit_note_not_found',
    );
  }
  return row.companyId;
}
