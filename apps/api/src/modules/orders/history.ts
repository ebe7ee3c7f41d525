import type {
  CartResponse,
  OrderHistoryDetail,
  OrderListQuery,
  OrderListResponse,
  OrderProgress,
  OrderStatus,
  PaymentMethod,
  ReorderResponse,
} from '@portal/contract';
import { ORDERS_MAX_LIMIT, ORDERS_PAGE_SIZE } from '@portal/contract';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  listBoundaries,
  type BoundariesOf,
  columnsOf,
  countedPageSql,
  listPage,
  type ListRow,
} from '../../db/paging';
import { prefixRange } from '../../db/prefix';
import { preparedSql } from '../../db/prepared';
import { newestUuidKey, pageBySeek } from '../../db/seek-index';
import {
  companyOrderCounts,
  invoices,
  orderEvents,
  orderLines,
  orderShipments,
  orders,
  products,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { fromCents } from '../../platform/money';
import { companyOf } from '../addresses';
import { availableQuantity, putLinesBack, type CartDeps } from '../cart';
import { findOrder } from './view';

/** Which filters an order list request uses: each combination is its own prepared statement. */
interface OrderListVariant {
  status: boolean;
  search: boolean;
  dateFrom: boolean;
  dateTo: boolean;
  /** Read from a remembered page boundary (seek-index.ts): only without a search or dates. */
  seek: boolean;
}

/**
 * The kept counts of the list (company_order_counts): the company's rows, or its row of the
 * placeholder `status`. Their sum is the list's total, the sum of their versions its version.
 */
const keptCountsOf = (byStatus: boolean) =>
  and(
    eq(companyOrderCounts.companyId, sql.placeholder('companyId')),
    byStatus ? eq(companyOrderCounts.status, sql.placeholder('status')) : undefined,
  );

/**
 * The order list as one statement: the company's count (kept in company_order_counts, or
 * counted when searching or between dates) left joined to the page's orders and their buyers,
 * so an empty page still answers the total. The page's rows come from the index alone: the list
 * indexes (orders_company_created_idx, orders_company_status_created_idx) include every column
 * the page shows (migration 0012), so neither a deep OFFSET nor the page itself reads order rows.
 */
function orderListStatement(db: Db, variant: OrderListVariant, name: string) {
  return preparedSql<OrderListRow>(db, name, () => {
    const companyId = sql.placeholder('companyId');
    const where =
      and(
        eq(orders.companyId, companyId),
        variant.status ? eq(orders.status, sql.placeholder('status')) : undefined,
        variant.search
          ? sql`${orders.orderNumber} ~>=~ ${sql.placeholder('searchFrom')}::text
            and ${orders.orderNumber} ~<~ ${sql.placeholder('searchTo')}::text`
          : undefined,
        variant.dateFrom
          ? gte(orders.createdAt, sql`${sql.placeholder('dateFrom')}::date`)
          : undefined,
        variant.dateTo
          ? lt(orders.createdAt, sql`(${sql.placeholder('dateTo')}::date + interval '1 day')`)
          : undefined,
      ) ?? sql`true`;
    // Without a search or dates the total is kept by the count triggers, and the page is read
    // from the nearer end of the list, the kept count telling.
    const keptCount = !variant.search && !variant.dateFrom && !variant.dateTo;
    const counted = keptCount
      ? sql`(select coalesce(sum(${companyOrderCounts.orders}), 0)::int as "total",
          coalesce(sum(${companyOrderCounts.version}), 0)::text as "version"
          from ${companyOrderCounts} where ${keptCountsOf(variant.status)}) as "counted"`
      : sql`(select count(*)::int as "total", null::text as "version"
          from ${orders} where ${where}) as "counted"`;
    const columns = columnsOf(
      orders.id,
      orders.orderNumber,
      orders.createdAt,
      orders.status,
      orders.paymentMethod,
      orders.totalCents,
      orders.taxCents,
      orders.shippingCents,
      orders.trackingNumber,
      orders.userId,
    );
    const newestFirst = sql`${orders.createdAt} desc, ${orders.id} desc`;
    const page = keptCount
      ? listPage({
          seek: variant.seek,
          columns,
          as: 'page',
          from: sql`${orders}`,
          where,
          newestFirst,
          oldestFirst: sql`${orders.createdAt} asc, ${orders.id} asc`,
          sortKey: sql`(${orders.createdAt}, ${orders.id})`,
          boundary: sql`(${sql.placeholder('seekAt')}::timestamptz, ${sql.placeholder('seekId')}::uuid)`,
          total: sql`(select coalesce(sum(${companyOrderCounts.orders}), 0)::int
            from ${companyOrderCounts} where ${keptCountsOf(variant.status)})`,
          maxLimit: ORDERS_MAX_LIMIT,
        })
      : sql`(select ${columns} from ${orders} where ${where} order by ${newestFirst}
          limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) as "page"`;
    return countedPageSql({
      counted,
      page,
      joins: sql`left join ${users} on ${users.id} = "page"."user_id"`,
      columns: sql`"page"."id", "page"."order_number", "page"."created_at", "page"."status",
        "page"."payment_method", "page"."total_cents", "page"."tax_cents", "page"."shipping_cents",
        "page"."tracking_number", ${users.firstName}, ${users.lastName}`,
      orderBy: sql`"page"."created_at" desc, "page"."id" desc`,
    });
  });
}

/** A row of the order list statement: the count, and one order of the page. */
type OrderListRow = ListRow<
  { total: number; version: string | null },
  {
    id: string;
    order_number: string;
    created_at: string | Date;
    status: OrderStatus;
    payment_method: PaymentMethod;
    total_cents: number;
    tax_cents: number;
    shipping_cents: number;
    tracking_number: string | null;
    first_name: string;
    last_name: string;
  }
>;

/** The order list's page boundaries (seek-index.ts), with or without a status. */
function orderBoundaries(status: boolean): BoundariesOf {
  const companyId = sql.placeholder('companyId');
  return {
    counts: { version: companyOrderCounts.version, where: keptCountsOf(status) },
    rows: {
      from: orders,
      where:
        and(
          eq(orders.companyId, companyId),
          status ? eq(orders.status, sql.placeholder('status')) : undefined,
        ) ?? sql`true`,
      at: orders.createdAt,
      tie: orders.id,
    },
  };
}

/** The company's orders, newest first, one page at a time (counted and paged in the database). */
export async function listOrders(
  db: Db,
  ctx: RequestContext,
  query: OrderListQuery,
): Promise<OrderListResponse> {
  const limit = query.limit ?? ORDERS_PAGE_SIZE;
  const page = query.page ?? 1;
  const offset = (page - 1) * limit;
  const variant: OrderListVariant = {
    status: Boolean(query.status),
    search: Boolean(query.search),
    dateFrom: Boolean(query.date_from),
    dateTo: Boolean(query.date_to),
    seek: false,
  };
  const nameOf = (v: OrderListVariant) =>
    'order_list' +
    (v.status ? '_status' : '') +
    (v.search ? '_search' : '') +
    (v.dateFrom ? '_from' : '') +
    (v.dateTo ? '_to' : '') +
    (v.seek ? '_seek' : '');
  const statementOf = (v: OrderListVariant) => orderListStatement(db, v, nameOf(v));
  const companyId = companyOf(ctx);
  const search = query.search ? prefixRange(query.search) : undefined;
  const values = {
    companyId,
    status: query.status,
    // The order numbers starting with the search, as a range of orders_company_number_idx; an
    // empty range when no string follows the search's (only U+10FFFF: no order number, all
    // digits, starts with it).
    searchFrom: search?.from,
    searchTo: search ? (search.to ?? search.from) : undefined,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    limit,
    offset,
  };
  const plain = () => statementOf(variant)(values);
  const rows =
    variant.search || variant.dateFrom || variant.dateTo
      ? await plain()
      : await pageBySeek({
          db,
          list: `orders:${companyId}:${query.status ?? ''}`,
          offset,
          newest: newestUuidKey,
          plain,
          compute: (every) =>
            listBoundaries(
              db,
              variant.status ? 'order_bounds_status' : 'order_bounds',
              () => orderBoundaries(variant.status),
              { companyId, status: query.status, every },
            ),
          seek: async (boundary, skip) => {
            const page = await statementOf({ ...variant, seek: true })({
              ...values,
              seekAt: boundary.at,
              seekId: boundary.tie,
              skip,
            });
            return { page, version: page[0]?.version ?? null };
          },
        });
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            {
              _id: row.id,
              order_number: row.order_number,
              date: new Date(row.created_at).toISOString(),
              status: row.status,
              payment_method: row.payment_method,
              order_value: fromCents(row.total_cents),
              tax_amount: fromCents(row.tax_cents),
              shipping_amount: fromCents(row.shipping_cents),
              tracking_number: row.tracking_number,
              placed_by: `${row.first_name} ${row.last_name}`,
            },
          ],
    ),
    total,
    page,
    totalPage: Math.ceil(total / limit),
  };
}

