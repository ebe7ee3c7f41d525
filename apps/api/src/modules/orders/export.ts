import {
  ORDER_EXPORT_COLUMNS,
  type OrderExportQuery,
  type OrderStatus,
  type PaymentMethod,
} from '@portal/contract';
import type { Readable } from 'node:stream';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/prefix';
import { orders, users } from '../../db/schema';
import {
  AMOUNT_FORMAT,
  csvExport,
  MOMENT_FORMAT,
  xlsxExport,
  type ExportCell,
  type ExportColumn,
} from '../../platform/exports';
import { fromCents } from '../../platform/money';

/** Rows per query: an export's memory stays that of one page, however many orders. */
const EXPORT_PAGE_SIZE = 1000;

/** Widths and formats of the columns in a spreadsheet (amounts as numbers, moments as dates). */
const FORMATS: Record<(typeof ORDER_EXPORT_COLUMNS)[number], Omit<ExportColumn, 'key'>> = {
  order_number: { width: 14 },
  date: { width: 18, numFmt: MOMENT_FORMAT },
  status: { width: 12 },
  payment_method: { width: 14 },
  placed_by: { width: 24 },
  subtotal: { width: 12, numFmt: AMOUNT_FORMAT },
  shipping: { width: 12, numFmt: AMOUNT_FORMAT },
  vat: { width: 12, numFmt: AMOUNT_FORMAT },
  total: { width: 12, numFmt: AMOUNT_FORMAT },
  tracking_number: { width: 20 },
};
const COLUMNS = ORDER_EXPORT_COLUMNS.map((key) => ({ key, ...FORMATS[key] }));

/**
 * The company's orders of the query, newest first like the history, as rows of
 * `ORDER_EXPORT_COLUMNS`, read page by page (keyset on the creation time and the id,
 * orders_company_created_idx or orders_company_status_created_idx), so the process holds one
 * page at a time. Days are those of the database's time zone, as the history's filter counts them.
 */
async function* orderExportPages(
  db: Db,
  companyId: string,
  query: OrderExportQuery,
  pageSize: number,
): AsyncGenerator<ExportCell[][]> {
  const where = and(
    eq(orders.companyId, companyId),
    query.status ? eq(orders.status, query.status) : undefined,
    query.search ? sql`${orders.orderNumber} like ${`${escapeLike(query.search)}%`}` : undefined,
    query.date_from ? gte(orders.createdAt, sql`${query.date_from}::date`) : undefined,
    query.date_to
      ? lt(orders.createdAt, sql`(${query.date_to}::date + interval '1 day')`)
      : undefined,
  );
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const seek: SQL | undefined = after
      ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows = await db
      .select({
        at: sql<string>`${orders.createdAt}::text`,
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        firstName: users.firstName,
        lastName: users.lastName,
        subtotalCents: orders.subtotalCents,
        shippingCents: orders.shippingCents,
        taxCents: orders.taxCents,
        totalCents: orders.totalCents,
        trackingNumber: orders.trackingNumber,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(where, seek))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize);
    if (rows.length > 0) {
      yield rows.map((row) => [
        row.orderNumber,
        row.createdAt,
        row.status as OrderStatus,
        row.paymentMethod as PaymentMethod,
        `${row.firstName} ${row.lastName}`,
        fromCents(row.subtotalCents),
        fromCents(row.shippingCents),
        fromCents(row.taxCents),
        fromCents(row.totalCents),
        row.trackingNumber ?? '',
      ]);
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageSize) return;
    after = { at: last.at, id: last.id };
  }
}

/** `GET /orders/export.csv`: the company's orders of the query as CSV, one chunk per page. */
export function exportOrdersCsv(
  db: Db,
  companyId: string,
  query: OrderExportQuery,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  return csvExport(COLUMNS, orderExportPages(db, companyId, query, pageSize));
}

/** `GET /orders/export.xlsx`: the same as a spreadsheet, streamed. */
export function exportOrdersXlsx(
  db: Db,
  companyId: string,
  query: OrderExportQuery,
  pageSize = EXPORT_PAGE_SIZE,
): Readable {
  return xlsxExport('Orders', COLUMNS, orderExportPages(db, companyId, query, pageSize));
}
