import {
  INVOICE_EXPORT_COLUMNS,
  type InvoiceExportQuery,
  type PaymentMethod,
} from '@portal/contract';
import type { Readable } from 'node:stream';
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/prefix';
import { invoices, orders } from '../../db/schema';
import {
  AMOUNT_FORMAT,
  csvExport,
  MOMENT_FORMAT,
  xlsxExport,
  type ExportCell,
  type ExportColumn,
} from '../../platform/exports';
import { fromCents } from '../../platform/money';

/** Rows per query: an export's memory stays that of one page, however many invoices. */
const EXPORT_PAGE_SIZE = 1000;

/** Widths and formats of the columns in a spreadsheet (amounts as numbers, moments as dates). */
const FORMATS: Record<(typeof INVOICE_EXPORT_COLUMNS)[number], Omit<ExportColumn, 'key'>> = {
  invoice_number: { width: 16 },
  issued_at: { width: 18, numFmt: MOMENT_FORMAT },
  order_number: { width: 14 },
  bill_to: { width: 30 },
  payment_method: { width: 14 },
  vat_mode: { width: 16 },
  vat_rate: { width: 9, numFmt: AMOUNT_FORMAT },
  subtotal: { width: 12, numFmt: AMOUNT_FORMAT },
  shipping: { width: 12, numFmt: AMOUNT_FORMAT },
  vat: { width: 12, numFmt: AMOUNT_FORMAT },
  total: { width: 12, numFmt: AMOUNT_FORMAT },
};
const COLUMNS = INVOICE_EXPORT_COLUMNS.map((key) => ({ key, ...FORMATS[key] }));

/**
 * The company's invoices of the query, newest first like the list, as rows of
 * `INVOICE_EXPORT_COLUMNS`, read page by page (keyset on the issue time and the yearly sequence,
 * invoices_company_issued_idx), so the process holds one page at a time. Days are those of the
 * database's time zone, as the staff's order filters count them.
 */
async function* invoiceExportPages(
  db: Db,
  companyId: string,
  query: InvoiceExportQuery,
  pageSize: number,
): AsyncGenerator<ExportCell[][]> {
  const pattern = query.search ? `${escapeLike(query.search)}%` : null;
  const where = and(
    eq(invoices.companyId, companyId),
    query.date_from ? gte(invoices.issuedAt, sql`${query.date_from}::date`) : undefined,
    query.date_to
      ? lt(invoices.issuedAt, sql`(${query.date_to}::date + interval '1 day')`)
      : undefined,
    pattern
      ? or(
          sql`${invoices.invoiceNumber} like ${pattern}`,
          sql`${orders.orderNumber} like ${pattern}`,
        )
      : undefined,
  );
  let after: { at: string; sequence: number } | undefined;
  for (;;) {
    const seek: SQL | undefined = after
      ? sql`(${invoices.issuedAt}, ${invoices.sequence}) < (${after.at}::timestamptz, ${after.sequence})`
      : undefined;
    const rows = await db
      .select({
        at: sql<string>`${invoices.issuedAt}::text`,
        sequence: invoices.sequence,
        invoiceNumber: invoices.invoiceNumber,
        issuedAt: invoices.issuedAt,
        orderNumber: orders.orderNumber,
        billToName: invoices.billToName,
        paymentMethod: invoices.paymentMethod,
        vatMode: invoices.vatMode,
        vatRateBp: invoices.vatRateBp,
        subtotalCents: invoices.subtotalCents,
        shippingCents: invoices.shippingCents,
        taxCents: invoices.taxCents,
        totalCents: invoices.totalCents,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(where, seek))
      .orderBy(desc(invoices.issuedAt), desc(invoices.sequence))
      .limit(pageSize);
    if (rows.length > 0) {
      yield rows.map((row) => [
        row.invoiceNumber,
        row.issuedAt,
        row.orderNumber,
        row.billToName,
        row.paymentMethod as PaymentMethod,
        row.vatMode,
        row.vatRateBp / 100,
        fromCents(row.subtotalCents),
        fromCents(row.shippingCents),
        fromCents(row.taxCents),
        fromCents(row.totalCents),
      ]);
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageSize) return;
    after = { at: last.at, sequence: last.sequence };
  }
}

/** `GET /invoices/export.csv`: the company's invoices of the query as CSV, one chunk per page. */
export function exportInvoicesCsv(
  db: Db,
  companyId: string,
  query: InvoiceExportQuery,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  return csvExport(COLUMNS, invoiceExportPages(db, companyId, query, pageSize));
}

/** `GET /invoices/export.xlsx`: the same as a spreadsheet, streamed. */
export function exportInvoicesXlsx(
  db: Db,
  companyId: string,
  query: InvoiceExportQuery,
  pageSize = EXPORT_PAGE_SIZE,
): Readable {
  return xlsxExport('Invoices', COLUMNS, invoiceExportPages(db, companyId, query, pageSize));
}