/**
 * SPEC section 4's progress labels, each with the moment the order's history reached it:
 * placed and awaiting payment when created, payment received when paid, processing when it
 * moved there, shipping on the way when the first parcel left, shipped when completed.
 */
export async function orderProgress(
  db: Executor,
  ctx: RequestContext,
  orderId: string,
): Promise<OrderHistoryDetail> {
  const order = await findOrder(db, orderId, companyOf(ctx));
  const [events, [invoice], [firstShipment]] = await Promise.all([
    db
      .select({ status: orderEvents.status, at: orderEvents.createdAt })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({ id: invoices.id, number: invoices.invoiceNumber })
      .from(invoices)
      .where(eq(invoices.orderId, order.id)),
    db
      .select({ at: orderShipments.createdAt })
      .from(orderShipments)
      .where(eq(orderShipments.orderId, order.id))
      .orderBy(asc(orderShipments.createdAt))
      .limit(1),
  ]);
  const firstAt = (status: OrderStatus) =>
    events.find((event) => event.status === status)?.at.toISOString() ?? null;
  const placedAt = order.createdAt.toISOString();
  const progress: OrderProgress = [
    { step: 'order_placed', reached_at: placedAt },
    { step: 'awaiting_payment', reached_at: firstAt('pending') ?? placedAt },
    { step: 'payment_received', reached_at: order.paidAt?.toISOString() ?? null },
    { step: 'processing', reached_at: firstAt('processing') },
    { step: 'shipping_on_the_way', reached_at: firstShipment?.at.toISOString() ?? null },
    { step: 'shipped', reached_at: firstAt('completed') },
  ];
  return {
    progress_steps: progress,
    invoice: invoice ? { _id: invoice.id, invoice_number: invoice.number } : null,
  };
}

/**
 * Puts an order's lines back in the caller's cart at today's prices (the cart prices from the
 * catalog), each bounded by what is available now; lines that could not come back in full are
 * reported.
 */
export async function reorder(
  deps: CartDeps,
  ctx: RequestContext,
  orderId: string,
): Promise<ReorderResponse> {
  const order = await findOrder(deps.db, orderId, companyOf(ctx));
  const lines = await deps.db
    .select({
      productId: orderLines.productId,
      quantity: orderLines.quantity,
      sku: orderLines.sku,
      title: orderLines.title,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const stock = await deps.db
    .select({
      id: products.id,
      isActive: products.isActive,
      isInStock: products.isInStock,
      quantity: products.quantity,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((line) => line.productId),
      ),
    );
  const cart: CartResponse = await putLinesBack(deps, ctx, lines);
  const unavailable = lines.flatMap((line) => {
    const product = stock.find((row) => row.id === line.productId);
    const added = product?.isActive ? Math.min(line.quantity, availableQuantity(product)) : 0;
    return added < line.quantity
      ? [{ sku: line.sku, title: line.title, requested: line.quantity, added }]
      : [];
  });
  return { cart, unavailable };
}
